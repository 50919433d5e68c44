import Catalog
import Foundation
import TimeAndPlace

/// MLB's official Stats API: every game of a date, with final scores, doubleheader numbers and venues.
public struct MLBStatsAPI: SeasonScheduleProvider {
    /// Names the provider in its stored state, in a score's provenance and in `stadiumlog providers`.
    public let name = "mlb-statsapi"
    /// The leagues whose records name this provider (MLB's own API serves MLB alone).
    public let leagues: Set<LeagueID>
    /// Run by MLB: retried with backoff, never disabled.
    public let reliability = ProviderReliability.official
    /// At most ten requests a second.
    public let minimumInterval = 0.1
    /// Set it (environment or `stadiumlog.conf`) to send the requests to a mirror or a test server.
    public let baseURLKey = "STADIUMLOG_MLB_STATS_URL"
    /// `https://statsapi.mlb.com`, used when there is no override.
    public let defaultBaseURL = URL(string: "https://statsapi.mlb.com")!

    /// The Stats API, for the leagues whose records name it.
    public init(leagues: Set<LeagueID>) { self.leagues = leagues }

    /// The schedule of one date, which carries the scores.
    public func request(for league: LeagueID, on day: LocalDate) -> ProviderRequest {
        ProviderRequest("/api/v1/schedule?sportId=1&date=\(day.iso8601)")
    }

    /// The games listed under `day`; throws ``ProviderError/unreadable(provider:reason:)`` when the body is not a schedule.
    public func games(in body: Data, league: LeagueID, on day: LocalDate) throws(ProviderError) -> [ProviderGame] {
        // A postponed game is listed under its original date with `officialDate` already at the make-up date: the
        // listing date is the one that was asked for.
        try seasonGames(in: body, league: league).filter { $0.localDate == day }
    }

    /// Every game of a schedule response, under the date it is listed on, with its doubleheader number, phase and
    /// season; throws ``ProviderError/unreadable(provider:reason:)`` when the body is not a schedule.
    public func seasonGames(in body: Data, league: LeagueID) throws(ProviderError) -> [ProviderGame] {
        let schedule = try JSONDecoder.decode(Schedule.self, from: body, provider: name)
        return schedule.dates.flatMap { listed -> [ProviderGame] in
            guard let day = LocalDate(listed.date) else { return [] }
            return listed.games.map { game in
                ProviderGame(
                    providerGameId: String(game.gamePk), league: league, localDate: day,
                    gameNumber: game.doubleHeader == "N" ? 0 : game.gameNumber ?? 0,
                    home: game.teams.home.team.provided, away: game.teams.away.team.provided,
                    homeScore: game.teams.home.score, awayScore: game.teams.away.score, status: game.status.status,
                    // The second game of a traditional doubleheader has no time of its own ("start time TBD"): its
                    // `gameDate` is a placeholder, not a start.
                    venueName: game.venue?.name,
                    startUTC: game.status.startTimeTBD == true ? nil : ProviderTime.instant(game.gameDate),
                    phase: Self.phase(ofGameType: game.gameType), season: game.season.flatMap { Int($0) })
            }
        }
    }

    /// A season's games, a month a request, from March (openers abroad) through November (the World Series).
    public func requests(for league: LeagueID, season: Int) -> [ProviderRequest] {
        (3...11).compactMap { month in
            guard let first = LocalDate(year: season, month: month, day: 1),
                let last = LocalDate(year: season, month: month + 1, day: 1)?.adding(days: -1)
            else { return nil }
            return ProviderRequest("/api/v1/schedule?sportId=1&startDate=\(first.iso8601)&endDate=\(last.iso8601)")
        }
    }

    /// The Stats API's game types: `R` regular season; `F` wild card, `D` division series, `L` league championship,
    /// `W` World Series; `S` spring training; `E` exhibition, `A` the All-Star Game.
    static func phase(ofGameType type: String?) -> SeasonPhase {
        switch type {
        case "R", nil: .regular
        case "F", "D", "L", "W", "P": .postseason
        case "S": .preseason
        default: .exhibition
        }
    }

    private struct Schedule: Decodable {
        var dates: [Day]
    }

    private struct Day: Decodable {
        var date: String
        var games: [Game]
    }

    private struct Game: Decodable {
        var gamePk: Int
        var gameDate: String?
        var gameType: String?
        var season: String?
        var status: Status
        var teams: Teams
        var venue: Named?
        var doubleHeader: String?
        var gameNumber: Int?
    }

    private struct Status: Decodable {
        var codedGameState: String?
        var detailedState: String?
        var startTimeTBD: Bool?

        /// `abstractGameState` says "Final" for postponed games; the coded state and its words do not.
        var status: GameStatus {
            let words = detailedState?.lowercased() ?? ""
            if codedGameState == "D" || words.hasPrefix("postponed") { return .postponed }
            if codedGameState == "C" || words.hasPrefix("cancelled") { return .cancelled }
            if ["T", "U"].contains(codedGameState) || words.hasPrefix("suspended") { return .suspended }
            if codedGameState == "F" || codedGameState == "O" { return .final }
            if codedGameState == "I" || codedGameState == "M" || codedGameState == "N" { return .live }
            return .scheduled
        }
    }

    private struct Teams: Decodable {
        var home: Side
        var away: Side
    }

    private struct Side: Decodable {
        var score: Int?
        var team: Named
    }

    private struct Named: Decodable {
        var id: Int?
        var name: String?

        var provided: ProviderTeam { ProviderTeam(id: id.map(String.init), idKind: "mlbStatsId", name: name) }
    }
}
