import Foundation
import Testing
import TimeAndPlace

@testable import WebApp

/// `serve`'s players page, in process: the people `stadiumlog players` lists, in its order and words, narrowed by
/// league and to the honoured as the command narrows them.
@Suite("serve: the players a fan saw")
struct PlayersPageTests {
    @Test("The page lists whom `players` lists, in the same order; league and honours narrow it alike; nothing for a page of none")
    func samePeopleAsTheCommand() async throws {
        let served = try InProcessSite(photos: nil)
        for game in ["game_mlb_2015_bos_atl_0615", "game_mlb_2015_bos_atl_0616", "game_mlb_1951_sf_lad_1003", "game_nfl_2015_nyj_cle_0913"]
        {
            try ServedLibrary.cli(["visits", "add", "--game", game, "--library", served.folder.path])
        }
        func names(_ arguments: [String]) throws -> [String] {
            let json = try ServedLibrary.cli(["players", "--format", "json", "--library", served.folder.path] + arguments)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
            return try #require(object["players"] as? [[String: Any]]).compactMap { $0["name"] as? String }
        }
        let (everyone, honouredBaseball) = (try names([]), try names(["--league", "mlb", "--honoured"]))
        try await served.test { client in
            let all = try await client.get("/players", served)
            #expect(all.status == .ok)
            #expect(Self.rows(all.text) == everyone, "every player, in the command's order")
            #expect(all.text.contains("You saw David Ortiz start twice, first on 2015-06-15"))
            #expect(all.text.contains("id=\"managers\"") && all.text.contains("Todd Bowles"))

            let honoured = try await client.get("/players?league=mlb&honoured=1", served)
            let few = Self.rows(honoured.text)
            #expect(!few.isEmpty && few == honouredBaseball)
            #expect(few.contains("Jackie Robinson") && !few.contains("Ryan Fitzpatrick") && !few.contains("Brock Holt"))

            let hockey = try await client.get("/players?league=nhl", served)
            #expect(hockey.status == .ok && Self.rows(hockey.text).isEmpty && hockey.text.contains("No NHL games in your library."))
        }
    }

    @Test("A full day of games: the page lists the first 200 players and a link shows them all")
    func showAll() async throws {
        let served = try InProcessSite(photos: nil)
        let day = LocalDate(year: 2015, month: 6, day: 16)!
        for game in served.site.catalog.games(on: day, league: "mlb") {
            try ServedLibrary.cli(["visits", "add", "--game", game.id.rawValue, "--library", served.folder.path])
        }
        let everyone = try served.site.history.playersSeen().players.count
        #expect(everyone > PlayersController.shown)
        try await served.test { client in
            let first = try await client.get("/players", served)
            #expect(Self.rows(first.text).count == PlayersController.shown)
            #expect(
                first.text.contains("<a href=\"/players?all=1\" id=\"show-all\">Show all (\(everyone - PlayersController.shown) more)</a>"))
            let all = try await client.get("/players?all=1", served)
            #expect(Self.rows(all.text).count == everyone && !all.text.contains("id=\"show-all\""))
        }
    }

    /// The names in the players table of a page, in order.
    static func rows(_ page: String) -> [String] {
        guard let table = page.range(of: "<section id=\"players\">") else { return [] }
        return page[table.upperBound...].components(separatedBy: "</section>")[0].components(separatedBy: "<tr title=").dropFirst()
            .compactMap { $0.components(separatedBy: "<td>").dropFirst().first?.components(separatedBy: "</td>").first }
    }
}
