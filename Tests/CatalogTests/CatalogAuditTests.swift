import Foundation
import Testing
import TimeAndPlace

@testable import Catalog

/// Rows issue #45 found wrong ("Every row true, round two"), each checked against the real game: the source's own
/// flags and two reports per fact (Scripts/catalog/curated, docs/DATA.md).
@Suite("Catalog audit: home teams, start times and rename dates as the sources say")
struct CatalogAuditTests {
    static let catalog = try! Catalog.bundled()

    func game(_ id: GameID) throws -> Game { try #require(Self.catalog.game(id: id), "\(id) is in the catalog") }

    @Test(
        "MLB games whose listed home team batted first (Retrosheet HTBF): home is the team that batted last, at the park where they played",
        arguments: [
            ("game_mlb_2020_sea_sf_0916", "team_mlb_sea", "team_mlb_sf", "stadium_mlb_oracle_park", 3, 9),
            ("game_mlb_2020_sea_sf_0917", "team_mlb_sea", "team_mlb_sf", "stadium_mlb_oracle_park", 4, 6),
            ("game_mlb_2020_sea_sd_0918", "team_mlb_sea", "team_mlb_sd", "stadium_mlb_petco_park", 1, 6),
            ("game_mlb_2020_sea_sd_0919", "team_mlb_sea", "team_mlb_sd", "stadium_mlb_petco_park", 4, 1),
            ("game_mlb_2020_sea_sd_0920", "team_mlb_sea", "team_mlb_sd", "stadium_mlb_petco_park", 4, 7),
            ("game_mlb_2020_tor_wsh_0729", "team_mlb_tor", "team_mlb_wsh", "stadium_mlb_nationals_park", 0, 4),
            ("game_mlb_2020_tor_wsh_0730", "team_mlb_tor", "team_mlb_wsh", "stadium_mlb_nationals_park", 4, 6),
        ])
    func homeTeamBattedLast(id: GameID, home: String, away: String, venue: String, homeScore: Int, awayScore: Int) throws {
        let game = try game(id)
        #expect(game.homeTeamId.rawValue == home && game.awayTeamId.rawValue == away)
        #expect(game.venueId == venue && game.isNeutralSite, "\(game.venueId), neutral \(game.isNeutralSite)")
        #expect(game.homeScore == homeScore && game.awayScore == awayScore)
        #expect(game.seasonType == .regular)
    }

    @Test("The park's team is not the home team of those games")
    func parkTeamIsAway() {
        for id in ["game_mlb_2020_sf_sea_0916", "game_mlb_2020_sd_sea_0919", "game_mlb_2020_wsh_tor_0729",
                   "game_mlb_2007_sea_cle_0926_1", "game_mlb_2022_det_athletics_0510_1"] {
            #expect(Self.catalog.game(id: GameID(rawValue: id)) == nil, "\(id)")
        }
        #expect(Self.catalog.game(id: "game_mlb_2007_cle_sea_0926_1")?.venueId == "stadium_mlb_t_mobile_park")
        #expect(Self.catalog.game(id: "game_mlb_2022_athletics_det_0510_1")?.venueId == "stadium_mlb_comerica_park")
    }
}
