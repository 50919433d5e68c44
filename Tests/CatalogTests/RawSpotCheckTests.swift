import Foundation
import Testing
import TimeAndPlace

@testable import Catalog

/// Real games across leagues and decades, read back from the raw source files and compared with the bundled index.
@Suite("Spot checks against the raw files")
struct RawSpotCheckTests {
    static let catalog = try! Catalog.bundled()
    static let coverage = catalog.coverage()

    struct Check: Sendable, CustomTestStringConvertible {
        var file: String
        /// The start of the raw line (for gzip files, the line as decompressed).
        var linePrefix: String
        /// Field positions of home score and away score in the raw line.
        var homeScoreField: Int
        var awayScoreField: Int
        var gameId: String
        var venueId: String
        var testDescription: String { gameId }
    }

    static let checks: [Check] = [
        // Retrosheet game logs: field 11 home score, 10 visitor score (0-based 10 and 9).
        .init(
            file: "retrosheet-gamelogs/GL1951.TXT.gz", linePrefix: "\"19511003\",\"0\",\"Wed\",\"BRO\"", homeScoreField: 10,
            awayScoreField: 9, gameId: "game_mlb_1951_sf_lad_1003", venueId: "stadium_mlb_polo_grounds"),
        .init(
            file: "retrosheet-gamelogs/GL1961.TXT.gz", linePrefix: "\"19611001\",\"0\",\"Sun\",\"BOS\"", homeScoreField: 10,
            awayScoreField: 9, gameId: "game_mlb_1961_nyy_bos_1001", venueId: "stadium_mlb_yankee_stadium_1923"),
        .init(
            file: "retrosheet-gamelogs/GL1969.TXT.gz", linePrefix: "\"19690414\",\"0\",\"Mon\",\"SLN\"", homeScoreField: 10,
            awayScoreField: 9, gameId: "game_mlb_1969_wsh_stl_0414", venueId: "stadium_mlb_jarry_park"),
        .init(
            file: "retrosheet-gamelogs/GL1977.TXT.gz", linePrefix: "\"19770407\",\"0\",\"Thu\",\"CHA\",\"AL\",1,\"TOR\"",
            homeScoreField: 10, awayScoreField: 9, gameId: "game_mlb_1977_tor_cws_0407",
            venueId: "stadium_mlb_exhibition_stadium"),
        .init(
            file: "retrosheet-gamelogs/GL1986.TXT.gz", linePrefix: "\"19860429\",\"0\",\"Tue\",\"SEA\"", homeScoreField: 10,
            awayScoreField: 9, gameId: "game_mlb_1986_bos_sea_0429", venueId: "stadium_mlb_fenway_park"),
        .init(
            file: "retrosheet-gamelogs/GL2001.TXT.gz", linePrefix: "\"20010921\",\"0\",\"Fri\",\"ATL\"", homeScoreField: 10,
            awayScoreField: 9, gameId: "game_mlb_2001_nym_atl_0921", venueId: "stadium_mlb_shea_stadium"),
        .init(
            file: "retrosheet-gamelogs/GL1995.TXT.gz", linePrefix: "\"19950425\",\"0\",\"Tue\",\"LAN\"", homeScoreField: 10,
            awayScoreField: 9, gameId: "game_mlb_1995_mia_lad_0425", venueId: "stadium_mlb_sun_life_stadium"),
        .init(
            file: "retrosheet-gamelogs/GL2004.TXT.gz", linePrefix: "\"20040412\",\"0\",\"Mon\",\"CIN\"", homeScoreField: 10,
            awayScoreField: 9, gameId: "game_mlb_2004_phi_cin_0412", venueId: "stadium_mlb_citizens_bank_park"),
        .init(
            file: "retrosheet-gamelogs/GL2019.TXT.gz", linePrefix: "\"20190320\",\"0\",\"Wed\",\"SEA\"", homeScoreField: 10,
            awayScoreField: 9, gameId: "game_mlb_2019_athletics_sea_0320", venueId: "stadium_mlb_tokyo_dome"),
        .init(
            file: "retrosheet-gamelogs/gl2024.txt.gz", linePrefix: "\"20240320\",\"0\",\"Wed\",\"LAN\"", homeScoreField: 10,
            awayScoreField: 9, gameId: "game_mlb_2024_sd_lad_0320", venueId: "stadium_mlb_gocheok_sky_dome"),
        .init(
            file: "retrosheet-postseason/GLWS.TXT", linePrefix: "\"20161102\"", homeScoreField: 10, awayScoreField: 9,
            gameId: "game_mlb_2016_cle_chc_1102", venueId: "stadium_mlb_progressive_field"),
        // 2025 World Series Game 7 (published reports).
        .init(
            file: "retrosheet-postseason/ws2025_game7.csv", linePrefix: "2025-11-01", homeScoreField: 4, awayScoreField: 3,
            gameId: "game_mlb_2025_tor_lad_1101", venueId: "stadium_mlb_rogers_centre"),
        // NBA: dvukolov (home pts field 8, road 5), nathanlauga (PTS_home 7, PTS_away 14), Basketball-Reference exports.
        .init(
            file: "nba-dvukolov-2000-2019/games.csv", linePrefix: "2000-01,2000-10-31,7:30p,CHA", homeScoreField: 8,
            awayScoreField: 5, gameId: "game_nba_2000_atl_cha_1031", venueId: "stadium_nba_state_farm_arena"),
        .init(
            file: "nba-dvukolov-2000-2019/games.csv", linePrefix: "2015-16,2016-06-19", homeScoreField: 8,
            awayScoreField: 5, gameId: "game_nba_2015_gsw_cle_0619", venueId: "stadium_nba_oakland_arena"),
        .init(
            file: "nba-kaggle-nathanlauga-2003-2022/games.csv.gz", linePrefix: "2020-10-11,", homeScoreField: 7,
            awayScoreField: 14, gameId: "game_nba_2019_mia_lal_1011", venueId: "stadium_nba_espn_wide_world_of_sports"),
        .init(
            file: "sportsref-exports-multisport-elo-lab/nba/nba_2025.csv", linePrefix: "Tue Oct 22 2024,7:30p,New York Knicks",
            homeScoreField: 5, awayScoreField: 3, gameId: "game_nba_2024_bos_nyk_1022", venueId: "stadium_nba_td_garden"),
        // NHL: bigfour (away G 3, home G 5), Kaggle NHL stats (home 8, away 7), huestisk, crossbarr, exports.
        .init(
            file: "sportsref-bigfour-competitiveness/NHL_results.csv.gz", linePrefix: "2008,\"2007-09-29\"",
            homeScoreField: 5, awayScoreField: 3, gameId: "game_nhl_2007_lak_ana_0929", venueId: "stadium_nba_the_o2_arena"),
        // The Senators' first game at the Palladium (a mid-season move pinned in curated/arena-moves.csv).
        .init(
            file: "sportsref-bigfour-competitiveness/NHL_results.csv.gz", linePrefix: "1996,\"1996-01-17\",\"Montreal",
            homeScoreField: 5, awayScoreField: 3, gameId: "game_nhl_1995_ott_mtl_0117",
            venueId: "stadium_nhl_canadian_tire_centre"),
        // Outdoors at Dodger Stadium: 2014-01-26T02:30Z in the NHL API is the evening of January 25 in Los Angeles.
        .init(
            file: "nhl-kaggle-game-2010-2019/game.csv.gz", linePrefix: "\"2013020782\"", homeScoreField: 8,
            awayScoreField: 7, gameId: "game_nhl_2013_lak_ana_0125", venueId: "stadium_mlb_dodger_stadium"),
        .init(
            file: "nhl-kaggle-game-2010-2019/game.csv.gz", linePrefix: "\"2015020699\"", homeScoreField: 8,
            awayScoreField: 7, gameId: "game_nhl_2015_wpg_nsh_0121", venueId: "stadium_nhl_canada_life_centre"),
        .init(
            file: "nhl-hockeyref-huestisk-2018-2021/scores_19_20_playoffs.csv", linePrefix: "2020-08-01,Winnipeg Jets",
            homeScoreField: 4, awayScoreField: 2, gameId: "game_nhl_2019_cgy_wpg_0801", venueId: "stadium_nhl_rogers_place"),
        .init(
            file: "nhl-api-crossbarr-2021-extract/nhl_games_2021-05-15_to_2021-07-07.csv",
            linePrefix: "2020030415,2021-07-07", homeScoreField: 8, awayScoreField: 7,
            gameId: "game_nhl_2020_tbl_mtl_0707", venueId: "stadium_nba_benchmark_international_arena"),
        .init(
            file: "sportsref-exports-multisport-elo-lab/nhl/nhl_2025.csv", linePrefix: "2024-10-04,1:00 PM,New Jersey Devils",
            homeScoreField: 5, awayScoreField: 3, gameId: "game_nhl_2024_buf_njd_1004", venueId: "stadium_nhl_o2_arena_prague"),
    ]

    @Test("The bundled game has the raw row's final score and the right venue", arguments: checks)
    func spotCheck(check: Check) throws {
        let rows = try RawSources.lines(check.file, startingWith: check.linePrefix)
        let row = try #require(rows.first, "no row starting \(check.linePrefix) in \(check.file)")
        let fields = RawSources.fields(row)
        let catalog = Self.catalog
        let game = try #require(catalog.game(id: GameID(rawValue: check.gameId)), "\(check.gameId) is not in the index")
        // Some sources write scores as "93.0".
        #expect(game.homeScore == Double(fields[check.homeScoreField]).map(Int.init))
        #expect(game.awayScore == Double(fields[check.awayScoreField]).map(Int.init))
        #expect(game.venueId == check.venueId)
    }

    @Test("Every regular-season MLB game 1990-2024 is present, with its final score", arguments: 1990...2024)
    func mlbSeasonComplete(year: Int) throws {
        let file = year >= 2020 ? "retrosheet-gamelogs/gl\(year).txt.gz" : "retrosheet-gamelogs/GL\(year).TXT.gz"
        let rawGames = try RawSources.lines(file, startingWith: "\"\(year)").count
        let coverage = try #require(Self.coverage.first { $0.league == "mlb" && $0.season == year })
        #expect(coverage.games - coverage.postseasonGames == rawGames)
        #expect(coverage.withScores == coverage.games)
    }
}
