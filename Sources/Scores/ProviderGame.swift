import Catalog
import Foundation
import TimeAndPlace

/// One game as a provider reports it, in the provider's own names, before it is mapped onto the catalog.
public struct ProviderGame: Hashable, Sendable {
    /// The provider's own id for the game (`661333`, `2023020207`, `CHN202008171`).
    public var providerGameId: String
    public var sport: Sport
    /// The local date at the venue (the date the league lists it under).
    public var localDate: LocalDate
    /// 0 for a single game, 1 or 2 in a doubleheader.
    public var gameNumber: Int
    public var home: ProviderTeam
    public var away: ProviderTeam
    public var homeScore: Int?
    public var awayScore: Int?
    public var status: GameStatus
    public var venueName: String?
    public var startUTC: Date?

    public init(providerGameId: String, sport: Sport, localDate: LocalDate, gameNumber: Int = 0, home: ProviderTeam,
                away: ProviderTeam, homeScore: Int? = nil, awayScore: Int? = nil, status: GameStatus,
                venueName: String? = nil, startUTC: Date? = nil) {
        self.providerGameId = providerGameId
        self.sport = sport
        self.localDate = localDate
        self.gameNumber = gameNumber
        self.home = home
        self.away = away
        self.homeScore = homeScore
        self.awayScore = awayScore
        self.status = status
        self.venueName = venueName
        self.startUTC = startUTC
    }

    /// A final score: the game was played to its end and both scores are known.
    public var isFinal: Bool { status == .final && homeScore != nil && awayScore != nil }
}

/// A team as a provider names it; any of the three may be missing.
public struct ProviderTeam: Hashable, Sendable {
    /// The provider's id, with the catalog alias kind it corresponds to (`nhlStatsId` 10 is Toronto).
    public var id: String?
    public var idKind: String?
    public var abbreviation: String?
    /// The full name as of that game ("Cleveland Guardians").
    public var name: String?

    public init(id: String? = nil, idKind: String? = nil, abbreviation: String? = nil, name: String? = nil) {
        self.id = id
        self.idKind = idKind
        self.abbreviation = abbreviation
        self.name = name
    }
}

/// Where a game stands. Only ``final`` carries a final score: a postponed game can look "Final" in some feeds
/// (the MLB schedule marks it `abstractGameState: Final`), and is not.
public enum GameStatus: String, Hashable, Sendable, Codable {
    case scheduled, live, final, postponed, suspended, cancelled
}
