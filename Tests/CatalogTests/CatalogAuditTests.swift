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
        for id in [
            "game_mlb_2020_sf_sea_0916", "game_mlb_2020_sd_sea_0919", "game_mlb_2020_wsh_tor_0729",
            "game_mlb_2007_sea_cle_0926_1", "game_mlb_2022_det_athletics_0510_1",
        ] {
            #expect(Self.catalog.game(id: GameID(rawValue: id)) == nil, "\(id)")
        }
        #expect(Self.catalog.game(id: "game_mlb_2007_cle_sea_0926_1")?.venueId == "stadium_mlb_t_mobile_park")
        #expect(Self.catalog.game(id: "game_mlb_2022_athletics_det_0510_1")?.venueId == "stadium_mlb_comerica_park")
    }

    @Test(
        "NBA tip-offs of the 2013 playoffs and 2013-14's noon games, on their own date at the venue",
        arguments: [
            // Grizzlies at Clippers, Game 1: 7:30 p.m. Pacific on 2013-04-20 (the file's "1:30a").
            ("game_nba_2012_lac_mem_0420", 1_366_511_400),
            // Warriors at Nuggets, Game 1: 3:30 p.m. Mountain on 2013-04-20 (the file's "7:30p").
            ("game_nba_2012_den_gsw_0420", 1_366_493_400),
            // Nuggets at Warriors, Game 4: 6:30 p.m. Pacific on 2013-04-28 (the file's "12:30a").
            ("game_nba_2012_gsw_den_0428", 1_367_199_000),
            // Bulls at Nets, Christmas Day 2013: noon Eastern (the file's "12:00a").
            ("game_nba_2013_bkn_chi_1225", 1_387_990_800),
            // Nets at Raptors, Game 1: 12:30 p.m. Eastern on 2014-04-19 (the file's "12:30a").
            ("game_nba_2013_tor_bkn_0419", 1_397_925_000),
        ])
    func nbaStartTimes(id: GameID, seconds: Int) throws {
        let game = try game(id)
        #expect(game.startUTC == Date(timeIntervalSince1970: TimeInterval(seconds)), "\(String(describing: game.startUTC))")
    }

    @Test("Every timed game of every league starts between 10:00 and 23:00 at its venue, on its own date")
    func startsAtPlausibleLocalTimes() throws {
        var calendar = Calendar(identifier: .gregorian)
        var checked = 0
        for league in ["mlb", "nba", "nhl", "nfl"] as [LeagueID] {
            for offset in stride(from: 0, to: 366 * 27, by: 1) {
                let day = LocalDate("2000-01-01")!.adding(days: offset)
                for game in Self.catalog.games(on: day, league: league) {
                    guard let start = game.startUTC,
                        let zone = Self.catalog.venue(id: game.venueId).flatMap({ TimeZone(identifier: $0.timeZone) })
                    else { continue }
                    calendar.timeZone = zone
                    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: start)
                    let minutes = parts.hour! * 60 + parts.minute!
                    #expect(minutes >= 10 * 60 && minutes <= 23 * 60, "\(game.id) starts \(parts.hour!):\(parts.minute!)")
                    let local = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
                    #expect(local == game.localDate.description, "\(game.id) starts on \(local)")
                    checked += 1
                }
            }
        }
        #expect(checked > 50_000)
    }

    @Test(
        "Renames dated by two sources, not by a year's first day",
        arguments: [
            // The A's first homestand of 2023 was still at RingCentral Coliseum; the name was dropped in April 2023.
            ("stadium_mlb_oakland_alameda_county_coliseum", "2023-04-04", "RingCentral Coliseum"),
            ("stadium_mlb_oakland_alameda_county_coliseum", "2023-04-14", "Oakland-Alameda County Coliseum"),
            ("stadium_mlb_oakland_alameda_county_coliseum", "2022-09-20", "RingCentral Coliseum"),
            // Canadian Airlines took the Saddledome's name in July 1996, not in 1995.
            ("stadium_nhl_scotiabank_saddledome", "1996-01-17", "Olympic Saddledome"),
            ("stadium_nhl_scotiabank_saddledome", "1996-10-09", "Canadian Airlines Saddledome"),
            // Comiskey Park became U.S. Cellular Field on the day the deal was announced, January 31, 2003.
            ("stadium_mlb_rate_field", "2003-01-30", "Comiskey Park"),
            ("stadium_mlb_rate_field", "2003-01-31", "U.S. Cellular Field"),
            // Skyreach Centre from the 1998 off-season: the 1997-98 season, its playoffs included, was played under the old name.
            ("stadium_nhl_northlands_coliseum", "1998-06-30", "Northlands Coliseum"),
            ("stadium_nhl_northlands_coliseum", "1998-07-01", "Skyreach Centre"),
        ])
    func renameDates(venue: String, day: String, name: String) {
        #expect(Self.catalog.venueName(venue, on: LocalDate(day)!) == name)
    }
}
