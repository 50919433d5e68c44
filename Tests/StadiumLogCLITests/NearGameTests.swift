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

/// The short ids the tables show are what a fan types: visits, pending matches and photo hashes by a unique start.
@Suite("Short ids")
struct ShortIDTests {
    @Test("A visit, a pending match and a photo hash by the start the tables show, in any case")
    func shortIDs() async throws {
        let library = LibraryProcessTests.Library()
        let path = library.folder.path
        #expect(try await CLI.run(["import", "TestImages/matching", "--library", path, "--offline"]).status == 0)
        let table = try await CLI.run(["visits", "--library", path]).stdout
        let fenway = try #require(table.split(separator: "\n").first { $0.contains("2015-06-15") && $0.contains("Fenway") })
        let short = try #require(fenway.split(separator: " ").last.map(String.init))
        #expect(short.count == 8, "\(fenway)")
        #expect(table.split(separator: "\n").allSatisfy { $0.count <= 120 }, "\(table)")
        let shown = try await CLI.run(["visits", "show", short.lowercased(), "--library", path])
        #expect(shown.status == 0 && shown.stdout.contains("Atlanta Braves at Boston Red Sox"), "\(shown.stderr)")
        let tooShort = try await CLI.run(["visits", "show", String(short.prefix(5)), "--library", path])
        #expect(tooShort.status != 0 && tooShort.stderr.contains("there is no visit"), "\(tooShort.stderr)")

        // A photo by the start of its hash, as `visits show` prints it: moved to a tour.
        let hash = try #require(
            shown.stdout.split(separator: "\n").first { $0.contains("high-exact-day.jpg") }?.split(separator: " ").last.map(String.init))
        let moved = try await CLI.run(["visits", "move", hash, "--tour", "--library", path])
        #expect(moved.status == 0 && moved.stdout.contains("a tour"), "\(moved.stdout)\(moved.stderr)")

        let list = try await CLI.run(["confirm", "--library", path]).stdout
        #expect(list.contains("VENUE") && list.contains("Citi Field"), "\(list)")
        let pending = try #require(
            list.split(separator: "\n").first { $0.contains("/shared-arena-two-games.jpg") }?.split(separator: " ").first)
        #expect(pending.count == 8)
        let skipped = try await CLI.run(["confirm", String(pending), "--skip", "--library", path])
        #expect(skipped.status == 0 && skipped.stdout.contains("Skipped 1 photo"), "\(skipped.stderr)")
    }
}

/// A mistyped command is named, with the nearest real one.
@Suite("Mistyped commands")
struct MistypedCommandTests {
    @Test("'improt' and 'visits shwo' say what was meant; an argument that is no command is left to its command")
    func didYouMean() async throws {
        let improt = try await CLI.run(["improt", "TestImages/matching"])
        #expect(improt.status != 0)
        #expect(improt.stderr.contains("unknown command 'improt' — did you mean 'import'?"), "\(improt.stderr)")
        let shwo = try await CLI.run(["visits", "shwo", "ABCDEF12"])
        #expect(shwo.stderr.contains("did you mean 'visits show'?"), "\(shwo.stderr)")
        let far = try await CLI.run(["xyzzy"])
        #expect(far.status != 0 && !far.stderr.contains("did you mean"), "\(far.stderr)")
        #expect(try await CLI.run(["games", "--venue", "Fenway Park", "--date", "2015-06-15"]).stdout.contains("Boston Red Sox"))
    }
}

/// `visits` filtered as a fan asks: by team, venue (any of its names) and season.
@Suite("visits filters")
struct VisitsFilterTests {
    @Test("--team, --venue (a former name too) and --season narrow the list; a name several teams share lists them")
    func filters() async throws {
        let library = LibraryProcessTests.Library()
        let path = library.folder.path
        #expect(try await CLI.run(["import", "TestImages/matching", "--library", path, "--offline"]).status == 0)
        let sox = try await CLI.run(["visits", "--team", "Red Sox", "--library", path]).stdout
        #expect(sox.contains("Fenway Park") && !sox.contains("Citi Field") && sox.contains("1 visit"), "\(sox)")
        let sbc = try await CLI.run(["visits", "--venue", "Oracle Park", "--library", path]).stdout
        #expect(sbc.contains("SBC Park") && sbc.contains("1 visit"), "\(sbc)")
        let season = try await CLI.run(["visits", "--season", "2010", "--league", "mlb", "--library", path]).stdout
        #expect(season.contains("Citi Field") && !season.contains("Fenway"), "\(season)")
        let york = try await CLI.run(["visits", "--team", "New York", "--library", path])
        #expect(york.status != 0 && york.stderr.contains("teams:") && york.stderr.contains("team_mlb_nyy"), "\(york.stderr)")
    }
}
