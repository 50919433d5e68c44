import Catalog
import Foundation
import TimeAndPlace

/// ESPN's scoreboard JSON (`site.api.espn.com`), one day at a time, for every league whose record gives its path
/// there. Unofficial.
public struct ESPNScoreboard: ScoreAPIProvider {
    /// Names the provider in its stored state, in a score's provenance and in `stadiumlog providers`.
    public let name = "espn"
    /// Each league's path at ESPN (`football/nfl`), from the league records.
    public let paths: [LeagueID: String]
    /// The leagues it has a path for, each with its own scoreboard.
    public var leagues: Set<LeagueID> { Set(paths.keys) }
    /// Unofficial: disabled for 24 h after 3 failures within an hour.
    public let reliability = ProviderReliability.unofficial
    /// At most one request a second.
    public let minimumInterval = 1.0
    /// Set it (environment or `stadiumlog.conf`) to send the requests to a mirror or a test server.
    public let baseURLKey = "STADIUMLOG_ESPN_URL"
    /// `https://site.api.espn.com`, used when there is no override.
    public let defaultBaseURL = URL(string: "https://site.api.espn.com")!

    /// The ESPN scoreboard for the leagues of `paths` (league -> `league/league` at ESPN).
    public init(paths: [LeagueID: String]) { self.paths = paths }

    /// The league's scoreboard of one date (`…/baseball/mlb/scoreboard?dates=20220407`).
    public func request(for league: LeagueID, on day: LocalDate) -> ProviderRequest {
        ProviderRequest(
            "/apis/site/v2/sports/\(paths[league] ?? league.rawValue)/scoreboard?dates=\(day.iso8601.replacingOccurrences(of: "-", with: ""))"
        )
    }

    /// The scoreboard's games, doubleheader numbers read from its notes; throws
    /// ``ProviderError/unreadable(provider:reason:)`` when the body is not a scoreboard or is the scoreboard of another date.
    public func games(in body: Data, league: LeagueID, on day: LocalDate) throws(ProviderError) -> [ProviderGame] {
        let board = try JSONDecoder.decode(Scoreboard.self, from: body, provider: name)
        if let echoed = board.day?.date, echoed != day.iso8601 {
            throw .unreadable(provider: name, reason: "the scoreboard is for \(echoed), not \(day.iso8601)")
        }
        // Without the day it echoes, the body is a week's scoreboard (the NFL's, as ESPN serves it by default): the
        // day's games are those starting on it in US Eastern time, ESPN's calendar.
        let events = board.day != nil ? board.events : board.events.filter { Self.easternDay(of: $0.date) == day }
        return events.compactMap { event -> ProviderGame? in
            guard let competition = event.competitions.first,
                let home = competition.competitors.first(where: { $0.homeAway == "home" }),
                let away = competition.competitors.first(where: { $0.homeAway == "away" })
            else { return nil }
            return ProviderGame(
                providerGameId: event.id, league: league, localDate: day,
                gameNumber: competition.doubleheaderGameNumber, home: home.team.provided,
                away: away.team.provided, homeScore: home.score.flatMap { Int($0) },
                awayScore: away.score.flatMap { Int($0) }, status: competition.status.type.status,
                venueName: competition.venue?.fullName, startUTC: ProviderTime.instant(event.date))
        }
    }

    private static let eastern = TimeZone(identifier: "America/New_York")!

    /// The US-Eastern date an event starts on.
    private static func easternDay(of start: String?) -> LocalDate? {
        ProviderTime.instant(start).flatMap { LocalDateTime(instant: $0, in: eastern)?.date }
    }

    private struct Scoreboard: Decodable {
        var day: Day?
        var events: [Event]
    }

    private struct Day: Decodable {
        var date: String
    }

    private struct Event: Decodable {
        var id: String
        var date: String?
        var competitions: [Competition]
    }

    private struct Competition: Decodable {
        var competitors: [Competitor]
        var venue: Venue?
        var status: Status
        var notes: [Note]?

        /// Doubleheaders show only in a note's headline: "Doubleheader - Game 1 - Makeup from July 17".
        var doubleheaderGameNumber: Int {
            for note in notes ?? [] {
                guard let headline = note.headline, headline.lowercased().hasPrefix("doubleheader - game ") else { continue }
                let number = headline.dropFirst("doubleheader - game ".count).prefix { $0.isNumber }
                return Int(number) ?? 0
            }
            return 0
        }
    }

    private struct Competitor: Decodable {
        var homeAway: String
        /// A string on the scoreboard ("5").
        var score: String?
        var team: Team
    }

    private struct Team: Decodable {
        var id: String?
        var abbreviation: String?
        var displayName: String?

        var provided: ProviderTeam { ProviderTeam(id: id, idKind: "espnId", abbreviation: abbreviation, name: displayName) }
    }

    private struct Venue: Decodable {
        var fullName: String?
    }

    private struct Note: Decodable {
        var headline: String?
    }

    private struct Status: Decodable {
        var type: StatusType
    }

    private struct StatusType: Decodable {
        var name: String?
        var completed: Bool?

        var status: GameStatus {
            switch name {
            case "STATUS_FINAL": .final
            case "STATUS_POSTPONED": .postponed
            case "STATUS_CANCELED", "STATUS_CANCELLED": .cancelled
            case "STATUS_SUSPENDED": .suspended
            case "STATUS_IN_PROGRESS", "STATUS_END_PERIOD", "STATUS_HALFTIME", "STATUS_DELAYED": .live
            default: completed == true ? .final : .scheduled
            }
        }
    }
}
