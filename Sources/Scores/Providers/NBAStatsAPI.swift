import Catalog
import Foundation
import TimeAndPlace

/// The JSON behind nba.com (`stats.nba.com/stats/scoreboardv3`). Unofficial; it stalls requests that do not look
/// like nba.com's own, so it gets the headers its public clients document (swar/nba_api) — except the user agent,
/// which names StadiumLog as every request does. When it stalls anyway, three time-outs within an hour switch it off
/// for 24 hours and ESPN answers for the NBA (docs/ARCHITECTURE.md).
public struct NBAStatsAPI: SeasonScheduleProvider {
    /// Names the provider in its stored state, in a score's provenance and in `stadiumlog providers`.
    public let name = "nba-stats"
    /// The leagues whose records name this provider (NBA's own API serves NBA alone).
    public let leagues: Set<LeagueID>
    /// Unofficial: disabled for 24 h after 3 failures within an hour; ESPN answers for the NBA meanwhile.
    public let reliability = ProviderReliability.unofficial
    /// At most one request a second.
    public let minimumInterval = 1.0
    /// Set it (environment or `stadiumlog.conf`) to send the requests to a mirror or a test server.
    public let baseURLKey = "STADIUMLOG_NBA_STATS_URL"
    /// `https://stats.nba.com`, used when there is no override.
    public let defaultBaseURL = URL(string: "https://stats.nba.com")!

    /// The nba.com API, for the leagues whose records name it.
    public init(leagues: Set<LeagueID>) { self.leagues = leagues }

    /// The headers nba.com's own pages send, which the site expects.
    static let headers = [
        "Accept": "application/json, text/plain, */*",
        "Accept-Language": "en-US,en;q=0.5",
        "Referer": "https://www.nba.com/",
        "Origin": "https://www.nba.com",
        "Pragma": "no-cache",
        "Cache-Control": "no-cache",
        "Connection": "keep-alive",
    ]

    /// The scoreboard of one date (`scoreboardv3`), with the headers nba.com expects.
    public func request(for league: LeagueID, on day: LocalDate) -> ProviderRequest {
        ProviderRequest("/stats/scoreboardv3?GameDate=\(day.iso8601)&LeagueID=00", headers: Self.headers)
    }

    /// A whole season in one request: the league schedule (`scheduleleaguev2`), finals included.
    public func requests(for league: LeagueID, season: Int) -> [ProviderRequest] {
        [
            ProviderRequest(
                "/stats/scheduleleaguev2?LeagueID=00&Season=\(season)-\(String(season + 1).suffix(2))",
                headers: Self.headers)
        ]
    }

    /// Every game of the league schedule, under its Eastern date, with its phase (from the game id), season, arena and
    /// neutral site; throws ``ProviderError/unreadable(provider:reason:)`` when the body is not a league schedule.
    public func seasonGames(in body: Data, league: LeagueID) throws(ProviderError) -> [ProviderGame] {
        let schedule = try JSONDecoder.decode(ScheduleResponse.self, from: body, provider: name).leagueSchedule
        let season = schedule.seasonYear.flatMap { Int($0.prefix(4)) }
        return schedule.gameDates.flatMap(\.games).compactMap { game in
            // The Eastern date the league lists the game under; the venue's own date comes from the start later.
            guard let day = (game.gameDateEst?.prefix(10)).flatMap({ LocalDate(String($0)) }) else { return nil }
            return ProviderGame(
                providerGameId: game.gameId, league: league, localDate: day, home: game.homeTeam.provided,
                away: game.awayTeam.provided, homeScore: game.homeTeam.score, awayScore: game.awayTeam.score,
                status: game.status, venueName: game.arenaName.flatMap { $0.isEmpty ? nil : $0 },
                startUTC: ProviderTime.instant(game.gameDateTimeUTC), phase: Self.phase(ofGameId: game.gameId),
                season: season, isNeutralSite: game.isNeutral ?? false)
        }
    }

    /// NBA game ids start with their kind: `001` preseason, `002` regular season, `003` the All-Star Game, `004`
    /// playoffs, `005` the play-in, `006` the NBA Cup final (a game outside the standings, but a league game fans
    /// attend).
    static func phase(ofGameId id: String) -> SeasonPhase {
        switch id.prefix(3) {
        case "002", "006": .regular
        case "004", "005": .postseason
        case "001": .preseason
        default: .exhibition
        }
    }

    /// The scoreboard's games; throws ``ProviderError/unreadable(provider:reason:)`` when the body is not a scoreboard
    /// or is the scoreboard of another date (the API has answered with the wrong day).
    public func games(in body: Data, league: LeagueID, on day: LocalDate) throws(ProviderError) -> [ProviderGame] {
        let board = try JSONDecoder.decode(Response.self, from: body, provider: name).scoreboard
        guard board.gameDate == day.iso8601 else {
            throw .unreadable(provider: name, reason: "the scoreboard is for \(board.gameDate), not \(day.iso8601)")
        }
        return board.games.map { game in
            ProviderGame(
                providerGameId: game.gameId, league: league, localDate: day, home: game.homeTeam.provided,
                away: game.awayTeam.provided, homeScore: game.homeTeam.score, awayScore: game.awayTeam.score,
                status: game.status, startUTC: ProviderTime.instant(game.gameTimeUTC))
        }
    }

    private struct ScheduleResponse: Decodable {
        var leagueSchedule: LeagueSchedule
    }

    private struct LeagueSchedule: Decodable {
        var seasonYear: String?
        var gameDates: [GameDate]
    }

    private struct GameDate: Decodable {
        var games: [Game]
    }

    private struct Response: Decodable {
        var scoreboard: Scoreboard
    }

    private struct Scoreboard: Decodable {
        var gameDate: String
        var games: [Game]
    }

    private struct Game: Decodable {
        var gameId: String
        var gameStatus: Int
        var gameStatusText: String?
        var gameTimeUTC: String?
        /// In the league schedule: the Eastern date (`2025-10-21T00:00:00Z`), the start, the arena and neutral sites.
        var gameDateEst: String?
        var gameDateTimeUTC: String?
        var arenaName: String?
        var isNeutral: Bool?
        var homeTeam: Team
        var awayTeam: Team

        /// 1 scheduled, 2 live, 3 final; postponements show only in the text ("PPD", "Postponed").
        var status: GameStatus {
            let text = gameStatusText?.lowercased() ?? ""
            if text.hasPrefix("ppd") || text.hasPrefix("postponed") { return .postponed }
            if text.hasPrefix("cancel") { return .cancelled }
            switch gameStatus {
            case 3: return .final
            case 2: return .live
            default: return .scheduled
            }
        }
    }

    private struct Team: Decodable {
        var teamId: Int?
        var teamCity: String?
        var teamName: String?
        var teamTricode: String?
        var score: Int?

        var provided: ProviderTeam {
            let name = [teamCity, teamName].compactMap { $0 }
            return ProviderTeam(
                id: teamId.map(String.init), idKind: "nbaStatsId", abbreviation: teamTricode,
                name: name.count == 2 ? name.joined(separator: " ") : nil)
        }
    }
}
