import Catalog
import TimeAndPlace

/// The canonical identity of a game, whatever a provider calls it: league, venue, local date, home team and game
/// number (1 or 2 in a doubleheader, else 0).
public struct GameKey: Hashable, Sendable, CustomStringConvertible {
    /// The league the game is in.
    public var league: LeagueID
    /// The catalog id of the venue (`stadium_mlb_wrigley_field`).
    public var venueId: String
    /// The date at the venue that the game is listed under.
    public var localDate: LocalDate
    /// The catalog id of the home team (`team_mlb_chc`).
    public var homeTeamId: TeamID
    /// The catalog id of the visiting team: not in ``description``, but a provider's game must match it too.
    public var awayTeamId: TeamID
    /// 0 for a single game, 1 or 2 in a doubleheader.
    public var gameNumber: Int

    /// A key from its parts, for a game that may not be in the catalog.
    public init(league: LeagueID, venueId: String, localDate: LocalDate, homeTeamId: TeamID, awayTeamId: TeamID, gameNumber: Int) {
        self.league = league
        self.venueId = venueId
        self.localDate = localDate
        self.homeTeamId = homeTeamId
        self.awayTeamId = awayTeamId
        self.gameNumber = gameNumber
    }

    /// The key of a catalog game.
    public init(_ game: Game) {
        self.init(
            league: game.league, venueId: game.venueId, localDate: game.localDate, homeTeamId: game.homeTeamId,
            awayTeamId: game.awayTeamId, gameNumber: game.gameNumber)
    }

    /// `mlb/stadium_mlb_wrigley_field/2022-04-07/team_mlb_chc/0`: the score cache's key.
    public var description: String { "\(league.rawValue)/\(venueId)/\(localDate.iso8601)/\(homeTeamId)/\(gameNumber)" }
}
