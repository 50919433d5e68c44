import Foundation

/// One calendar year of a league's games, parsed from the game file the first time they are read (by whichever
/// thread reads first; the others wait for it).
///
/// The file's layout was checked when it was opened; a year whose lines then fail to parse means a damaged install,
/// and stops the program with the file and line rather than answering without those games.
final class YearOfGames: @unchecked Sendable {  // `lock` guards `source` and `parsed`
    let year: Int
    let count: Int
    private let lock = NSLock()
    /// Where the year's lines are and how to read them, until they are parsed.
    private var source: (file: GameFile, year: GameFile.Year, venuePositions: [UInt16], teamPositions: [UInt16])?
    private var parsed: [GameTable.Record] = []

    init(year: GameFile.Year, of file: GameFile, venuePositions: [UInt16], teamPositions: [UInt16]) {
        (self.year, count) = (year.year, year.count)
        source = (file, year, venuePositions, teamPositions)
    }

    /// A year made of records already at hand (games a library's overlay added, or a year it changed).
    init(year: Int, records: [GameTable.Record]) {
        (self.year, count, parsed) = (year, records.count, records)
    }

    /// The year's records, sorted by day.
    var records: [GameTable.Record] {
        lock.withLock {
            parse()
            return parsed
        }
    }

    /// Calls `body` with the year's records, sorted by day, without copying them or counting a reference to them.
    func withRecords<T>(_ body: (UnsafeBufferPointer<GameTable.Record>) -> T) -> T {
        lock.withLock {
            parse()
            return parsed.withUnsafeBufferPointer(body)
        }
    }

    /// Changes the record at `offset` in place: only for a year no other table holds.
    func update(at offset: Int, _ change: (inout GameTable.Record) -> Void) {
        lock.withLock {
            parse()
            change(&parsed[offset])
        }
    }

    /// Call with `lock` held.
    private func parse() {
        if let (file, year, venuePositions, teamPositions) = source {
            do {
                parsed = try file.records(of: year, venuePositions: venuePositions, teamPositions: teamPositions)
            } catch {
                fatalError("StadiumLog's catalog is damaged (\(error)); reinstall StadiumLog")
            }
            source = nil
        }
    }
}
