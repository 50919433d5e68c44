import Foundation
import Testing

/// `venues` and `games` as a fan looks things up: by nickname, by the team's everyday name, in local time.
@Suite("Looking up venues and games")
struct LookupCommandTests {
    @Test(
        "A nickname finds its venue, and the table says which name matched",
        arguments: [
            ("The Jake", "stadium_mlb_progressive_field"), ("MSG", "stadium_nba_madison_square_garden"),
            ("The House That Ruth Built", "stadium_mlb_yankee_stadium_1923"), ("big o", "stadium_mlb_stade_olympique"),
        ])
    func nickname(text: String, venue: String) async throws {
        let output = try await CLI.run(["venues", text, "--format", "json"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["id"] as? String } == [venue], "\(output.stdout)")
        #expect((rows.first?["matchedName"] as? String)?.lowercased().contains(text.lowercased()) == true)
        #expect(try await CLI.run(["venues", text]).stdout.contains("MATCHED NAME"))
    }

    @Test("games --team takes nicknames and cities; a name several teams share lists each one's games; starts are local")
    func teamNames() async throws {
        let yankees = try await CLI.run(["games", "--team", "Yankees", "--on", "2015-06-15"])
        #expect(yankees.status == 0 && yankees.stdout.contains("New York Yankees"), "\(yankees.stderr)")
        let lakers = try await CLI.run(["games", "--team", "lakers", "--on", "2016-01-05"])
        #expect(lakers.status == 0 && lakers.stdout.contains("Los Angeles Lakers"), "\(lakers.stderr)")
        let shared = try await CLI.run(["games", "--team", "New York", "--on", "2015-06-15"])
        #expect(shared.status == 0 && shared.stdout.contains("New York Yankees") && shared.stdout.contains("New York Mets"))
        let phi = try await CLI.run(["games", "--team", "PHI", "--on", "2020-08-18"])
        #expect(phi.stdout.contains("Philadelphia Phillies") && phi.stdout.contains("Philadelphia Flyers"), "\(phi.stdout)")
        let typo = try await CLI.run(["games", "--team", "Yankes", "--on", "2015-06-15"])
        #expect(typo.status == 1 && typo.stderr.contains("did you mean New York Yankees"), "\(typo.stderr)")
        // A venue by a part of its name, or by its city.
        for place in ["Fenway", "Boston"] {
            let found = try await CLI.run(["games", "--venue", place, "--on", "2015-06-15"])
            #expect(found.stdout.contains("Atlanta Braves at Boston Red Sox"), "\(place): \(found.stdout)\(found.stderr)")
        }
        // An NHL game with a known start, read in Vancouver's time: 19:00 PST, not 03:00 UTC.
        let canucks = try await CLI.run(["games", "--team", "Canucks", "--on", "2015-01-01"])
        #expect(canucks.stdout.contains("START (LOCAL)") && canucks.stdout.contains("19:00 (UTC-08:00)"), "\(canucks.stdout)")
    }
}
