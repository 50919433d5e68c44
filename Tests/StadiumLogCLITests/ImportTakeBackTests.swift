import Foundation
import Testing

/// A fan who imported the wrong folder, or too soon, takes that import back as a whole: its photos, its questions and
/// the visits only it made go; what other imports brought stays; `undo` puts it back; the files are read again when
/// imported again; an export carries the imports to the restored library.
@Suite("Taking back an import")
struct ImportTakeBackTests {
    /// Two folders of the matching set: the second holds a second photo of a game the first has a photo of.
    static func folders() throws -> (first: URL, second: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-takeback-\(UUID())")
        let (first, second) = (root.appendingPathComponent("first"), root.appendingPathComponent("second"))
        for folder in [first, second] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let matching = CLI.packageRoot.appendingPathComponent("TestImages/matching")
        for name in ["high-exact-day.jpg", "nfl-london.jpg", "shared-arena-two-games.jpg"] {
            try FileManager.default.copyItem(at: matching.appendingPathComponent(name), to: first.appendingPathComponent(name))
        }
        for name in ["session-with-gps.jpg", "nfl-playoff.jpg"] {
            try FileManager.default.copyItem(at: matching.appendingPathComponent(name), to: second.appendingPathComponent(name))
        }
        return (first, second)
    }

    static func visits(_ path: String) async throws -> [[String: Any]] {
        let listed = try await CLI.run(["visits", "--library", path, "--format", "json"])
        return try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    }

    static func photoCount(_ visitId: String, _ path: String) async throws -> Int {
        let shown = try await CLI.run(["visits", "show", visitId, "--library", path])
        return shown.stdout.split(separator: "\n").filter { $0.contains(".jpg") }.count
    }

    @Test("Import two folders, take the second back, change your mind, take the first back, import it again, export and restore")
    func takeBack() async throws {
        let (first, second) = try Self.folders()
        let library = LibraryProcessTests.Library()
        let path = library.folder.path
        #expect(try await CLI.run(["import", first.path, "--library", path]).status == 0)
        #expect(try await CLI.run(["import", second.path, "--library", path]).status == 0)
        let fenway = try #require(
            try await Self.visits(path).first { $0["venueId"] as? String == "stadium_mlb_fenway_park" }?["id"] as? String)
        #expect(try await Self.photoCount(fenway, path) == 2)

        let listed = try await CLI.run(["imports", "--library", path])
        let rows = listed.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(rows.first?.first == "IMPORT" && rows.count >= 3, "\(listed.stdout)")
        #expect(rows[1].first == "2" && rows[1].last.map { $0.hasSuffix("second") } == true, "newest first: \(listed.stdout)")
        #expect(rows[2].first == "1" && rows[2][3] == "2" && rows[2][5] == "1", "2 photos, 1 to confirm: \(listed.stdout)")

        // Off a terminal a take-back needs --force; a number no import has is named.
        let unasked = try await CLI.run(["undo", "--import", "2", "--library", path])
        #expect(unasked.status != 0 && unasked.stderr.contains("--force"), "\(unasked.stderr)")
        let unknown = try await CLI.run(["undo", "--import", "9", "--force", "--library", path])
        #expect(unknown.status != 0 && unknown.stderr.contains("there is no import 9") && unknown.stderr.contains("stadiumlog imports"))

        // The second import goes: Fenway keeps the first import's photo, the playoff game's visit is gone.
        let before = try await Self.visits(path).count
        let second2 = try await CLI.run(["undo", "--import", "2", "--force", "--library", path])
        #expect(second2.status == 0 && second2.stdout.contains("Took back import 2: 2 photos"), "\(second2.stdout)\(second2.stderr)")
        #expect(try await Self.visits(path).count == before - 1)
        #expect(try await Self.photoCount(fenway, path) == 1)

        // Changed their mind: undo puts it back, then it goes again.
        let undone = try await CLI.run(["undo", "--library", path])
        #expect(undone.status == 0 && undone.stdout.contains("took back import 2"), "\(undone.stdout)")
        #expect(try await Self.visits(path).count == before)
        #expect(try await Self.photoCount(fenway, path) == 2)
        #expect(try await CLI.run(["undo", "--import", "2", "--force", "--library", path]).status == 0)

        // The first import goes too: the library is empty of visits and questions, and the files are read again.
        #expect(try await CLI.run(["undo", "--import", "1", "--force", "--library", path]).status == 0)
        #expect(try await Self.visits(path).isEmpty)
        let confirm = try await CLI.run(["confirm", "--library", path])
        #expect(!confirm.stdout.contains("shared-arena-two-games.jpg"), "\(confirm.stdout)")
        let again = try await CLI.run(["import", first.path, "--library", path])
        #expect(again.status == 0 && again.stdout.contains("Imported 2 photos") && !again.stdout.contains("unchanged"), "\(again.stdout)")
        #expect(try await Self.visits(path).count == 2)

        // An export carries the imports: the restored library takes the new import back as the original would.
        let export = library.folder.deletingLastPathComponent().appendingPathComponent("takeback-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: export) }
        #expect(try await CLI.run(["export", export.path, "--library", path]).status == 0)
        let restored = LibraryProcessTests.Library()
        #expect(try await CLI.run(["restore", export.path, "--library", restored.folder.path]).status == 0)
        let restoredList = try await CLI.run(["imports", "--library", restored.folder.path])
        #expect(restoredList.stdout.contains(first.path) && restoredList.stdout.split(separator: "\n").count == 3, "\(restoredList.stdout)")
        let restoredTakeBack = try await CLI.run(["undo", "--import", "3", "--force", "--library", restored.folder.path])
        #expect(restoredTakeBack.status == 0, "\(restoredTakeBack.stderr)")
        #expect(try await Self.visits(restored.folder.path).isEmpty)
    }

    @Test("At a terminal the fan is asked, with what the import added; no keeps everything")
    func askedAtTerminal() async throws {
        let (first, _) = try Self.folders()
        let library = LibraryProcessTests.Library()
        let path = library.folder.path
        #expect(try await CLI.run(["import", first.path, "--library", path]).status == 0)
        let declined = try await CLI.runInTerminal(["undo", "--import", "1", "--library", path], answers: [("[y/N]", "n")])
        #expect(
            declined.screen.contains("2 photos in 2 visits, 1 to confirm") && declined.screen.contains("Nothing changed."),
            "\(declined.screen)")
        #expect(try await Self.visits(path).count == 2)
        let accepted = try await CLI.runInTerminal(["undo", "--import", "1", "--library", path], answers: [("[y/N]", "y")])
        #expect(accepted.status == 0 && accepted.screen.contains("Took back import 1"), "\(accepted.screen)")
        #expect(try await Self.visits(path).isEmpty)
    }
}
