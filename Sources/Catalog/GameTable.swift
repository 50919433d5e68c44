import Foundation
import TimeAndPlace

/// The games of one league, compact and sorted by date, as read from `games-<league>.tsv` (format: docs/DATA.md).
///
/// Games are kept as integer records and turned into ``Game`` values only when a query returns them: the whole
/// index (a quarter of a million games) loads in milliseconds and stays small.
struct GameTable: Sendable {
    /// Fields ordered widest first, so a record takes 32 bytes.
    struct Record: Sendable {
        var start: Int64
        var day: Int32
        var venue: UInt16
        var home: UInt16
        var away: UInt16
        var homeScore: Int16
        var awayScore: Int16
        var season: Int16
        /// Length of the game in minutes (0 when unknown).
        var minutes: UInt16 = 0
        var gameNumber: UInt8
        var dayNight: UInt8
        var postseason: Bool
        var neutral: Bool
        var source: UInt8
        static let none: Int16 = -1
        static let noStart = Int64.min
    }

    let league: LeagueID
    /// Sorted by day.
    private(set) var records: [Record]
    private(set) var sources: [String]
    /// The venue and team ids of the file's `@venue` and `@team` lines, until ``resolve(venueIndex:teamIndex:)``.
    private var fileVenues: [String]
    private var fileTeams: [String]

    static let format = "#stadiumlog-games 2"

    /// Parses a game file. Its rows name venues and teams by position in the file's own `@venue` and `@team` lines;
    /// they are turned into positions in the catalog's arrays by ``resolve(venueIndex:teamIndex:)``, so files can be
    /// parsed while the catalog's venues and teams are still being read.
    init(league: LeagueID, data: Data) throws(CatalogError) {
        self.league = league
        var parser = Parser(league: league)
        let result = data.withUnsafeBytes { bytes in
            Result { () throws(CatalogError) in try parser.parse(bytes) }
        }
        try result.get()
        guard zip(parser.records, parser.records.dropFirst()).allSatisfy({ $0.day <= $1.day }) else {
            throw .malformedGames(league: league, line: 0, reason: "games are not sorted by date")
        }
        records = parser.records
        sources = parser.sources
        fileVenues = parser.venues
        fileTeams = parser.teams
    }

    /// Turns the file's venue and team positions into positions in the catalog's arrays.
    mutating func resolve(venueIndex: [String: Int], teamIndex: [String: Int]) throws(CatalogError) {
        func positions(_ ids: [String], in index: [String: Int], _ kind: String) throws(CatalogError) -> [UInt16] {
            var result: [UInt16] = []
            for id in ids {
                guard let position = index[id] else {
                    throw .malformedGames(league: league, line: 0, reason: "unknown \(kind) \(id)")
                }
                result.append(UInt16(position))
            }
            return result
        }
        let venues = try positions(fileVenues, in: venueIndex, "venue")
        let teams = try positions(fileTeams, in: teamIndex, "team")
        (fileVenues, fileTeams) = ([], [])
        records.withUnsafeMutableBufferPointer { records in
            for index in records.indices {
                records[index].venue = venues[Int(records[index].venue)]
                records[index].home = teams[Int(records[index].home)]
                records[index].away = teams[Int(records[index].away)]
            }
        }
    }

    /// The index of a source's name, added when new (the bundled index has a handful).
    mutating func source(named name: String) -> UInt8 {
        if let index = sources.firstIndex(of: name) { return UInt8(index) }
        sources.append(name)
        return UInt8(sources.count - 1)
    }

    /// Adds records, keeping the table sorted by day (after the records of the same day it has): one merge.
    mutating func insert(_ added: [Record]) {
        let added = added.sorted { $0.day < $1.day }
        var merged: [Record] = []
        merged.reserveCapacity(records.count + added.count)
        var next = added.startIndex
        for record in records {
            while next < added.endIndex, added[next].day < record.day {
                merged.append(added[next])
                next += 1
            }
            merged.append(record)
        }
        merged += added[next...]
        records = merged
    }

    /// Sets the final score of the record at `index` (a score found for a game bundled without one).
    mutating func setScore(home: Int, away: Int, at index: Int) {
        records[index].homeScore = Int16(clamping: home)
        records[index].awayScore = Int16(clamping: away)
    }

    /// Sets the start of the record at `index` (a start found for a game bundled without one).
    mutating func setStart(_ start: Date, at index: Int) { records[index].start = Int64(start.timeIntervalSince1970) }

    /// The position of the game a team hosted on a day, by its number in a doubleheader.
    func index(ofHome home: UInt16, on day: LocalDate, number: Int) -> Int? {
        let low = lowerBound(Int32(day.daysSinceEpoch))
        let high = lowerBound(Int32(day.daysSinceEpoch) + 1)
        return (low..<high).first { records[$0].home == home && Int(records[$0].gameNumber) == number }
    }

    /// The records on days `first...last`.
    func records(from first: LocalDate, through last: LocalDate) -> ArraySlice<Record> {
        let low = lowerBound(Int32(first.daysSinceEpoch))
        let high = lowerBound(Int32(last.daysSinceEpoch) + 1)
        return records[low..<high]
    }

    /// The position of the first record on or after `day` (the count when there is none).
    func lowerBound(_ day: Int32) -> Int {
        var low = 0
        var high = records.count
        while low < high {
            let middle = (low + high) / 2
            if records[middle].day < day { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// A single pass over the file's bytes: no per-line allocation, dates converted once per distinct day.
private struct Parser {
    let league: LeagueID
    var records: [GameTable.Record] = []
    var sources: [String] = []
    private(set) var venues: [String] = []
    private(set) var teams: [String] = []
    private var lineNumber = 0
    private var lastDate = (text: -1, days: Int32(0))

    init(league: LeagueID) { self.league = league }

    private func fail(_ reason: String) -> CatalogError { .malformedGames(league: league, line: lineNumber, reason: reason) }

    mutating func parse(_ bytes: UnsafeRawBufferPointer) throws(CatalogError) {
        let buffer = bytes.bindMemory(to: UInt8.self)
        records.reserveCapacity(buffer.count / 40)  // about 42 bytes a line
        var start = 0
        while start < buffer.count {
            lineNumber += 1
            var end = start
            while end < buffer.count && buffer[end] != 0x0A { end += 1 }
            let line = UnsafeBufferPointer(rebasing: buffer[start..<end])
            start = end + 1
            guard let first = line.first else { continue }
            if lineNumber == 1 {
                guard String(decoding: line, as: UTF8.self) == GameTable.format else {
                    throw fail("not a \(GameTable.format) file")
                }
            } else if first == UInt8(ascii: "@") {
                try table(line)
            } else if first != UInt8(ascii: "#") {
                try game(line)
            }
        }
    }

    private mutating func table(_ line: UnsafeBufferPointer<UInt8>) throws(CatalogError) {
        let fields = line.split(separator: 0x09).map { String(decoding: $0, as: UTF8.self) }
        switch fields.first {
        case "@venue": venues = Array(fields.dropFirst())
        case "@team": teams = Array(fields.dropFirst())
        case "@source": sources = Array(fields.dropFirst())
        default: throw fail("unknown table \(fields.first ?? "")")
        }
    }

    private mutating func game(_ line: UnsafeBufferPointer<UInt8>) throws(CatalogError) {
        var fields = FieldReader(line)
        guard let dateText = fields.integer(), let number = fields.integer(), let venue = fields.integer(),
            let home = fields.integer(), let away = fields.integer()
        else { throw fail("expected date, game number, venue, home and away") }
        let homeScore = fields.integer()
        let awayScore = fields.integer()
        let start = fields.integer()
        let dayNight = fields.character()
        let seasonType = fields.character()
        guard let season = fields.integer(), let neutral = fields.integer(), let source = fields.integer(),
            venue < venues.count, home < teams.count, away < teams.count, source < sources.count
        else { throw fail("malformed game") }
        let minutes = fields.integer().map { UInt16(clamping: $0) } ?? 0
        if dateText != lastDate.text {
            guard let date = LocalDate(year: dateText / 10_000, month: dateText / 100 % 100, day: dateText % 100) else {
                throw fail("bad date \(dateText)")
            }
            lastDate = (dateText, Int32(date.daysSinceEpoch))
        }
        records.append(
            GameTable.Record(
                start: start.map(Int64.init) ?? GameTable.Record.noStart, day: lastDate.days, venue: UInt16(venue),
                home: UInt16(home), away: UInt16(away), homeScore: homeScore.map(Int16.init) ?? GameTable.Record.none,
                awayScore: awayScore.map(Int16.init) ?? GameTable.Record.none, season: Int16(season), minutes: minutes,
                gameNumber: UInt8(number), dayNight: dayNight, postseason: seasonType == UInt8(ascii: "P"),
                neutral: neutral == 1, source: UInt8(source)))
    }
}

/// Reads the tab-separated fields of one line: integers (nil for `-`) and single characters (0 for `-`).
private struct FieldReader {
    let line: UnsafeBufferPointer<UInt8>
    var position = 0

    init(_ line: UnsafeBufferPointer<UInt8>) { self.line = line }

    private mutating func next() -> Range<Int> {
        let start = position
        while position < line.count && line[position] != 0x09 { position += 1 }
        defer { if position < line.count { position += 1 } }
        return start..<position
    }

    mutating func integer() -> Int? {
        let range = next()
        guard !range.isEmpty else { return nil }
        var value = 0
        for index in range {
            let digit = line[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }

    mutating func character() -> UInt8 {
        let range = next()
        guard !range.isEmpty, line[range.lowerBound] != UInt8(ascii: "-") else { return 0 }
        return line[range.lowerBound]
    }
}
