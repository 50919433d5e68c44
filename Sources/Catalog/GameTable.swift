import Foundation
import TimeAndPlace

/// The games of one league, compact and sorted by date, as read from `games-<league>.tsv` (format: docs/DATA.md).
///
/// Games are kept as integer records and turned into ``Game`` values only when a query returns them, and each
/// calendar year's records are parsed when a query first reaches that year: matching a photo reads a year of each
/// league, not the quarter of a million games every command would otherwise parse at its start.
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
    private(set) var sources: [String]
    /// The years with games, in order, each with the position of its first game in the table.
    private var years: [YearSlot]
    /// How many games the table holds.
    private(set) var count: Int
    /// By catalog position, whether the league's games are played at a venue.
    private var playedAt: [Bool]

    private struct YearSlot: Sendable {
        var firstIndex: Int
        /// Days since 1970 of the year's January 1st.
        let firstDay: Int32
        var games: YearOfGames

        init(games: YearOfGames) {
            (firstIndex, self.games) = (0, games)
            firstDay = Int32(LocalDate(year: games.year, month: 1, day: 1)!.daysSinceEpoch)
        }
    }

    /// A table whose years are parsed from `file` when first read, its venues and teams turned into positions in the
    /// catalog's arrays by `venueIndex` and `teamIndex`.
    init(file: GameFile, venueIndex: [String: Int], teamIndex: [String: Int]) throws(CatalogError) {
        func positions(_ ids: [String], in index: [String: Int], _ kind: String) throws(CatalogError) -> [UInt16] {
            var result: [UInt16] = []
            for id in ids {
                guard let position = index[id] else {
                    throw .malformedGames(league: file.league, line: 0, reason: "unknown \(kind) \(id)")
                }
                result.append(UInt16(position))
            }
            return result
        }
        let venuePositions = try positions(file.venues, in: venueIndex, "venue")
        let teamPositions = try positions(file.teams, in: teamIndex, "team")
        league = file.league
        sources = file.sources
        playedAt = Array(repeating: false, count: venueIndex.count)
        for venue in venuePositions { playedAt[Int(venue)] = true }
        years = file.years.map { year in
            YearSlot(games: YearOfGames(year: year, of: file, venuePositions: venuePositions, teamPositions: teamPositions))
        }
        count = 0
        renumber()
    }

    private mutating func renumber() {
        count = 0
        for index in years.indices {
            years[index].firstIndex = count
            count += years[index].games.count
        }
    }

    /// The record at a position.
    subscript(index: Int) -> Record {
        let slot = years[slotPosition(containing: index)]
        return slot.games.records[index - slot.firstIndex]
    }

    /// Every record, in order: every year parsed (for figures over the whole index).
    var allRecords: [Record] { years.flatMap(\.games.records) }

    /// The records on days `first...last`, with their positions.
    func records(from first: Int32, through last: Int32) -> [(index: Int, record: Record)] {
        var found: [(index: Int, record: Record)] = []
        forEachRecord(from: first, through: last) { found.append(($0, $1)) }
        return found
    }

    /// Calls `body` with each game at the venue at catalog position `venue` on days `first...last` and its position,
    /// by day: the matcher's path, which allocates nothing. `body` must not read this table.
    func forEachGame(atVenue venue: Int, from first: Int32, through last: Int32, _ body: (Int, Record) -> Void) {
        guard playedAt[venue] else { return }
        forEachRecord(from: first, through: last) { index, record in
            if record.venue == venue { body(index, record) }
        }
    }

    /// Calls `body` with each record on days `first...last` and its position, in order; the year being read is
    /// locked meanwhile.
    private func forEachRecord(from first: Int32, through last: Int32, _ body: (Int, Record) -> Void) {
        var position = slotPosition(onOrBefore: first) ?? 0
        while position < years.count, years[position].firstDay <= last {
            let firstIndex = years[position].firstIndex
            years[position].games.withRecords { records in
                var offset = Self.lowerBound(first, in: records)
                while offset < records.count, records[offset].day <= last {
                    body(firstIndex + offset, records[offset])
                    offset += 1
                }
            }
            position += 1
        }
    }

    /// The position of the first record on or after `day` (the count when there is none).
    func lowerBound(_ day: Int32) -> Int {
        guard let position = slotPosition(onOrBefore: day) else { return 0 }
        let slot = years[position]
        return slot.firstIndex + slot.games.withRecords { Self.lowerBound(day, in: $0) }
    }

    /// The position of the game a team hosted on a day, by its number in a doubleheader.
    func index(ofHome home: UInt16, on day: LocalDate, number: Int) -> Int? {
        let day = Int32(day.daysSinceEpoch)
        return records(from: day, through: day).first { $0.record.home == home && Int($0.record.gameNumber) == number }?.index
    }

    /// The index of a source's name, added when new (the bundled index has a handful).
    mutating func source(named name: String) -> UInt8 {
        if let index = sources.firstIndex(of: name) { return UInt8(index) }
        sources.append(name)
        return UInt8(sources.count - 1)
    }

    /// Adds records, keeping the table sorted by day (after the records of the same day it has).
    mutating func insert(_ added: [Record]) {
        for (year, records) in Dictionary(grouping: added, by: { LocalDate(daysSinceEpoch: Int($0.day)).year }) {
            let records = records.sorted { $0.day < $1.day }
            if let position = years.firstIndex(where: { $0.games.year == year }) {
                years[position].games = YearOfGames(year: year, records: Self.merge(years[position].games.records, records))
            } else {
                let position = years.firstIndex { $0.games.year > year } ?? years.endIndex
                years.insert(YearSlot(games: YearOfGames(year: year, records: records)), at: position)
            }
            for record in records { playedAt[Int(record.venue)] = true }
        }
        renumber()
    }

    /// Sets the final score of the record at `index` (a score found for a game bundled without one).
    mutating func setScore(home: Int, away: Int, at index: Int) {
        update(at: index) {
            $0.homeScore = Int16(clamping: home)
            $0.awayScore = Int16(clamping: away)
        }
    }

    /// Sets the start of the record at `index` (a start found for a game bundled without one).
    mutating func setStart(_ start: Date, at index: Int) { update(at: index) { $0.start = Int64(start.timeIntervalSince1970) } }

    /// Changes one record; its year is copied first when another table shares it (the bundled catalog and a copy
    /// with a library's additions), once, not at every change.
    private mutating func update(at index: Int, _ change: (inout Record) -> Void) {
        let position = slotPosition(containing: index)
        if !isKnownUniquelyReferenced(&years[position].games) {
            years[position].games = YearOfGames(year: years[position].games.year, records: years[position].games.records)
        }
        years[position].games.update(at: index - years[position].firstIndex, change)
    }

    /// The last year starting on or before `day`; nil when every year starts after it.
    private func slotPosition(onOrBefore day: Int32) -> Int? {
        let next = years.partitionPoint { $0.firstDay > day }
        return next == 0 ? nil : next - 1
    }

    private func slotPosition(containing index: Int) -> Int { years.partitionPoint { $0.firstIndex > index } - 1 }

    /// The first position in `records` (sorted by day) on or after `day`.
    private static func lowerBound(_ day: Int32, in records: UnsafeBufferPointer<Record>) -> Int {
        records.partitionPoint { $0.day >= day }
    }

    /// `added` (sorted by day) merged into `records`, each after the records of its day already there.
    private static func merge(_ records: [Record], _ added: [Record]) -> [Record] {
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
        return merged + added[next...]
    }
}
