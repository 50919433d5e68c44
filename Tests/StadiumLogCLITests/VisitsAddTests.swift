import Foundation
import Testing

/// `stadiumlog visits add`: a game without photos, found in the catalog by team or venue and day, as a fan types it.
@Suite("stadiumlog visits add")
struct VisitsAddTests {
    typealias Library = LibraryProcessTests.Library

    @Test("Added by team and day, refused twice, taken back by undo; a name several teams share lists their games")
    func addByTeam() async throws {
        let library = Library()
        let path = library.folder.path
        let added = try await CLI.run(["visits", "add", "--team", "Red Sox", "--on", "2015-06-15", "--library", path])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stderr.contains("New library at"))
        #expect(added.stdout.contains("Added Atlanta Braves at Boston Red Sox, Fenway Park, 2015-06-15"), "\(added.stdout)")
        #expect(try await CLI.run(["visits", "--library", path]).stdout.contains("Fenway Park"))

        let again = try await CLI.run(["visits", "add", "--venue", "Fenway Park", "--date", "2015-06-15", "--library", path])
        #expect(again.status != 0)
        #expect(again.stderr.contains("is already a visit"), "\(again.stderr)")

        let shared = try await CLI.run(["visits", "add", "--team", "PHI", "--on", "2020-08-18", "--library", path])
        #expect(shared.status != 0)
        #expect(shared.stderr.contains("Philadelphia Phillies") && shared.stderr.contains("Philadelphia Flyers"), "\(shared.stderr)")
        #expect(shared.stderr.contains("--game"))

        let none = try await CLI.run(["visits", "add", "--team", "Red Sox", "--on", "2015-12-25", "--library", path])
        #expect(none.status != 0)
        #expect(none.stderr.contains("no game for 'Red Sox' on 2015-12-25"), "\(none.stderr)")

        #expect(try await CLI.run(["undo", "--library", path]).status == 0)
        #expect(try await CLI.run(["visits", "--library", path]).stdout.contains("0 visits"))
    }
}
