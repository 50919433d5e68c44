import Foundation
import Testing

/// What a new user found when they tried StadiumLog again (issue #46), each held to its rule, not its example.
@Suite("Found when tried again as a new user")
struct FoundAgainTests {
    typealias Library = LibraryProcessTests.Library

    @Test("A city names its venues and those around it: Boston finds Gillette Stadium in Foxborough, not Worcester's")
    func venuesOfACity() async throws {
        let boston = try await CLI.run(["venues", "Boston"]).stdout
        for venue in ["Fenway Park", "TD Garden", "Gillette Stadium", "Boston Garden"] {
            #expect(boston.contains(venue), "\(venue) in \(boston)")
        }
        #expect(boston.contains("in or near Boston"))
        #expect(!boston.contains("Yankee Stadium"))
        let json = try await CLI.run(["venues", "boston", "--format", "json"]).stdout
        #expect(json.contains("\"matchedName\" : \"in or near boston\""), "the city says why a venue is listed")
        // The same lookup names a day's game by city wherever a venue is taken.
        let games = try await CLI.run(["games", "--venue", "Boston", "--on", "2015-06-15"]).stdout
        #expect(games.contains("game_mlb_2015_bos_atl_0615"))
    }

    @Test("A score typed with a game the catalog has with another final is refused, the catalog's named; the same final is taken")
    func scoreThatDisagrees() async throws {
        let library = Library()
        let path = library.folder.path
        #expect(try await CLI.run(["import", "TestImages/matching/doubleheader.jpg", "--library", path, "--offline"]).status == 0)
        let listed = try await CLI.run(["confirm", "--library", path]).stdout
        let pending = try #require(listed.split(separator: "\n").dropFirst().first?.split(separator: " ").first.map(String.init))
        let wrong = try await CLI.run(["confirm", pending, "--home", "Mets", "--away", "Dodgers", "--score", "9-9", "--library", path])
        #expect(wrong.status != 0)
        #expect(wrong.stderr.contains("the catalog's final of Los Angeles Dodgers at New York Mets (game 1) on 2010-04-27 is 0-4, not 9-9"))
        #expect(wrong.stderr.contains("nothing was changed"))
        #expect(try library.rows().visits == 0)
        let right = try await CLI.run(["confirm", pending, "--home", "Mets", "--away", "Dodgers", "--score", "0-4", "--library", path])
        #expect(right.status == 0, "\(right.stderr)")
        #expect(right.stdout.contains("Score stored: Los Angeles Dodgers 0, New York Mets 4"))
    }

    @Test("A photo moved by id into a game years and miles away is asked about first; --force files it; a doubleheader lists game 1 first")
    func moveFarAndDoubleheaderOrder() async throws {
        let library = Library()
        let path = library.folder.path
        for game in ["game_mlb_2010_nym_lad_0427_2", "game_mlb_2010_nym_lad_0427_1"] {
            #expect(try await CLI.run(["visits", "add", "--game", game, "--library", path]).status == 0)
        }
        let visits = try await CLI.run(["visits", "--library", path]).stdout.split(separator: "\n").filter { $0.contains("Citi Field") }
        #expect(visits.count == 2 && visits[0].contains("(game 1)") && visits[1].contains("(game 2)"), "\(visits)")
        // The report runs the newest day first, and still a day's game 1 before its game 2.
        let report = library.folder.deletingLastPathComponent().appendingPathComponent("order-\(UUID()).html")
        defer { try? FileManager.default.removeItem(at: report) }
        #expect(try await CLI.run(["report", report.path, "--library", path]).status == 0)
        let html = try String(contentsOf: report, encoding: .utf8)
        let (first, second) = (try #require(html.range(of: "(game 1)")), try #require(html.range(of: "(game 2)")))
        #expect(first.lowerBound < second.lowerBound)

        let photo = CLI.packageRoot.appendingPathComponent("TestImages/matching/high-exact-day.jpg").path
        #expect(try await CLI.run(["import", photo, "--library", path, "--offline"]).status == 0)
        let far = try await CLI.run(["visits", "move", photo, "--to-game", "game_mlb_2016_cle_chc_1102", "--library", path])
        #expect(far.status != 0)
        #expect(far.stderr.contains("was taken"))
        #expect(far.stderr.contains("2016-11-02 (night game), postseason"), "a World Series game 7 says what it was: \(far.stderr)")
        #expect(far.stderr.contains("--force"))
        let forced = try await CLI.run(["visits", "move", photo, "--to-game", "game_mlb_2016_cle_chc_1102", "--force", "--library", path])
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(forced.stdout.contains("Chicago Cubs at Cleveland Indians"))
    }

    @Test("Confirm, make it a tour, delete it, import again, undo: the undo is refused in words, not a database error, and nothing changes")
    func undoAfterImportingAgain() async throws {
        let library = Library()
        let path = library.folder.path
        let photo = CLI.packageRoot.appendingPathComponent("TestImages/matching/doubleheader.jpg").path
        #expect(try await CLI.run(["import", photo, "--library", path, "--offline"]).status == 0)
        let listed = try await CLI.run(["confirm", "--library", path]).stdout
        let pending = try #require(listed.split(separator: "\n").dropFirst().first?.split(separator: " ").first.map(String.init))
        #expect(try await CLI.run(["confirm", pending, "--choice", "1", "--library", path]).status == 0)
        #expect(try await CLI.run(["visits", "move", photo, "--tour", "--library", path]).status == 0)
        let tour = try #require(
            try await CLI.run(["visits", "--library", path]).stdout.split(separator: "\n").first { $0.contains("a tour") }?
                .split(separator: " ").last.map(String.init))
        #expect(try await CLI.run(["visits", "delete", tour, "--yes", "--library", path]).status == 0)
        #expect(try await CLI.run(["import", photo, "--library", path, "--offline"]).stdout.contains("1 to confirm"))
        let before = try library.rows()
        let undo = try await CLI.run(["undo", "--library", path])
        #expect(undo.status != 0)
        #expect(
            undo.stderr.contains("cannot undo the last change: \(photo) has been imported again since and waits to be confirmed"),
            "\(undo.stderr)")
        #expect(!undo.stderr.contains("UNIQUE"))
        #expect(try library.rows() == before)
        #expect(try await CLI.run(["confirm", "--library", path]).stdout.contains("1 pending"))
    }
}
