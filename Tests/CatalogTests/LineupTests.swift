import Foundation
import Testing
import TimeAndPlace

@testable import Catalog

/// Who was on the field in real games, as the bundled lineups give them (Retrosheet's game logs, nflverse; honours
/// from the Lahman tables): the edges of the build's rules — a game whose listed home team batted first, a
/// postseason game, a season before divisions, seasons the sources name nobody in.
@Suite("The people on the field")
struct LineupTests {
    static let catalog = try! Catalog.bundled()

    func lineup(_ id: GameID) throws -> GameLineup { try #require(Self.catalog.lineup(of: id), "\(id) has a lineup") }

    @Test("The Shot Heard 'Round the World (1951-10-03): both lineups in batting order, the pitchers of record, the Hall of Famers")
    func shotHeardRoundTheWorld() throws {
        let lineup = try lineup("game_mlb_1951_sf_lad_1003")
        #expect(lineup.away.lineup.map(\.person.name).prefix(4) == ["Carl Furillo", "Pee Wee Reese", "Duke Snider", "Jackie Robinson"])
        #expect(lineup.home.lineup.map { "\($0.person.name) \($0.position)" }.contains("Bobby Thomson 3B"))
        #expect(lineup.home.lineup.map { "\($0.person.name) \($0.position)" }.contains("Willie Mays CF"))
        #expect(lineup.away.starter?.name == "Don Newcombe" && lineup.home.starter?.name == "Sal Maglie")
        #expect(lineup.winner?.name == "Larry Jansen" && lineup.loser?.name == "Ralph Branca" && lineup.save == nil)
        #expect(lineup.home.manager?.name == "Leo Durocher" && lineup.away.manager?.name == "Chuck Dressen")
        let robinson = try #require(lineup.away.lineup.first { $0.person.name == "Jackie Robinson" })
        #expect(robinson.person.honours.contains { $0.kind == .hallOfFame && $0.year == 1962 })
        #expect(robinson.person.honours.contains { $0.text == "1949 NL Most Valuable Player" })
        #expect(lineup.roles.starter == "starting pitcher" && lineup.roles.win == "winning pitcher")
    }

    @Test("A game the log lists the other way round (HTBF): the Blue Jays, home at Nationals Park, have their own lineup")
    func homeTeamBattedFirst() throws {
        let game = try #require(Self.catalog.game(id: "game_mlb_2020_tor_wsh_0729"))
        #expect(game.homeTeamId == "team_mlb_tor" && game.venueId == "stadium_mlb_nationals_park")
        let lineup = try lineup("game_mlb_2020_tor_wsh_0729")
        #expect(lineup.home.starter?.name == "Nate Pearson" && lineup.home.manager?.name == "Charlie Montoyo")
        #expect(lineup.home.lineup.contains { $0.person.name == "Vladimir Guerrero" && $0.position == "1B" })
        #expect(lineup.away.starter?.name == "Max Scherzer" && lineup.away.lineup.first?.person.name == "Trea Turner")
        #expect(lineup.winner?.name == "Daniel Hudson" && lineup.loser?.name == "Shun Yamaguchi")
    }

    @Test("Game 7 of the 2016 World Series: a postseason game with a designated hitter and a save")
    func worldSeries2016() throws {
        let lineup = try lineup("game_mlb_2016_cle_chc_1102")
        #expect(lineup.away.lineup.map(\.position) == ["CF", "DH", "3B", "1B", "LF", "SS", "C", "RF", "2B"])
        #expect(lineup.away.starter?.name == "Kyle Hendricks" && lineup.home.starter?.name == "Corey Kluber")
        #expect(lineup.winner?.name == "Aroldis Chapman" && lineup.loser?.name == "Bryan Shaw" && lineup.save?.name == "Mike Montgomery")
        // With a DH the starting pitcher does not bat: a starter once, not twice.
        #expect(lineup.starters.count == 20)
    }

    @Test("NFL: starting quarterbacks and head coaches, with the source's slips settled and its wrong coaches corrected")
    func nflStartersAndCoaches() throws {
        let opener = try lineup("game_nfl_2015_nyj_cle_0913")
        #expect(opener.away.starter?.name == "Josh McCown" && opener.home.starter?.name == "Ryan Fitzpatrick")
        #expect(opener.away.manager?.name == "Mike Pettine" && opener.home.manager?.name == "Todd Bowles")
        #expect(opener.roles.starter == "starting quarterback" && opener.roles.manager == "head coach" && opener.roles.win == nil)
        #expect(opener.away.lineup.isEmpty && opener.winner == nil)
        // nflverse names Cam Newton under Kyle Allen's id; Kyle Allen started (curated/nfl-qb-checks.md).
        #expect(try lineup("game_nfl_2019_sf_car_1027").away.starter?.name == "Kyle Allen")
        // nflverse keeps Joe Philbin after his dismissal; Dan Campbell coached from week 6 (curated/nfl-coach-corrections.csv).
        #expect(try lineup("game_nfl_2015_ten_mia_1018").away.manager?.name == "Dan Campbell")
        #expect(try lineup("game_nfl_2015_was_mia_0913").away.manager?.name == "Joe Philbin")
        // Two head coaches called Jim Mora, told apart.
        let colts = try #require(Self.catalog.games(ofTeam: "team_nfl_ind", on: LocalDate(year: 2000, month: 9, day: 3)!).first)
        #expect(try lineup(colts.id).everyone.contains { $0.name == "Jim E. Mora" })
    }

    @Test("Nobody where the sources name nobody: MLB after 2024, postseasons before 2005, the NBA and NHL, a game not in the catalog")
    func seasonsWithoutLineups() {
        for id: GameID in [
            "game_mlb_2025_tor_lad_1101", "game_mlb_2001_nyy_ari_1031", "game_nba_2011_atl_uta_0325", "game_nhl_2005_ana_cbj_0305",
            "game_mlb_2015_bos_atl_0699", "game_xyz",
        ] {
            #expect(Self.catalog.lineup(of: id) == nil, "\(id)")
        }
    }

    @Test("Every MLB regular-season game of 1950-2024 names its starters, nine a side at nine positions, but two the logs leave blank")
    func coverage() throws {
        for season in 1950...2024 {
            let (first, last) = (LocalDate(year: season, month: 6, day: 1)!, LocalDate(year: season, month: 9, day: 30)!)
            let games: [Game] = Self.catalog.games(from: first, through: last, leagues: ["mlb"]) { !$0.postseason }
            let named = games.compactMap { Self.catalog.lineup(of: $0.id) }
            // 1954-07-18 (Phillies at Cardinals) and 1979-07-12 (Disco Demolition Night's forfeit): no lineup in the logs.
            #expect(named.count == games.count - ([1954, 1979].contains(season) ? 1 : 0), "\(season)")
            for lineup in named {
                #expect(lineup.away.lineup.count == 9 && lineup.home.lineup.count == 9)
                #expect(Set(lineup.home.lineup.map(\.position)).count == 9, "no position twice")
                #expect(lineup.away.starter != nil && lineup.home.manager != nil)
            }
        }
    }
}
