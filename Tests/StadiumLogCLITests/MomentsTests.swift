import Foundation
import Testing

/// The moments of a visit's game, as a fan sees them through the command line: real games of every kind, the edges
/// among them, each added as a visit and read back from `visits --format json`, `visits show` and its JSON.
@Suite("Moments: what a visit's game proves happened")
struct MomentsTests {
    typealias Library = LibraryProcessTests.Library

    /// Real games, the moments their records prove (in the catalog's order), and the words `visits show` says them in.
    static let games: [(id: String, kinds: [String], words: [String])] = [
        // Félix Hernández's perfect game (2012-08-15): a perfect game is also a no-hitter.
        (
            "game_mlb_2012_sea_tb_0815", ["noHitter", "perfectGame", "shutout"],
            [
                "No-hitter — Felix Hernandez", "Perfect game — Felix Hernandez, 27 up, 27 down",
                "Shutout — Seattle Mariners held Tampa Bay Rays to 0",
            ]
        ),
        // The Astros' combined no-hitter in game 4 of the 2022 World Series, four pitchers.
        (
            "game_mlb_2022_phi_hou_1102", ["noHitter", "shutout", "postseason"],
            ["Combined no-hitter — Cristian Javier, Bryan Abreu, Rafael Montero, Ryan Pressly", "Postseason game"]
        ),
        // The Angels held the Dodgers hitless for eight innings and lost 1–0: not a no-hitter (the home team batted
        // eight innings only), a shutout all the same.
        ("game_mlb_2008_lad_laa_0628", ["shutout"], ["Shutout — Los Angeles Dodgers held Los Angeles Angels of Anaheim to 0"]),
        // David Freese's walk-off in the 11th, game 6 of the 2011 World Series.
        (
            "game_mlb_2011_stl_tex_1027", ["walkOff", "extraInnings", "postseason"],
            ["Walk-off — St. Louis Cardinals won in their last at-bat", "Extra innings — 11 innings"]
        ),
        // Game 7 of the 2025 World Series, which the Dodgers won in Toronto in the 11th: the series' clincher.
        ("game_mlb_2025_tor_lad_1101", ["postseason", "clincher"], ["Series clincher — Los Angeles Dodgers won the series"]),
        // An NHL shootout (it went to overtime first) and an NBA game of four overtimes.
        ("game_nhl_2005_ana_cbj_0305", ["overtime", "shootout"], ["Overtime", "Decided in a shootout"]),
        ("game_nba_2011_atl_uta_0325", ["overtime"], ["4 overtimes"]),
        // Super Bowl LIX.
        ("game_nfl_2024_phi_kc_0209", ["postseason", "superBowl"], ["Super Bowl"]),
        // A game whose record proves nothing out of the ordinary says nothing.
        ("game_mlb_2015_bos_atl_0615", [], []),
    ]

    @Test("Every kind, the edges among them, in the visits' JSON, in visits show and its JSON; an ordinary game has none")
    func momentsOfRealGames() async throws {
        let library = Library()
        let path = library.folder.path
        for game in Self.games {
            let added = try await CLI.run(["visits", "add", "--game", game.id, "--library", path])
            #expect(added.status == 0, "\(game.id): \(added.stderr)")
        }
        let listed = try await CLI.run(["visits", "--format", "json", "--library", path])
        let visits = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(visits.count == Self.games.count)
        for game in Self.games {
            let visit = try #require(visits.first { $0["gameId"] as? String == game.id }, "\(game.id)")
            let moments = try #require(visit["moments"] as? [[String: Any]], "\(game.id) has a moments array")
            #expect(moments.compactMap { $0["kind"] as? String } == game.kinds, "\(game.id)")
            let id = try #require(visit["id"] as? String)

            let shown = try await CLI.run(["visits", "show", id, "--library", path])
            #expect(shown.status == 0, "\(shown.stderr)")
            let said = shown.stdout.split(separator: "\n").filter { $0.hasPrefix("Moment: ") }.map { String($0.dropFirst(8)) }
            for words in game.words { #expect(said.contains(words), "\(game.id) says \(said), not \(words)") }
            #expect(said.count == game.kinds.count, "one line per moment: \(said)")

            let json = try await CLI.run(["visits", "show", id, "--format", "json", "--library", path])
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["id"] as? String == id && object["gameId"] as? String == game.id, "the visit's own fields, as listed")
            #expect((object["moments"] as? [[String: Any]])?.compactMap { $0["text"] as? String } == said, "the same words")
        }
        // The report's cards, the export (for whoever reads it), and a restore of that export, which takes the moments
        // from the catalog again.
        let report = library.folder.deletingLastPathComponent().appendingPathComponent("moments-\(UUID()).html")
        defer { try? FileManager.default.removeItem(at: report) }
        #expect(try await CLI.run(["report", report.path, "--library", path]).status == 0)
        #expect(try String(contentsOf: report, encoding: .utf8).contains("Perfect game — Felix Hernandez, 27 up, 27 down"))
        let export = library.folder.deletingLastPathComponent().appendingPathComponent("moments-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: export) }
        #expect(try await CLI.run(["export", export.path, "--library", path]).status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: export)) as? [String: Any])
        let exported = try #require(document["visits"] as? [[String: Any]])
        #expect(exported.first { $0["gameId"] as? String == "game_nba_2011_atl_uta_0325" }?["moments"] as? [[String: Any]] != nil)
        let restored = Library()
        let restore = try await CLI.run(["restore", export.path, "--library", restored.folder.path])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(try await CLI.run(["visits", "--format", "json", "--library", restored.folder.path]).stdout == listed.stdout)

        let perfect = try #require(visits.first { $0["gameId"] as? String == "game_mlb_2012_sea_tb_0815" }?["moments"] as? [[String: Any]])
        #expect(perfect.first?["people"] as? [String] == ["Felix Hernandez"], "the pitcher named in the JSON")
        let marathon = try #require(
            visits.first { $0["gameId"] as? String == "game_nba_2011_atl_uta_0325" }?["moments"] as? [[String: Any]])
        #expect(marathon.first?["count"] as? Int == 4, "the overtimes counted")
    }
}
