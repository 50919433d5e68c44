import Foundation
import TimeAndPlace

/// The text of a `games-<league>.tsv` file (format: docs/DATA.md): its lines before the games are read at once, its
/// games a calendar year at a time, when a query first reaches that year.
struct GameFile: Sendable {
    static let format = "#stadiumlog-games 3"

    /// Where one year's games are in the file.
    struct Year: Sendable {
        let year: Int
        let count: Int
        let bytes: Range<Int>
        /// The file's line number of the year's first game, for messages.
        let firstLine: Int
    }

    let league: LeagueID
    let data: Data
    /// The venue and team ids the games name by position, and the sources.
    private(set) var venues: [String] = []
    private(set) var teams: [String] = []
    private(set) var sources: [String] = []
    /// The years with games, in order.
    private(set) var years: [Year] = []

    /// Reads the lines before the games and finds each year's: from the file's `@years` line when it has one (the
    /// build writes it), else by a pass over the games' dates (a file written by hand).
    init(league: LeagueID, data: Data) throws(CatalogError) {
        self.league = league
        self.data = data
        let result = data.withUnsafeBytes { raw in
            Result { () throws(CatalogError) in try readHeader(raw.bindMemory(to: UInt8.self)) }
        }
        try result.get()
    }

    private func fail(line: Int, _ reason: String) -> CatalogError { .malformedGames(league: league, line: line, reason: reason) }

    private mutating func readHeader(_ bytes: UnsafeBufferPointer<UInt8>) throws(CatalogError) {
        var start = 0
        var line = 0
        var listed: [(year: Int, count: Int, size: Int)]?
        while start < bytes.count {
            let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
            if line == 0 {
                guard String(decoding: text, as: UTF8.self) == Self.format else { throw fail(line: 1, "not a \(Self.format) file") }
            } else if text.first == UInt8(ascii: "@") {
                let fields = text.split(separator: 0x09).map { String(decoding: $0, as: UTF8.self) }
                switch fields[0] {
                case "@venue": venues = Array(fields.dropFirst())
                case "@team": teams = Array(fields.dropFirst())
                case "@source": sources = Array(fields.dropFirst())
                case "@years":
                    listed = []
                    for field in fields.dropFirst() {
                        let parts = field.split(separator: ":").compactMap { Int($0) }
                        guard parts.count == 3 else { throw fail(line: line + 1, "bad year \(field)") }
                        listed?.append((parts[0], parts[1], parts[2]))
                    }
                default: throw fail(line: line + 1, "unknown table \(fields[0])")
                }
            } else if text.first != UInt8(ascii: "#") {
                break
            }
            line += 1
            start = min(end + 1, bytes.count)
        }
        if let listed {
            years = try place(listed, from: start, line: line + 1, in: bytes)
        } else {
            years = try findYears(from: start, line: line + 1, in: bytes)
        }
    }

    /// The listed years, checked against the text: each begins a line with its own year, and they end with the file.
    private func place(
        _ listed: [(year: Int, count: Int, size: Int)], from start: Int, line: Int, in bytes: UnsafeBufferPointer<UInt8>
    ) throws(CatalogError) -> [Year] {
        var years: [Year] = []
        var (offset, line) = (start, line)
        for (year, count, size) in listed {
            let end = offset + size
            guard count > 0, size > 0, end <= bytes.count, bytes[end - 1] == 0x0A, Self.year(at: offset, in: bytes) == year,
                years.last.map({ $0.year < year }) ?? true
            else { throw fail(line: line, "the @years line does not match the games (\(year))") }
            years.append(Year(year: year, count: count, bytes: offset..<end, firstLine: line))
            (offset, line) = (end, line + count)
        }
        guard offset == bytes.count else { throw fail(line: line, "the @years line does not match the games") }
        return years
    }

    /// Each year's games found by reading the date at the start of every line.
    private func findYears(from start: Int, line: Int, in bytes: UnsafeBufferPointer<UInt8>) throws(CatalogError) -> [Year] {
        var years: [Year] = []
        var (offset, line) = (start, line)
        while offset < bytes.count {
            let end = (bytes[offset...].firstIndex(of: 0x0A) ?? bytes.count - 1) + 1
            guard end - offset > 1 else {
                (offset, line) = (end, line + 1)
                continue
            }
            guard let year = Self.year(at: offset, in: bytes) else { throw fail(line: line, "expected a game") }
            if let last = years.last, last.year == year {
                years[years.count - 1] = Year(
                    year: year, count: last.count + 1, bytes: last.bytes.lowerBound..<end, firstLine: last.firstLine)
            } else {
                guard years.last.map({ $0.year < year }) ?? true else { throw fail(line: line, "games are not sorted by date") }
                years.append(Year(year: year, count: 1, bytes: offset..<end, firstLine: line))
            }
            (offset, line) = (end, line + 1)
        }
        return years
    }

    /// The four digits of the year a game's line starts with.
    private static func year(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        offset + 4 <= bytes.count ? bytes.decimalNumber(at: offset..<offset + 4) : nil
    }

    /// One year's games, their venues and teams turned into the catalog's positions by `venuePositions` and
    /// `teamPositions` (indexed by the file's); sorted by day, all of that year, as many as listed.
    func records(of year: Year, venuePositions: [UInt16], teamPositions: [UInt16]) throws(CatalogError) -> [GameTable.Record] {
        var reader = GameLineReader(
            league: league, firstLine: year.firstLine, venues: venuePositions, teams: teamPositions, sourceCount: sources.count)
        let result = data.withUnsafeBytes { raw in
            Result { () throws(CatalogError) in try reader.read(UnsafeBufferPointer(rebasing: raw.bindMemory(to: UInt8.self)[year.bytes])) }
        }
        let records = try result.get()
        let first = Int32(LocalDate(year: year.year, month: 1, day: 1)!.daysSinceEpoch)
        let next = Int32(LocalDate(year: year.year + 1, month: 1, day: 1)!.daysSinceEpoch)
        guard records.count == year.count, records.first!.day >= first, records.last!.day < next,
            zip(records, records.dropFirst()).allSatisfy({ $0.day <= $1.day })
        else { throw fail(line: year.firstLine, "the games of \(year.year) are not \(year.count) games of that year in date order") }
        return records
    }
}

/// A single pass over a year's lines: no per-line allocation, dates converted once per distinct day.
private struct GameLineReader {
    let league: LeagueID
    var line: Int
    let venues: [UInt16]
    let teams: [UInt16]
    let sourceCount: Int
    private var records: [GameTable.Record] = []
    private var lastDate = (text: -1, days: Int32(0))

    init(league: LeagueID, firstLine: Int, venues: [UInt16], teams: [UInt16], sourceCount: Int) {
        (self.league, line, self.venues, self.teams, self.sourceCount) = (league, firstLine, venues, teams, sourceCount)
    }

    private func fail(_ reason: String) -> CatalogError { .malformedGames(league: league, line: line, reason: reason) }

    mutating func read(_ buffer: UnsafeBufferPointer<UInt8>) throws(CatalogError) -> [GameTable.Record] {
        records.reserveCapacity(buffer.count / 40)  // about 42 bytes a line
        var start = 0
        while start < buffer.count {
            var end = start
            while end < buffer.count && buffer[end] != 0x0A { end += 1 }
            if end > start { try game(UnsafeBufferPointer(rebasing: buffer[start..<end])) }
            start = end + 1
            line += 1
        }
        return records
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
            venue < venues.count, home < teams.count, away < teams.count, source < sourceCount
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
                start: start.map(Int64.init) ?? GameTable.Record.noStart, day: lastDate.days, venue: venues[venue],
                home: teams[home], away: teams[away], homeScore: homeScore.map(Int16.init) ?? GameTable.Record.none,
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
        return range.isEmpty ? nil : line.decimalNumber(at: range)
    }

    mutating func character() -> UInt8 {
        let range = next()
        guard !range.isEmpty, line[range.lowerBound] != UInt8(ascii: "-") else { return 0 }
        return line[range.lowerBound]
    }
}
