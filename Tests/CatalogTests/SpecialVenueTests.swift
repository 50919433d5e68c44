import Foundation
import Testing
import TimeAndPlace

@testable import Catalog

/// Games played away from a team's usual home, and the labels of the season they belong to, as the curated tables of
/// Scripts/catalog/curated give them (each row with its source).
@Suite("Special venues, temporary homes and season labels")
struct SpecialVenueTests {
    static let catalog = try! Catalog.bundled()

    func game(_ id: GameID) throws -> Game { try #require(Self.catalog.game(id: id), "\(id) is in the catalog") }

    @Test(
        "The MLB 2020 postseason at its neutral parks",
        arguments: [
            ("game_mlb_2020_tb_nyy_1005", "stadium_mlb_petco_park", true),
            ("game_mlb_2020_athletics_hou_1005", "stadium_mlb_dodger_stadium", true),
            ("game_mlb_2020_atl_mia_1006", "stadium_mlb_daikin_park", true),
            ("game_mlb_2020_lad_atl_1012", "stadium_mlb_globe_life_field", true),
            ("game_mlb_2020_lad_tb_1027", "stadium_mlb_globe_life_field", true),
            ("game_mlb_2020_sd_stl_1002", "stadium_mlb_petco_park", false),
        ])
    func mlb2020Postseason(id: GameID, venue: String, neutral: Bool) throws {
        let game = try game(id)
        #expect(game.venueId == venue && game.isNeutralSite == neutral && game.seasonType == .postseason)
        #expect(game.isFinal)
    }

    @Test("MLB 2026 from its raw data, at each team's park that season")
    func mlb2026() throws {
        #expect(try game("game_mlb_2026_ari_sd_0425").venueId == "stadium_mlb_alfredo_harp_helu_stadium")
        #expect(try game("game_mlb_2026_ari_sd_0425").isNeutralSite)
        #expect(try game("game_mlb_2026_tb_chc_0406").venueId == "stadium_mlb_tropicana_field")
        #expect(try game("game_mlb_2026_athletics_hou_0403").venueId == "stadium_mlb_sutter_health_park")
        #expect(Self.catalog.covers("mlb", on: LocalDate("2026-07-01")!))
    }

    @Test(
        "NBA games abroad at their arenas, the Raptors' Tampa season at Amalie Arena",
        arguments: [
            ("game_nba_2010_bkn_tor_0304", "stadium_nba_the_o2_arena"),
            ("game_nba_2016_phx_dal_0112", "stadium_nba_arena_cdmx"),
            ("game_nba_2019_cha_mil_0124", "stadium_nba_accor_arena"),
            ("game_nba_2014_min_hou_1112", "stadium_nba_arena_cdmx"),
            ("game_nba_2003_okc_lac_1030", "stadium_nba_saitama_super_arena"),
            ("game_nba_2003_lac_okc_1101", "stadium_nba_saitama_super_arena"),
        ])
    func nbaAbroad(id: GameID, venue: String) throws {
        let game = try game(id)
        #expect(game.venueId == venue && game.isNeutralSite)
        let zone = try #require(Self.catalog.venue(id: venue)?.timeZone)
        #expect(!zone.hasPrefix("America/New_York"), "the venue's own zone")
    }

    @Test("The 2003 Japan games are on Saitama's days: the second, a Friday night in the US, on Saturday 2003-11-01")
    func japanGames() throws {
        let second = try game("game_nba_2003_lac_okc_1101")
        let start = try #require(second.startUTC)
        #expect(start == Date(timeIntervalSince1970: 1_067_655_600), "12:00 in Saitama on November 1")
        #expect(second.homeScore == 105 && second.awayScore == 124)
        #expect(Self.catalog.game(id: "game_nba_2003_lac_okc_1031") == nil)
    }

    @Test("The Raptors' 2020-21 home games were in Tampa")
    func raptorsInTampa() {
        let season = (0..<150).flatMap { offset in
            Self.catalog.games(on: LocalDate("2020-12-20")!.adding(days: offset), league: "nba")
        }.filter { $0.homeTeamId == "team_nba_tor" && $0.seasonType == .regular }
        #expect(season.count == 36)
        #expect(season.allSatisfy { $0.venueId == "stadium_nba_benchmark_international_arena" && !$0.isNeutralSite })
    }

    @Test("The Hornets' 2006-07 season: six home games in New Orleans, the other 35 in Oklahoma City")
    func hornetsKatrinaSeason() {
        let homeGames = (0..<170).flatMap { offset in
            Self.catalog.games(on: LocalDate("2006-11-01")!.adding(days: offset), league: "nba")
        }.filter { $0.homeTeamId == "team_nba_nop" && $0.seasonType == .regular }
        let inNewOrleans = homeGames.filter { $0.venueId == "stadium_nba_smoothie_king_center" }
        #expect(
            inNewOrleans.map(\.localDate.description)
                == ["2006-11-05", "2006-12-14", "2006-12-16", "2007-01-26", "2007-02-23", "2007-03-23"])
        #expect(homeGames.count == 41)
        #expect(Set(homeGames.filter { !inNewOrleans.contains($0) }.map(\.venueId)).count == 1, "the Ford Center")
        #expect(homeGames.allSatisfy { !$0.isNeutralSite })
    }

    @Test(
        "Outdoor games, games abroad, hubs, the NBA Cup and neutral US sites, at their real venue",
        arguments: [
            ("game_nhl_2013_det_tor_0101", "stadium_nhl_michigan_stadium", true),
            ("game_nhl_2013_njd_nyr_0126", "stadium_mlb_yankee_stadium", true),
            ("game_nhl_2003_edm_mtl_1122", "stadium_nhl_commonwealth_stadium", true),
            ("game_nhl_2022_col_cbj_1104", "stadium_nhl_nokia_arena", true),
            ("game_nhl_2011_lak_buf_1008", "stadium_nba_uber_arena", true),
            ("game_nhl_2019_car_nyr_0801", "stadium_nba_scotiabank_arena", true),
            ("game_nhl_2019_tbl_dal_0921", "stadium_nhl_rogers_place", true),
            ("game_nhl_2019_tor_cbj_0802", "stadium_nba_scotiabank_arena", false),
            ("game_nba_2019_mia_lal_1011", "stadium_nba_espn_wide_world_of_sports", true),
            ("game_nba_2023_lal_ind_1209", "stadium_nba_t_mobile_arena", true),
            ("game_nba_2017_mil_bos_1026", "stadium_nba_uwm_panther_arena", true),
            ("game_nba_2005_nop_phx_1216", "stadium_nba_pete_maravich_assembly_center", true),
            ("game_nba_2005_nop_lal_0308", "stadium_nba_smoothie_king_center", false),
            ("game_nhl_1997_van_ana_1004", "stadium_nhl_yoyogi_national_gymnasium", true),
            ("game_nhl_1998_sjs_cgy_1011", "stadium_nhl_yoyogi_national_gymnasium", true),
            ("game_nhl_2000_pit_nsh_1007", "stadium_nba_saitama_super_arena", true),
        ])
    func specialGames(id: GameID, venue: String, neutral: Bool) throws {
        let game = try game(id)
        #expect(game.venueId == venue && game.isNeutralSite == neutral, "\(game.venueId), neutral \(game.isNeutralSite)")
    }

    @Test(
        "Late-season NHL games are regular season, whatever the number of games that day",
        arguments: [
            "game_nhl_2023_cgy_sjs_0418", "game_nhl_2021_wpg_sea_0501", "game_nhl_2022_cbj_buf_0414", "game_nhl_2025_wpg_sjs_0416",
        ])
    func nhlRegularSeasonEnd(id: GameID) throws {
        #expect(try game(id).seasonType == .regular)
    }
}

/// Games the providers list, placed where and when the fans were.
@Suite("Provider games in catalog terms")
struct ProviderGamePlacementTests {
    static let catalog = try! Catalog.bundled()

    @Test("A canonical game id is taken apart in one place: league, season, teams, day and doubleheader number")
    func gameNumberInId() {
        let second: GameID = "game_mlb_2031_chc_stl_0817_2"
        #expect(second.doubleheaderNumber == 2)
        #expect((GameID(rawValue: "game_mlb_2031_chc_stl_0817_1")).doubleheaderNumber == 1)
        #expect((GameID(rawValue: "game_mlb_2031_chc_stl_0817")).doubleheaderNumber == 0)
        #expect((GameID(rawValue: "game_nba_2031_lal_bos_1225")).doubleheaderNumber == 0)
        #expect(second.parts?.home == "team_mlb_chc" && second.parts?.away == "team_mlb_stl" && second.parts?.league == "mlb")
        #expect(second.parts?.season == 2031 && second.parts?.candidateDates.first == LocalDate("2031-08-17"))
        #expect(
            GameID(rawValue: "game_nhl_2021_bos_nyr_0115").parts?.candidateDates == [LocalDate("2021-01-15")!, LocalDate("2022-01-15")!])
        for broken in ["game_mlb_2031_chc_stl", "team_mlb_bos", "game_mlb_20x1_chc_stl_0817", "game_mlb_2031_chc_stl_0817_12"] {
            #expect(GameID(rawValue: broken).parts == nil, "\(broken)")
        }
        #expect(TeamID(league: "nhl", code: "bos") == "team_nhl_bos" && TeamID(rawValue: "team_nhl_bos").code == "bos")
    }
}

/// Points an audit found on the wrong building, fixed at their source in the build.
@Suite("Venue points fixed at their source")
struct VenuePointFixTests {
    static let catalog = try! Catalog.bundled()

    func point(_ id: String) throws -> GeoCoordinate { try #require(Self.catalog.venue(id: id)?.coordinate, "\(id) has a point") }

    @Test("Yankee Stadium (2009–) stands where three independent sources put it, not on the old stadium's site")
    func yankeeStadium() throws {
        let new = try point("stadium_mlb_yankee_stadium")
        #expect(new.distance(to: GeoCoordinate(latitude: 40.8296, longitude: -73.9263)!) < 60)
        #expect(new.distance(to: try point("stadium_mlb_yankee_stadium_1923")) > 250, "two buildings, two points")
    }

    @Test(
        "Three Rivers and Veterans Stadium are no longer placed on their successors",
        arguments: [
            ("stadium_mlb_three_rivers_stadium", "stadium_mlb_pnc_park"),
            ("stadium_mlb_veterans_stadium", "stadium_mlb_citizens_bank_park"),
        ])
    func predecessors(old: String, successor: String) throws {
        #expect(try point(old).distance(to: try point(successor)) > 300)
    }
}
