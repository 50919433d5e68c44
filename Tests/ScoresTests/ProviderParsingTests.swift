import Catalog
import Foundation
import ScoreProviderFixtures
import Scores
import Testing
import TimeAndPlace
import VisitStore

/// Each provider reads its recorded responses into the right games, statuses and finals, and every game maps onto
/// the catalog — onto the very bundled game, with the same score, where the index covers the date.
@Suite("Score providers read their recorded responses")
struct ProviderParsingTests {
    static let catalog = try! Catalog.bundled()

    static func recording(_ path: String) throws -> Data {
        try Data(contentsOf: FixtureServer.fixtures.appendingPathComponent(path))
    }

    static func day(_ text: String) -> LocalDate { LocalDate(text)! }

    /// Every final the bundled index also has carries the same score there.
    static func agreesWithBundledIndex(_ games: [ProviderGame]) -> Int {
        var compared = 0
        for game in games where game.isFinal {
            guard let mapped = catalog.map(game), let id = mapped.catalogGameId, let bundled = catalog.game(id: id),
                bundled.isFinal
            else { continue }
            #expect(bundled.homeScore == mapped.game.homeScore && bundled.awayScore == mapped.game.awayScore, "\(id)")
            compared += 1
        }
        return compared
    }

    @Test("MLB Stats API: Opening Day 2022, seven finals and two postponed games that say Final")
    func mlbStatsAPI() throws {
        let games = try ProviderTestContext.provider("mlb-statsapi").games(
            in: Self.recording("mlb-statsapi/schedule_date_2022-04-07.json"), league: "mlb",
            on: Self.day("2022-04-07"))
        #expect(games.count == 9)
        #expect(games.filter(\.isFinal).count == 7)
        let postponed = try #require(games.first { $0.providerGameId == "661333" })
        #expect(postponed.status == .postponed && !postponed.isFinal, "abstractGameState Final, yet postponed")
        let cubs = try #require(games.first { $0.providerGameId == "663178" })
        #expect(cubs.homeScore == 5 && cubs.awayScore == 4 && cubs.venueName == "Wrigley Field" && cubs.gameNumber == 0)
        let mapped = try #require(Self.catalog.map(cubs))
        #expect((mapped.homeTeamId, mapped.awayTeamId) == ("team_mlb_chc", "team_mlb_mil"))
        #expect(games.allSatisfy { Self.catalog.map($0) != nil }, "every team named, Guardians included")
        #expect(Self.agreesWithBundledIndex(games) == 7)
    }

    @Test("NHL web API: a week's schedule gives the asked day only, shootouts final")
    func nhlWebAPI() throws {
        let body = try Self.recording("nhl-api-web/schedule_2025-10-07.json")
        #expect(try ProviderTestContext.provider("nhl-api-web").games(in: body, league: "nhl", on: Self.day("2025-10-07")).count == 3)
        let games = try ProviderTestContext.provider("nhl-api-web").games(in: body, league: "nhl", on: Self.day("2025-10-08"))
        #expect(games.count == 4 && games.allSatisfy(\.isFinal))
        let oilers = try #require(games.first { $0.providerGameId == "2025020006" })
        #expect(oilers.homeScore == 3 && oilers.awayScore == 4 && oilers.venueName == "Rogers Place")
        let mapped = try #require(Self.catalog.map(oilers))
        #expect((mapped.homeTeamId, mapped.awayTeamId) == ("team_nhl_edm", "team_nhl_cgy"))
    }

    @Test("NHL web API: every game state, and only OFF or FINAL with an OK schedule is final")
    func nhlStates() throws {
        let games = try ProviderTestContext.provider("nhl-api-web").games(
            in: Self.recording("nhl-api-web/schedule_2023-11-08_modified_mixed_states.json"),
            league: "nhl", on: Self.day("2023-11-10"))
        let status = Dictionary(uniqueKeysWithValues: games.map { ($0.providerGameId, $0.status) })
        #expect(status["2023020207"] == .final && status["2023020195"] == .final)
        #expect(status["2023020206"] == .live && status["2023020208"] == .live && status["2023020209"] == .live)
        #expect(status["2023020211"] == .scheduled && status["2023020217"] == .scheduled)
        #expect(status["2023020214"] == .postponed)
        #expect(games.allSatisfy { Self.catalog.map($0) != nil }, "teams by NHL id even without commonName")
    }

    @Test("NBA stats scoreboardv3: eleven finals, teams by their NBA ids")
    func nbaStats() throws {
        let games = try ProviderTestContext.provider("nba-stats").games(
            in: Self.recording("nba-stats/scoreboardv3_2025-11-05.json"), league: "nba",
            on: Self.day("2025-11-05"))
        #expect(games.count == 11 && games.allSatisfy(\.isFinal))
        let cavaliers = try #require(games.first { $0.home.abbreviation == "CLE" })
        #expect(cavaliers.homeScore == 132 && cavaliers.awayScore == 121)
        let mapped = try #require(Self.catalog.map(cavaliers))
        #expect((mapped.homeTeamId, mapped.awayTeamId) == ("team_nba_cle", "team_nba_phi"))
        #expect(games.allSatisfy { Self.catalog.map($0) != nil })
        #expect(throws: ProviderError.self, "a scoreboard for another day is not this day's") {
            try ProviderTestContext.provider("nba-stats").games(
                in: Self.recording("nba-stats/scoreboardv3_2025-11-05.json"), league: "nba",
                on: Self.day("2025-11-06"))
        }
    }

    @Test("ESPN: MLB split doubleheaders numbered from their notes; ESPN's own abbreviations mapped by name")
    func espnMLB() throws {
        let games = try ProviderTestContext.provider("espn").games(
            in: Self.recording("espn/mlb_scoreboard_2022-09-17_trimmed.json"), league: "mlb",
            on: Self.day("2022-09-17"))
        #expect(games.count == 17 && games.filter(\.isFinal).count == 3)
        let first = try #require(games.first { $0.providerGameId == "401423263" })
        #expect(first.gameNumber == 1 && first.homeScore == 5 && first.awayScore == 1)
        #expect(games.first { $0.providerGameId == "401356377" }?.gameNumber == 2)
        #expect(games.first { $0.providerGameId == "401463304" }?.gameNumber == 1, "a make-up game's note")
        #expect(games.allSatisfy { Self.catalog.map($0) != nil }, "CHW, KC, SD, SF, TB… all named")
        #expect(Self.agreesWithBundledIndex(games) == 3)
    }

    @Test("ESPN: NHL preseason finals, including overtime")
    func espnNHL() throws {
        let games = try ProviderTestContext.provider("espn").games(
            in: Self.recording("espn/nhl_scoreboard_2022-09-25_trimmed.json"), league: "nhl",
            on: Self.day("2022-09-25"))
        #expect(games.count == 10 && games.filter(\.isFinal).count == 3)
    }

    @Test("ESPN: the NFL's week scoreboard gives the asked day's games only, by their US-Eastern date; neutral sites kept")
    func espnNFL() throws {
        let espn = ProviderTestContext.provider("espn")
        let body = try Self.recording("espn/nfl_scoreboard_2022-11-20_week11_live.json")
        let thursday = try espn.games(in: body, league: "nfl", on: Self.day("2022-11-17"))
        #expect(thursday.map(\.providerGameId) == ["401437844"], "TEN at GB, 20:15 Eastern, 01:15 UTC the next day")
        #expect(thursday.first?.isFinal == true && thursday.first?.homeScore == 17 && thursday.first?.awayScore == 27)
        #expect(Self.agreesWithBundledIndex(thursday) == 1)
        let sunday = try espn.games(in: body, league: "nfl", on: Self.day("2022-11-20"))
        #expect(sunday.count == 12, "eleven afternoon games and the 20:20 Eastern game, 01:20 UTC the next day")
        #expect(sunday.allSatisfy { !$0.isFinal }, "live and scheduled games give no final")
        let moved = try #require(sunday.first { $0.venueName == "Ford Field" })
        #expect(Self.catalog.map(moved)?.catalogGameId == "game_nfl_2022_buf_cle_1120", "CLE at BUF, moved to Detroit by snow")
        let monday = try espn.games(in: body, league: "nfl", on: Self.day("2022-11-21"))
        #expect(monday.map(\.venueName) == ["Estadio Azteca"])
        #expect(Self.catalog.map(monday[0])?.catalogGameId == "game_nfl_2022_ari_sf_1121")
        #expect(try espn.games(in: body, league: "nfl", on: Self.day("2022-11-19")).isEmpty)
    }

    @Test("Pro-Football-Reference: a weekly page gives the asked day's finals, teams by the site's codes, shutouts and overtime")
    func proFootballReference() throws {
        let pfr = ProviderTestContext.provider("pro-football-reference")
        #expect(pfr.request(for: "nfl", on: Self.day("2017-10-22")).pathAndQuery == "/years/2017/week_7.htm")
        #expect(pfr.request(for: "nfl", on: Self.day("2017-10-19")).pathAndQuery == "/years/2017/week_7.htm", "Thursday")
        #expect(pfr.request(for: "nfl", on: Self.day("2017-10-23")).pathAndQuery == "/years/2017/week_7.htm", "Monday")
        #expect(pfr.request(for: "nfl", on: Self.day("2020-09-20")).pathAndQuery == "/years/2020/week_2.htm")
        #expect(pfr.request(for: "nfl", on: Self.day("2018-01-07")).pathAndQuery == "/years/2017/week_18.htm", "a wild-card Sunday")
        let page = try Self.recording("pro-football-reference/years_2017_week_7.html")
        let sunday = try pfr.games(in: page, league: "nfl", on: Self.day("2017-10-22"))
        #expect(sunday.count == 13 && sunday.allSatisfy(\.isFinal) && sunday.allSatisfy { $0.localDate == Self.day("2017-10-22") })
        #expect(sunday.allSatisfy { Self.catalog.map($0) != nil }, "crd, ram, oti… all named by the site's codes")
        #expect(Self.agreesWithBundledIndex(sunday) == 13)
        let london = try #require(sunday.first { $0.providerGameId == "201710220ram" })
        #expect((london.homeScore, london.awayScore) == (33, 0), "a shutout is a score of 0")
        #expect(try pfr.games(in: page, league: "nfl", on: Self.day("2017-10-19")).count == 1)
        #expect(try pfr.games(in: page, league: "nfl", on: Self.day("2017-10-21")).isEmpty, "a Saturday of the week without games")
    }

    @Test("Baseball-Reference: thirteen finals, a doubleheader numbered from its box ids, teams by their codes")
    func baseballReference() throws {
        let games = try ProviderTestContext.provider("baseball-reference").games(
            in: Self.recording("baseball-reference/boxes_2020-08-17.html"),
            league: "mlb", on: Self.day("2020-08-17"))
        #expect(games.count == 13 && games.allSatisfy(\.isFinal))
        let angels = try #require(games.first { $0.providerGameId == "ANA202008170" })
        #expect(angels.home.id == "LAA" && angels.away.name == "San Francisco Giants")
        #expect(angels.homeScore == 7 && angels.awayScore == 6 && angels.gameNumber == 0)
        let doubleheader = games.filter { $0.providerGameId.hasPrefix("CHN20200817") }.sorted { $0.gameNumber < $1.gameNumber }
        #expect(doubleheader.map(\.gameNumber) == [1, 2])
        #expect(Self.catalog.map(angels)?.homeTeamId == "team_mlb_laa")
        #expect(Self.agreesWithBundledIndex(games) == 13, "every game, both of the doubleheader included")
    }

    @Test("Basketball-Reference: seven finals; city-only link texts mapped by the site's team codes (CHO, BRK)")
    func basketballReference() throws {
        let games = try ProviderTestContext.provider("basketball-reference").games(
            in: Self.recording("basketball-reference/boxscores_2020-02-22.html"), league: "nba", on: Self.day("2020-02-22"))
        #expect(games.count == 7 && games.allSatisfy(\.isFinal))
        let jazz = try #require(games.first { $0.providerGameId == "202002220UTA" })
        #expect(jazz.homeScore == 110 && jazz.awayScore == 120 && jazz.away.name == "Houston")
        #expect(Self.catalog.map(jazz).map { [$0.homeTeamId, $0.awayTeamId] } == ["team_nba_uta", "team_nba_hou"])
        #expect(Self.agreesWithBundledIndex(games) == 7)
    }

    @Test("Hockey-Reference: four finals, two past regulation, teams by full name")
    func hockeyReference() throws {
        let games = try ProviderTestContext.provider("hockey-reference").games(
            in: Self.recording("hockey-reference/boxscores_2020-03-04.html"),
            league: "nhl", on: Self.day("2020-03-04"))
        #expect(games.count == 4 && games.allSatisfy(\.isFinal))
        let canucks = try #require(games.first { $0.providerGameId == "202003040VAN" })
        #expect(canucks.homeScore == 2 && canucks.awayScore == 4 && canucks.away.name == "Arizona Coyotes")
        #expect(Self.agreesWithBundledIndex(games) == 4)
    }

    /// A recorded Sports-Reference daily page with its site's provider, league and date (from the file name).
    static func dailyPage(_ path: String) throws -> (any ScoreAPIProvider, LeagueID, LocalDate, String) {
        let provider = ProviderTestContext.provider(String(path.split(separator: "/")[0]))
        return (
            provider, provider.leagues.first!, day(String(path.split(separator: "_")[1].prefix(10))),
            String(decoding: try recording(path), as: UTF8.self)
        )
    }

    @Test(
        "Reference pages cut short, redesigned or of another day are unreadable",
        arguments: [
            "baseball-reference/boxes_2020-08-17.html", "basketball-reference/boxscores_2020-02-22.html",
            "hockey-reference/boxscores_2020-03-04.html",
        ])
    func unreadablePage(path: String) throws {
        let (provider, league, day, page) = try Self.dailyPage(path)
        let redesigned = page.replacingOccurrences(of: "game_summary", with: "game-card")
        let renamedTable = page.replacingOccurrences(of: "<table class=\"teams\">", with: "<table class=\"matchup\">")
        for broken in [String(page.prefix(page.count * 2 / 3)), redesigned, renamedTable, "", "\u{1F}\u{8B}garbage"] {
            #expect(throws: ProviderError.self) { try provider.games(in: Data(broken.utf8), league: league, on: day) }
        }
        #expect(throws: ProviderError.self, "the page of another day") {
            try provider.games(in: Data(page.utf8), league: league, on: day.adding(days: 1))
        }
    }

    @Test(
        "A day without games is no games, not a changed page: the site's daily page, dated, with no box score of the day",
        arguments: [
            "baseball-reference/boxes_2020-08-17.html", "basketball-reference/boxscores_2020-02-22.html",
            "hockey-reference/boxscores_2020-03-04.html",
        ])
    func dayWithoutGames(path: String) throws {
        let (provider, league, day, page) = try Self.dailyPage(path)
        // The recorded page with its games taken out, as the site shows a day without games.
        let games = try #require(page.range(of: "<div class=\"game_summaries"))
        let footer = try #require(page.range(of: "<div id=\"footer\""))
        let empty = String(page[..<games.lowerBound]) + "<p>No games played on this date.</p>\n" + String(page[footer.lowerBound...])
        #expect(try provider.games(in: Data(empty.utf8), league: league, on: day).isEmpty)
        #expect(throws: ProviderError.self, "dated another day") {
            try provider.games(in: Data(empty.utf8), league: league, on: day.adding(days: 1))
        }
        // Redesigned so that no summary is found, but its games' box scores still linked: a changed page.
        let boxLinks = page.components(separatedBy: "href=\"").dropFirst().compactMap { $0.split(separator: "\"").first }
            .filter { $0.contains("/box") && $0.contains(String(format: "%04d%02d%02d", day.year, day.month, day.day)) }
        let stripped = empty.replacingOccurrences(
            of: "<p>No games played on this date.</p>",
            with: boxLinks.map { "<a href=\"\($0)\">Final</a>" }.joined())
        #expect(!boxLinks.isEmpty)
        #expect(throws: ProviderError.self) { try provider.games(in: Data(stripped.utf8), league: league, on: day) }
    }

    @Test(
        "Truncated, garbage and reshaped answers are unreadable, never a crash or a wrong game",
        arguments: [
            "mlb-statsapi/schedule_date_2022-04-07.json", "nhl-api-web/schedule_2025-10-07.json",
            "nba-stats/scoreboardv3_2025-11-05.json", "espn/mlb_scoreboard_2022-09-17_trimmed.json",
        ])
    func unreadable(path: String) throws {
        let provider: any ScoreAPIProvider =
            switch path.split(separator: "/")[0] {
            case "mlb-statsapi": ProviderTestContext.provider("mlb-statsapi")
            case "nhl-api-web": ProviderTestContext.provider("nhl-api-web")
            case "nba-stats": ProviderTestContext.provider("nba-stats")
            default: ProviderTestContext.provider("espn")
            }
        let body = try Self.recording(path)
        let day = Self.day(
            path.contains("2022-04-07")
                ? "2022-04-07"
                : path.contains("2025-10-07")
                    ? "2025-10-07"
                    : path.contains("2025-11-05") ? "2025-11-05" : "2022-09-17")
        let league = provider.leagues.count == 1 ? provider.leagues.first! : "mlb"
        for broken in [
            body.prefix(body.count / 2), Data("<html><body>Service Unavailable</body></html>".utf8),
            Data(#"{"unexpected": {"shape": true}}"#.utf8),
        ] {
            #expect(throws: ProviderError.self) { try provider.games(in: broken, league: league, on: day) }
        }
    }

    @Test("A game abroad that a league files under its own date is placed on the venue's local date")
    func dateAbroad() throws {
        // Tokyo, 19:05 on March 18 local: 10:05 UTC, listed by the league under March 17.
        let game = ProviderGame(
            providerGameId: "tokyo", league: "mlb", localDate: Self.day("2031-03-17"),
            home: ProviderTeam(name: "Chicago Cubs"), away: ProviderTeam(name: "Los Angeles Dodgers"),
            status: .scheduled, venueName: "Tokyo Dome", startUTC: Date(timeIntervalSince1970: 1_931_594_700))
        let listing = try #require(Self.catalog.listing(for: game, from: "mlb-statsapi"))
        #expect(listing.venueId == "stadium_mlb_tokyo_dome" && listing.localDate == Self.day("2031-03-18"))
    }
}
