import Foundation
import Testing
import TimeAndPlace

@testable import Catalog

@Suite("Game files read a year at a time")
struct GameFileTests {
    static let bundled = try! Catalog.bundled()

    /// A copy of the bundled catalog's folder with the NFL's game file changed by `edit`.
    func catalogFolder(editingNFL edit: (String) -> String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-games-\(UUID())")
        try FileManager.default.copyItem(at: try Catalog.bundledDirectory(), to: folder)
        let file = folder.appendingPathComponent("games-nfl.tsv")
        try edit(try String(contentsOf: file, encoding: .utf8)).write(to: file, atomically: true, encoding: .utf8)
        return folder
    }

    func nfl(_ catalog: Catalog) -> GameTable { catalog.tables.first { $0.league == "nfl" }! }

    @Test("Years found from the dates when the file does not list them are the same games as the listed years")
    func unlistedYears() throws {
        let folder = try catalogFolder { text in
            text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("@years") }.joined(separator: "\n")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let unlisted = nfl(try Catalog(directory: folder))
        let listed = nfl(Self.bundled)
        #expect(unlisted.count == listed.count && unlisted.count > 7_000)
        #expect(unlisted.allRecords.map(\.day) == listed.allRecords.map(\.day))
        #expect(unlisted.allRecords.map(\.home) == listed.allRecords.map(\.home))
        let newYear = Int32(LocalDate("2015-01-01")!.daysSinceEpoch)
        #expect(unlisted.lowerBound(newYear) == listed.lowerBound(newYear))
    }

    @Test("A @years line that does not match the games is refused when the catalog is opened, naming the file and line")
    func mismatchedYears() throws {
        for (label, edit) in [
            ("a year a byte longer", { (line: String) in line.replacingOccurrences(of: "2000:252:12525", with: "2000:252:12526") }),
            ("a year that is not the next line's", { $0.replacingOccurrences(of: "@years\t2000:", with: "@years\t1999:") }),
            ("a year left out", { $0.replacingOccurrences(of: "\t2025:[0-9]+:[0-9]+", with: "", options: .regularExpression) }),
            ("a year not written as one", { $0.replacingOccurrences(of: "\t2025:", with: "\tx2025:") }),
        ] {
            let folder = try catalogFolder(editingNFL: edit)
            defer { try? FileManager.default.removeItem(at: folder) }
            #expect(throws: CatalogError.self, "\(label)") { try Catalog(directory: folder) }
            do {
                _ = try Catalog(directory: folder)
            } catch {
                guard case .malformedGames(let league, let line, _) = error else {
                    Issue.record("\(label): \(error)")
                    continue
                }
                #expect(league == "nfl" && line > 0, "\(label): \(error)")
            }
        }
    }

    @Test("Changing a copy's games (a library's scores, starts and added seasons) leaves the bundled catalog as it was")
    func copiesAreValues() throws {
        let original = nfl(Self.bundled)
        var table = original
        let day = Int32(LocalDate("2015-09-13")!.daysSinceEpoch)
        let first = try #require(table.records(from: day, through: day).first)
        table.setScore(home: 99, away: 98, at: first.index)
        table.setStart(Date(timeIntervalSince1970: 1_000_000_000), at: first.index)
        #expect(table[first.index].homeScore == 99 && table[first.index].start == 1_000_000_000)
        #expect(original[first.index].homeScore == first.record.homeScore && original[first.index].start == first.record.start)

        var added = first.record
        added.day = Int32(LocalDate("2031-10-05")!.daysSinceEpoch)
        var earlier = first.record
        earlier.day = day
        earlier.gameNumber = 7
        table.insert([added, earlier])
        #expect(table.count == original.count + 2 && original.count == Self.bundled.tables.first { $0.league == "nfl" }!.count)
        #expect(table[table.count - 1].day == added.day && table.lowerBound(added.day) == table.count - 1)
        let sameDay = table.records(from: day, through: day)
        #expect(sameDay.last?.record.gameNumber == 7, "added after the games of its day")
        #expect(sameDay.map(\.index) == Array(first.index..<first.index + sameDay.count))
        #expect(table[first.index].homeScore == 99, "a changed year keeps its change when games are added to it")
    }
}

extension GameFileTests {
    @Test("Years first read by many threads at once give each the same games as one thread reading them in turn")
    func concurrentFirstReads() async throws {
        let fresh = try Catalog(directory: try Catalog.bundledDirectory())  // its own years, none read yet
        let venues = Array(fresh.venues.indices.filter { fresh.venues[$0].coordinate != nil }.prefix(64))
        let days = stride(from: LocalDate("2001-04-01")!.daysSinceEpoch, to: LocalDate("2024-12-31")!.daysSinceEpoch, by: 97)
        func facts(_ catalog: Catalog) -> [String] {
            days.flatMap { day in
                venues.flatMap { venue in
                    catalog.gameFacts(atVenue: venue, from: day - 1, through: day + 1, league: nil).map { "\($0.reference)@\($0.day)" }
                }
            }
        }
        let expected = facts(Self.bundled)
        #expect(expected.count > 100)
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 { group.addTask { facts(fresh) } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 8 && results.allSatisfy { $0 == expected })
    }
}

extension GameFileTests {
    @Test("A league is its record and its game file: either one alone is named when the catalog is opened")
    func leagueWithoutGames() throws {
        let folder = try catalogFolder { $0 }
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try Catalog.leagueIDs(in: folder) == ["mlb", "nba", "nfl", "nhl"])
        let games = folder.appendingPathComponent("games-nfl.tsv")
        let other = folder.appendingPathComponent("games-xfl.tsv")
        try FileManager.default.moveItem(at: games, to: other)
        #expect(throws: CatalogError.missingResource(path: "games-nfl.tsv")) { try Catalog(directory: folder) }
        try FileManager.default.copyItem(at: other, to: games)
        #expect(throws: CatalogError.unreadable(path: "games-xfl.tsv", reason: "leagues.json has no league xfl")) {
            try Catalog(directory: folder)
        }
    }
}
