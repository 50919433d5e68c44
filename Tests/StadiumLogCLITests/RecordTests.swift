import Foundation
import Testing

/// The fan's record (issue #43): what the games they saw add up to, per league and for a team they follow, worked out
/// from the finals, in `progress`, its JSON and on `serve`'s overview.
@Suite("Your record as a fan")
struct RecordTests {
    typealias Library = LibraryProcessTests.Library

    /// Eight Red Sox games of 2014 and 2015, as the catalog has them (away-home): at home a win over Baltimore (2-3),
    /// three losses to Toronto (13-10, 5-4, 13-5) and a win over Atlanta (4-9); away a loss and a win at Atlanta (2-5,
    /// 5-2) and a win at Kansas City (7-3).
    static let games = [
        "game_mlb_2015_bos_tor_0612", "game_mlb_2014_bos_bal_0705_1", "game_mlb_2015_bos_tor_0613", "game_mlb_2015_bos_tor_0614",
        "game_mlb_2015_bos_atl_0616", "game_mlb_2015_atl_bos_0617", "game_mlb_2015_atl_bos_0618", "game_mlb_2015_kc_bos_0619",
    ]

    @Test(
        "A followed team's record home and away, by season, its streaks; the league's first game, venue, margin, top score and runs a game")
    func record() async throws {
        let library = Library()
        let path = library.folder.path
        for game in Self.games { #expect(try await CLI.run(["visits", "add", "--game", game, "--library", path]).status == 0) }
        let text = try await CLI.run(["progress", "--team", "Red Sox", "--library", path]).stdout
        #expect(text.contains("Boston Red Sox when you were there: 4-4 (home 2-3, away 2-1)"), "\(text)")
        #expect(text.contains("longest streaks: 2 wins, 3 losses"))
        #expect(text.contains("  2015: 3-4\n") && text.contains("  2014: 1-0\n"))
        #expect(text.contains("MLB: 8 games, 11.50 runs a game"))
        #expect(text.contains("first: ") && text.contains("Fenway Park, 2014-07-05"))
        #expect(text.contains("most visited: Fenway Park (5 games)"))
        #expect(text.contains("biggest margin: ") && text.contains("13-5, Fenway Park, 2015-06-14 (by 8)"))
        #expect(text.contains("highest scoring: ") && text.contains("13-10, Fenway Park, 2015-06-12 (23 runs)"))

        let json = try await CLI.run(["progress", "--team", "team_mlb_bos", "--format", "json", "--library", path]).stdout
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["progress"] != nil && object["achievements"] != nil, "the keys it always had")
        let record = try #require(object["record"] as? [String: Any])
        let team = try #require(record["team"] as? [String: Any])
        #expect((team["all"] as? [String: Int]) == ["wins": 4, "losses": 4, "ties": 0])
        #expect(team["longestLosingStreak"] as? Int == 3)
        let league = try #require((record["leagues"] as? [[String: Any]])?.first)
        #expect(league["pointsPerGame"] as? Double == 11.5 && league["margin"] as? Int == 8 && league["points"] as? Int == 23)
        #expect(league["headline"] == nil, "words stay out of the JSON; its facts are in it")

        // Without a followed team, no team record; a league with no game seen says nothing.
        let plain = try await CLI.run(["progress", "--library", path]).stdout
        #expect(!plain.contains("when you were there") && plain.contains("Your games") && !plain.contains("NHL:"))
    }
}
