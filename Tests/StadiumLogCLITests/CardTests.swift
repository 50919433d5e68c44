import Foundation
import Testing

/// `stadiumlog card`, as a fan makes one: the two layouts against golden images (alike by SSIM, looked at in
/// `.build/screenshots/`), nothing drawn past the margins whatever the name or the number of visits, a photo redrawn
/// without its metadata, and every refusal in words.
@Suite("card: the progress card and a season in review")
struct CardTests {
    typealias Library = LibraryProcessTests.Library

    static let games = [
        "game_mlb_2015_bos_atl_0615", "game_mlb_2015_bos_atl_0616", "game_mlb_2016_lad_col_0701", "game_mlb_1951_sf_lad_1003",
        "game_nfl_2015_nyj_cle_0913", "game_nhl_2005_ana_cbj_0305", "game_nba_2011_atl_uta_0325",
    ]
    static let today = "2026-12-06"
    static let screenshots = CLI.packageRoot.appendingPathComponent(".build/screenshots")

    func library(_ games: [String] = Self.games) async throws -> Library {
        let library = Library()
        for game in games {
            let added = try await CLI.run(["visits", "add", "--game", game, "--library", library.folder.path])
            #expect(added.status == 0, "\(game): \(added.stderr)")
        }
        return library
    }

    func card(_ library: Library, _ arguments: [String]) async throws -> (URL, CLI.Output) {
        let url = library.folder.deletingLastPathComponent().appendingPathComponent("card-\(UUID()).png")
        let made = try await CLI.run(["card", url.path, "--library", library.folder.path, "--today", Self.today] + arguments)
        return (url, made)
    }

    /// Nothing but the background in the side margins below the top band: no text or shape ran past its box.
    func expectClearMargins(_ image: CardImage, _ what: String) {
        let background = image.pixel(image.width - 1, image.height / 2)
        var strays = 0
        for y in 20..<image.height {
            for x in Array(0..<60) + Array((image.width - 60)..<image.width) where image.pixel(x, y) != background { strays += 1 }
        }
        #expect(strays == 0, "\(what): \(strays) pixels drawn in the margins")
    }

    @Test(
        "A story of every league and a square season in review look as their golden images do",
        arguments: [
            ("card-story.png", [String]()),
            ("card-square-season.png", ["--league", "mlb", "--season", "2015", "--size", "square", "--name", "Ana María Pérez"]),
        ])
    func goldens(file: String, arguments: [String]) async throws {
        let library = try await library()
        let (url, made) = try await card(library, arguments)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(made.status == 0, "\(made.stderr)")
        let image = try CardImage(contentsOf: url)
        #expect(image.width == 1080 && image.height == (arguments.contains("square") ? 1080 : 1920))
        try FileManager.default.createDirectory(at: Self.screenshots, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: Self.screenshots.appendingPathComponent(file))
        try FileManager.default.copyItem(at: url, to: Self.screenshots.appendingPathComponent(file))
        let golden = GoldenTests.folder.appendingPathComponent(file)
        if GoldenTests.updating { try Data(contentsOf: url).write(to: golden) }
        let similarity = image.similarity(to: try CardImage(contentsOf: golden))
        #expect(similarity > 0.98, "\(file): SSIM \(similarity) against the golden image")
        expectClearMargins(image, file)
        #expect(Set(try CardImage.chunks(of: url)).isSubset(of: ["IHDR", "IDAT", "IEND", "bKGD"]), "no text or metadata chunks")
    }

    @Test("Nothing overflows: a 60-character name, the longest venue and team names, 0 visits and 300, every league and all")
    func edges() async throws {
        // With the catalog's longest venue name (Mall of America Field at the Hubert H. Humphrey Metrodome, 2009-2013)
        // and longest team name (Los Angeles Angels of Anaheim) in the season's lines.
        let library = try await library(Self.games + ["game_nfl_2012_min_gb_1230", "game_mlb_2014_laa_tex_0920"])
        let wide = String(repeating: "W", count: 60)
        for arguments in [
            ["--name", wide], ["--name", wide, "--size", "square", "--season", "2015"], ["--league", "nfl"],
            ["--league", "nhl", "--no-map"], ["--league", "nba", "--size", "square"],
            ["--season", "1951", "--league", "mlb", "--name", "Ελένη Пере́с"], ["--season", "2012", "--league", "nfl"],
            ["--season", "2014", "--size", "square", "--name", wide],
        ] {
            let (url, made) = try await card(library, arguments)
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(made.status == 0, "\(arguments): \(made.stderr)")
            expectClearMargins(try CardImage(contentsOf: url), "\(arguments)")
        }
        // 300 visits of every league, made up from real catalog games.
        let many = Library()
        let built = Process()
        built.executableURL = CLI.executable.deletingLastPathComponent().appendingPathComponent("stadiumlog-bench")
        built.arguments = ["library", many.folder.path, "300", "0"]
        built.standardOutput = FileHandle.nullDevice
        try built.run()
        built.waitUntilExit()
        for size in ["story", "square"] {
            let (url, made) = try await card(many, ["--size", size])
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(made.status == 0, "\(made.stderr)")
            expectClearMargins(try CardImage(contentsOf: url), "300 visits, \(size)")
        }
        // No visit left: the ring at 0, said plainly.
        let emptied = try await self.library(["game_mlb_2015_bos_atl_0615"])
        let listed = try await CLI.run(["visits", "--format", "json", "--library", emptied.folder.path])
        let id = try #require(
            (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])?.first?["id"] as? String)
        #expect(try await CLI.run(["visits", "delete", id, "--yes", "--library", emptied.folder.path]).status == 0)
        let (url, made) = try await card(emptied, ["--league", "mlb"])
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(made.status == 0, "\(made.stderr)")
        expectClearMargins(try CardImage(contentsOf: url), "no visits")
    }

    @Test("Refused in words, nothing written: not a .png, an unknown league, a name too long, a photo not in the library")
    func refusals() async throws {
        let library = try await library(["game_mlb_2015_bos_atl_0615"])
        for (arguments, words) in [
            (["--league", "xfl"], "there is no league xfl"), (["--name", String(repeating: "a", count: 61)], "at most 60 characters"),
            (["--photo", "0123456789ab"], "cannot be shown on the card"),
        ] {
            let (url, made) = try await card(library, arguments)
            #expect(made.status != 0 && made.stderr.contains(words), "\(arguments): \(made.stderr)")
            #expect(!FileManager.default.fileExists(atPath: url.path), "nothing written")
        }
        let jpeg = try await CLI.run(["card", "card.jpg", "--library", library.folder.path])
        #expect(jpeg.status != 0 && jpeg.stderr.contains("give a file name ending in .png"), "\(jpeg.stderr)")
    }

    @Test("A photo on the card: its pixels, redrawn, with no metadata of the file")
    func photo() async throws {
        let folder = try SafetyTests.folder("card-photos")
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("TestImages/matching/high-exact-day.jpg"),
            to: folder.appendingPathComponent("high-exact-day.jpg"))
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = Library()
        #expect(try await CLI.run(["import", folder.path, "--library", library.folder.path, "--offline"]).status == 0)
        let listed = try await CLI.run(["visits", "--format", "json", "--library", library.folder.path])
        let visit = try #require(
            (try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])?.first?["id"] as? String)
        let shown = try await CLI.run(["visits", "show", visit, "--library", library.folder.path])
        let lines = shown.stdout.split(separator: "\n")
        let header = try #require(lines.firstIndex { $0.hasPrefix("PHOTO ") })
        let hash = try #require(lines[header + 1].split(separator: " ").last.map(String.init), "the photo's hash, as listed")
        let (plain, _) = try await card(library, ["--size", "square"])
        let (pictured, made) = try await card(library, ["--size", "square", "--photo", hash])
        defer { for url in [plain, pictured] { try? FileManager.default.removeItem(at: url) } }
        #expect(made.status == 0, "\(made.stderr)")
        #expect(try CardImage(contentsOf: pictured).similarity(to: try CardImage(contentsOf: plain)) < 0.95, "the photo shows")
        #expect(Set(try CardImage.chunks(of: pictured)).isSubset(of: ["IHDR", "IDAT", "IEND", "bKGD"]), "no EXIF or text")
    }
}
