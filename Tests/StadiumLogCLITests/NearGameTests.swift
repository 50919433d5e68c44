import Foundation
import Testing

/// Photos near a game but outside its time, or too far away to ask about: not questions, never dropped quietly —
/// listed with the game named and the one step that files them, remembered, and filed when the fan says so.
@Suite("Photos near a game")
struct NearGameTests {
    typealias Library = LibraryProcessTests.Library

    /// Copies of scenario photos in a folder of their own, so the library records their paths.
    final class Photos {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-near-\(UUID())")
        init(_ names: [String]) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for name in names {
                try FileManager.default.copyItem(
                    at: CLI.packageRoot.appendingPathComponent("TestImages/matching/\(name).jpg"),
                    to: folder.appendingPathComponent("\(name).jpg"))
            }
        }
        func path(_ name: String) -> String { folder.appendingPathComponent("\(name).jpg").path }
        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    @Test("A folder without any photo says so, and which files are photos")
    func noPhotos() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-nothing-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("notes".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let library = Library()
        for command in [["import", folder.path, "--library", library.folder.path, "--offline"], ["match", folder.path]] {
            let output = try await CLI.run(command)
            #expect(output.status == 0)
            #expect(
                output.stdout.contains("No photos in \(folder.path)") && output.stdout.contains(".jpg") && output.stdout.contains(".heic"))
        }
    }

    @Test("Listed with the game and how to file it, not asked; remembered; filed by attach; asked only during the game")
    func listedNotAsked() async throws {
        let photos = try Photos(["low-exact-day", "evening-after-afternoon-game", "medium-exact-day"])
        let library = Library()
        let arguments = ["import", photos.folder.path, "--library", library.folder.path, "--offline"]
        let first = try await CLI.run(arguments)
        #expect(first.status == 0, "\(first.stderr)")
        // 1.2 km from the park during its game is still a question; 3 km away, or hours after an afternoon game, is not.
        #expect(first.stdout.contains("1 to confirm"), "\(first.stdout)")
        #expect(first.stdout.contains("(game_mlb_2015_bos_atl_0615): 3.0 km from Fenway Park"), "\(first.stdout)")
        #expect(first.stdout.contains("(game_nba_2012_tor_okc_0106)"), "\(first.stdout)")
        #expect(first.stdout.contains("ended ") && first.stdout.contains("before the photo — not asked"), "\(first.stdout)")
        #expect(first.stdout.contains("stadiumlog attach PHOTO --game GAME_ID"), "\(first.stdout)")
        #expect(!first.stdout.contains("too far from the game's date"), "the old, wrong reason")

        let again = try await CLI.run(arguments)
        #expect(again.stdout.contains("3 files unchanged"), "\(again.stdout)")

        let filed = try await CLI.run([
            "attach", photos.path("low-exact-day"), "--game", "game_mlb_2015_bos_atl_0615", "--library", library.folder.path,
        ])
        #expect(filed.status == 0, "\(filed.stderr)")
        #expect(filed.stdout.contains("attached to"), "\(filed.stdout)")
        #expect(try await CLI.run(["visits", "--library", library.folder.path]).stdout.contains("2015-06-15"))
    }
}
