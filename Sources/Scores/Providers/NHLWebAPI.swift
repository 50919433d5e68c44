import Catalog
import Foundation
import TimeAndPlace

/// The NHL's own web API (`api-web.nhle.com`): a week of games from the asked date, final scores, shootouts.
public struct NHLWebAPI: SeasonScheduleProvider {
    /// Names the provider in its stored state, in a score's provenance and in `stadiumlog providers`.
    public let name = "nhl-api-web"
    /// The leagues whose records name this provider (NHL's own API serves NHL alone).
    public let leagues: Set<LeagueID>
    /// Run by the NHL: retried with backoff, never disabled.
    public let reliability = ProviderReliability.official
    /// At most five requests a second.
    public let minimumInterval = 0.2
    /// Set it (environment or `stadiumlog.conf`) to send the requests to a mirror or a test server.
    public let baseURLKey = "STADIUMLOG_NHL_WEB_URL"
    /// `https://api-web.nhle.com`, used when there is no override.
    public let defaultBaseURL = URL(string: "https://api-web.nhle.com")!

    /// The web API, for the leagues whose records name it.
    public init(leagues: Set<LeagueID>) { self.leagues = leagues }

    /// The schedule from `day` (`/v1/schedule/2023-11-04`), which answers with that day's week.
    public func request(for league: LeagueID, on day: LocalDate) -> ProviderRequest {
        ProviderRequest("/v1/schedule/\(day.iso8601)")
    }

    /// The games of `day` out of the week the schedule answers with; throws
    /// ``ProviderError/unreadable(provider:reason:)`` when the body is not a schedule.
    public func games(in body: Data, league: LeagueID, on day: LocalDate) throws(ProviderError) -> [ProviderGame] {
        try seasonGames(in: body, league: league).filter { $0.localDate == day }
    }

    /// Every game of a week's schedule, under the date it is listed on, with its phase, season and neutral site;
    /// throws ``ProviderError/unreadable(provider:reason:)`` when the body is not a schedule.
    public func seasonGames(in body: Data, league: LeagueID) throws(ProviderError) -> [ProviderGame] {
        let schedule = try JSONDecoder.decode(Schedule.self, from: body, provider: name)
        return schedule.gameWeek.flatMap { listed -> [ProviderGame] in
            guard let day = LocalDate(listed.date) else { return [] }
            return listed.games.map { game in
                ProviderGame(
                    providerGameId: String(game.id), league: league, localDate: day, home: game.homeTeam.provided,
                    away: game.awayTeam.provided, homeScore: game.homeTeam.score, awayScore: game.awayTeam.score,
                    status: game.status, venueName: game.venue?.default, startUTC: ProviderTime.instant(game.startTimeUTC),
                    phase: Self.phase(ofGameType: game.gameType), season: game.season.map { $0 / 10_000 },
                    isNeutralSite: game.neutralSite ?? false)
            }
        }
    }

    /// A season's games, a week a request (the schedule answers with the week from the asked date), from September
    /// (the Global Series abroad open some seasons in early October) through July (the latest Stanley Cup final).
    public func requests(for league: LeagueID, season: Int) -> [ProviderRequest] {
        guard let first = LocalDate(year: season, month: 9, day: 1), let last = LocalDate(year: season + 1, month: 7, day: 31)
        else { return [] }
        return stride(from: first.daysSinceEpoch, through: last.daysSinceEpoch, by: 7).map {
            ProviderRequest("/v1/schedule/\(LocalDate(daysSinceEpoch: $0).iso8601)")
        }
    }

    /// The web API's game types: 1 preseason, 2 regular season, 3 playoffs; others (4 All-Star) are exhibitions.
    static func phase(ofGameType type: Int?) -> SeasonPhase {
        switch type {
        case 2, nil: .regular
        case 3: .postseason
        case 1: .preseason
        default: .exhibition
        }
    }

    private struct Schedule: Decodable {
        var gameWeek: [Day]
    }

    private struct Day: Decodable {
        var date: String
        var games: [Game]
    }

    private struct Game: Decodable {
        var id: Int
        var season: Int?
        var gameType: Int?
        var neutralSite: Bool?
        var venue: Localized?
        var startTimeUTC: String?
        var gameState: String?
        var gameScheduleState: String?
        var homeTeam: Team
        var awayTeam: Team

        /// Final only when official (`OFF`) or just ended (`FINAL`) and the schedule state is still `OK`.
        var status: GameStatus {
            switch gameScheduleState {
            case "PPD": return .postponed
            case "CNCL": return .cancelled
            case "SUSP": return .suspended
            default: break
            }
            switch gameState {
            case "OFF", "FINAL": return .final
            case "LIVE", "CRIT", "OVER": return .live
            default: return .scheduled
            }
        }
    }

    private struct Team: Decodable {
        var id: Int?
        var abbrev: String?
        var placeName: Localized?
        var commonName: Localized?
        var score: Int?

        /// "Toronto" + "Maple Leafs"; 2023 responses lack `commonName`, so the id and abbreviation carry the match.
        var provided: ProviderTeam {
            let name = [placeName?.default, commonName?.default].compactMap { $0 }
            return ProviderTeam(
                id: id.map(String.init), idKind: "nhlStatsId", abbreviation: abbrev,
                name: name.count == 2 ? name.joined(separator: " ") : nil)
        }
    }

    private struct Localized: Decodable {
        var `default`: String
    }
}
