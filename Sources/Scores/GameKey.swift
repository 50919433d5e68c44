import Catalog
import TimeAndPlace

/// The canonical identity of a game, whatever a provider calls it: sport, venue, local date, home team and game
/// number (1 or 2 in a doubleheader, else 0).
public struct GameKey: Hashable, Sendable, CustomStringConvertible {
    public var sport: Sport
    public var venueId: String
    public var localDate: LocalDate
    public var homeTeamId: String
    public var awayTeamId: String
    public var gameNumber: Int

    public init(sport: Sport, venueId: String, localDate: LocalDate, homeTeamId: String, awayTeamId: String, gameNumber: Int) {
        self.sport = sport
        self.venueId = venueId
        self.localDate = localDate
        self.homeTeamId = homeTeamId
        self.awayTeamId = awayTeamId
        self.gameNumber = gameNumber
    }

    public init(_ game: Game) {
        self.init(sport: game.sport, venueId: game.venueId, localDate: game.localDate, homeTeamId: game.homeTeamId,
                  awayTeamId: game.awayTeamId, gameNumber: game.gameNumber)
    }

    /// `mlb/stadium_mlb_wrigley_field/2022-04-07/team_mlb_chc/0`: the score cache's key.
    public var description: String { "\(sport.rawValue)/\(venueId)/\(localDate.iso8601)/\(homeTeamId)/\(gameNumber)" }
}
