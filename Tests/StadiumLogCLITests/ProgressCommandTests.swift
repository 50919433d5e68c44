import Foundation
import GRDB
import Testing

@Suite("stadiumlog progress and visits edit/delete")
struct ProgressCommandTests {
    /// A library with the matching photos imported: visits at SBC Park, the old Yankee Stadium, Rogers Arena,
    /// Fenway Park and Dodger Stadium.
    func importedLibrary() throws -> LibraryProcessTests.Library {
        let library = LibraryProcessTests.Library()
        let output = try CLI.run("import", "TestImages/matching", "--library", library.folder.path)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("achievement earned: First Gate (2005-06-07)"))
        return library
    }

    func visitId(_ library: LibraryProcessTests.Library, venue: String) throws -> String {
        let output = try CLI.run("visits", "--library", library.folder.path, "--format", "json")
        let visits = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        return try #require(visits.first { $0["venueName"] as? String == venue }?["id"] as? String)
    }

    @Test("Progress counts current venues per league for the sport played, in text and JSON")
    func progress() throws {
        let library = try importedLibrary()
        let text = try CLI.run("progress", "--library", library.folder.path, "--today", "2025-07-01")
        #expect(text.status == 0)
        #expect(
            text.stdout.contains("MLB  ") && text.stdout.contains("6/30 venues"),
            "SBC/Oracle, Fenway, Dodger Stadium, Citi Field, Chase Field, Busch Stadium (the 1923 Yankee Stadium is closed)")
        #expect(text.stdout.contains("NHL  ") && text.stdout.contains("2/32 venues"), "Rogers Arena, American Airlines Center")
        #expect(text.stdout.contains("Fenway Faithful"))
        // Each division names what it still holds: the AL East (Fenway seen) lists the other four, not Fenway.
        let lines = text.stdout.split(separator: "\n").map(String.init)
        let east = try #require(lines.firstIndex { $0.hasPrefix("  AL East") })
        #expect(lines[east].contains("1/5"))
        #expect(lines[east + 1].hasPrefix("      to visit: ") && lines[east + 1].contains("Yankee Stadium"), "\(lines[east + 1])")
        #expect(!lines[east + 1].contains("Fenway Park"))
        #expect(lines[east + 1].split(separator: ",").count == 4)
        let json = try CLI.run(
            "progress", "--library", library.folder.path, "--format", "json", "--sport", "nhl",
            "--today", "2025-07-01")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let leagues = try #require((object["progress"] as? [String: Any])?["leagues"] as? [[String: Any]])
        #expect(leagues.count == 1 && (leagues[0]["league"] as? [String: Any])?["total"] as? Int == 32)
        #expect((object["achievements"] as? [[String: Any]])?.contains { $0["id"] as? String == "achievement_venues_1" } == true)
        let firstVisits = try #require((object["progress"] as? [String: Any])?["firstVisitsByYear"] as? [String: [String]])
        #expect(firstVisits["2015"] == ["stadium_nba_rogers_arena"], "keyed by year (the NHL game on 2015-01-01)")
    }

    @Test("Editing marks the visit corrected and keeps the original; deleting revokes what it earned")
    func editAndDelete() throws {
        let library = try importedLibrary()
        let fenway = try visitId(library, venue: "Fenway Park")
        let edited = try CLI.run(
            "visits", "edit", fenway, "--seat", "Section 12, Row 4", "--score", "2-4", "--force",
            "--library", library.folder.path)
        #expect(edited.status == 0, "\(edited.stderr)")
        let listed = try CLI.run("visits", "--library", library.folder.path, "--format", "json")
        let visits = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        let visit = try #require(visits.first { $0["id"] as? String == fenway })
        #expect(visit["dataSource"] as? String == "userCorrected" && visit["seat"] as? String == "Section 12, Row 4")
        #expect(visit["scoreSource"] as? String == "user")
        var configuration = Configuration()
        configuration.readonly = true
        let database = try DatabaseQueue(
            path: library.folder.appendingPathComponent("library.sqlite").path,
            configuration: configuration)
        let original = try database.read { db in
            try String.fetchOne(db, sql: "SELECT original FROM visitOriginal WHERE visitId = ?", arguments: [fenway])
        }
        #expect(
            original?.contains("\"dataSource\":\"automatic\"") == true && original?.contains("\"homeScore\":2") == true,
            "the values as imported are kept")
        let asked = try CLI.run("visits", "delete", fenway, "--library", library.folder.path)
        #expect(asked.status != 0 && asked.stderr.contains("--yes"), "not a terminal: refused without --yes")
        let deleted = try CLI.run("visits", "delete", fenway, "--yes", "--library", library.folder.path)
        #expect(deleted.status == 0 && deleted.stdout.contains("achievement revoked: Fenway Faithful"), "\(deleted.stdout)")
        let missing = try CLI.run("visits", "delete", fenway, "--yes", "--library", library.folder.path)
        #expect(missing.status != 0 && missing.stderr.contains(fenway))
        let nothing = try CLI.run("visits", "edit", fenway, "--library", library.folder.path)
        #expect(nothing.status != 0 && nothing.stderr.contains("Say what to change"))
    }
}
