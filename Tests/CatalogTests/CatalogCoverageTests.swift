import Catalog
import Testing
import TimeAndPlace

/// Which days the bundled index speaks for: where a day without games means no games, and where providers must be
/// asked.
@Suite("Catalog coverage of days")
struct CatalogCoverageTests {
    static let catalog = try! Catalog.bundled()

    @Test(
        "Covered: game days, off days within a season, the deep off-season",
        arguments: [
            (LeagueID(rawValue: "nba"), "2015-06-15", "between games 5 and 6 of the 2015 Finals"),
            ("mlb", "2015-07-15", "the All-Star break"),
            ("mlb", "2015-06-15", "a game day"),
            ("nhl", "2018-08-01", "August: six weeks from both seasons"),
            ("nba", "2016-07-01", "twelve days after the Finals: the index has the postseason, so no games"),
            ("mlb", "2020-10-20", "the 2020 World Series, at Globe Life Field (curated/mlb-game-sites.csv)"),
        ])
    func covered(league: LeagueID, day: String, why: String) {
        #expect(Self.catalog.covers(league, on: LocalDate(day)!), "\(why)")
    }

    @Test(
        "MLB postseasons before 2005, from the transcribed Retrosheet logs, at their parks with their finals",
        arguments: [
            ("game_mlb_1986_nym_bos_1025", "stadium_mlb_shea_stadium", 6, 5, "1986 World Series game 6, ten innings"),
            (
                "game_mlb_1959_lad_cws_1004", "stadium_mlb_los_angeles_memorial_coliseum", 3, 1,
                "1959 World Series game 3, at the Dodgers' temporary home"
            ),
            ("game_mlb_1981_wsh_lad_1019", "stadium_mlb_stade_olympique", 1, 2, "1981 NLCS game 5 in Montreal"),
            ("game_mlb_1995_sea_nyy_1008", "stadium_mlb_kingdome", 6, 5, "1995 ALDS game 5, eleven innings"),
        ])
    func earlyPostseason(id: GameID, venue: String, home: Int, away: Int, what: String) throws {
        let game = try #require(Self.catalog.game(id: id), "\(what)")
        #expect(
            game.venueId == venue && game.homeScore == home && game.awayScore == away && game.seasonType == .postseason,
            "\(what)")
        #expect(Self.catalog.covers("mlb", on: game.localDate))
    }

    @Test(
        "Not covered: preseason weeks, seasons after the index",
        arguments: [
            (LeagueID(rawValue: "nhl"), "2022-09-25", "NHL preseason"),
            ("nba", "2019-10-10", "NBA preseason, twelve days before the season"),
            ("mlb", "2031-06-15", "a season after the index was built"),
            ("nba", "1990-01-10", "before the index begins"),
        ])
    func uncovered(league: LeagueID, day: String, why: String) {
        #expect(!Self.catalog.covers(league, on: LocalDate(day)!), "\(why)")
        #expect(Self.catalog.games(on: LocalDate(day)!, league: league).isEmpty)
    }
}
