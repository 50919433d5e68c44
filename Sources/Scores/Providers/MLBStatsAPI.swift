import Catalog
import Foundation
import TimeAndPlace

/// MLB's official Stats API: every game of a date, with final scores, doubleheader numbers and venues.
public struct MLBStatsAPI: ScoreAPIProvider {
    public let name = "mlb-statsapi"
    public let sports: Set<Sport> = [.mlb]
    public let reliability = ProviderReliability.official
    public let minimumInterval = 0.1
    public let baseURLKey = "STADIUMLOG_MLB_STATS_URL"
    public let defaultBaseURL = URL(string: "https://statsapi.mlb.com")!

    public init() {}

    public func request(for sport: Sport, on day: LocalDate) -> ProviderRequest {
        ProviderRequest("/api/v1/schedule?sportId=1&date=\(day.iso8601)")
    }

    public func games(in body: Data, sport: Sport, on day: LocalDate) throws(ProviderError) -> [ProviderGame] {
        let schedule = try JSONDecoder.decode(Schedule.self, from: body, provider: name)
        // A postponed game is listed under its original date with `officialDate` already at the make-up date: the
        // listing date is the one that was asked for.
        return schedule.dates.filter { $0.date == day.iso8601 }.flatMap(\.games).map { game in
            ProviderGame(providerGameId: String(game.gamePk), sport: .mlb, localDate: day,
                         gameNumber: game.doubleHeader == "N" ? 0 : game.gameNumber ?? 0,
                         home: game.teams.home.team.provided, away: game.teams.away.team.provided,
                         homeScore: game.teams.home.score, awayScore: game.teams.away.score, status: game.status.status,
                         venueName: game.venue?.name, startUTC: ProviderTime.instant(game.gameDate))
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
        var status: Status
        var teams: Teams
        var venue: Named?
        var doubleHeader: String?
        var gameNumber: Int?
    }

    private struct Status: Decodable {
        var codedGameState: String?
        var detailedState: String?

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
