import Catalog
import Foundation
import TimeAndPlace

/// One game as a provider reports it, in the provider's own names, before it is mapped onto the catalog.
public struct ProviderGame: Hashable, Sendable {
    /// The provider's own id for the game (`661333`, `2023020207`, `CHN202008171`).
    public var providerGameId: String
    /// The league, which decides the catalog teams the provider's names are matched against.
    public var league: LeagueID
    /// The local date at the venue (the date the league lists it under).
    public var localDate: LocalDate
    /// 0 for a single game, 1 or 2 in a doubleheader.
    public var gameNumber: Int
    /// The home team as the provider names it.
    public var home: ProviderTeam
    /// The visiting team as the provider names it.
    public var away: ProviderTeam
    /// The home team's score as last reported (it may be a live one); it counts only when ``isFinal``.
    public var homeScore: Int?
    /// The visiting team's score as last reported; it counts only when ``isFinal``.
    public var awayScore: Int?
    /// Where the game stands (scheduled, live, final, postponed…), read from the provider's own status codes.
    public var status: GameStatus
    /// The venue as the provider names it; nil when it names none, and the game is then put at the home team's home.
    public var venueName: String?
    /// The scheduled start, when the provider gives it; it gives the local date of a game played abroad.
    public var startUTC: Date?
    /// The part of the season, where the provider says (a one-day schedule is read as regular season).
    public var phase: SeasonPhase
    /// The season the provider files the game under, its first year (2025 for the NHL's 20252026).
    public var season: Int?
    /// The provider says the game is played away from the home team's home.
    public var isNeutralSite: Bool

    /// A game read from a provider's answer. What the provider does not say defaults to a single regular-season game
    /// at no neutral site, with no score, venue, start or season.
    public init(
        providerGameId: String, league: LeagueID, localDate: LocalDate, gameNumber: Int = 0, home: ProviderTeam,
        away: ProviderTeam, homeScore: Int? = nil, awayScore: Int? = nil, status: GameStatus,
        venueName: String? = nil, startUTC: Date? = nil, phase: SeasonPhase = .regular, season: Int? = nil,
        isNeutralSite: Bool = false
    ) {
        self.providerGameId = providerGameId
        self.league = league
        self.localDate = localDate
        self.gameNumber = gameNumber
        self.home = home
        self.away = away
        self.homeScore = homeScore
        self.awayScore = awayScore
        self.status = status
        self.venueName = venueName
        self.startUTC = startUTC
        self.phase = phase
        self.season = season
        self.isNeutralSite = isNeutralSite
    }

    /// A final score: the game was played to its end and both scores are known.
    public var isFinal: Bool { status == .final && homeScore != nil && awayScore != nil }
}

/// A team as a provider names it; any of the three may be missing.
public struct ProviderTeam: Hashable, Sendable {
    /// The provider's id, with the catalog alias kind it corresponds to (`nhlStatsId` 10 is Toronto).
    public var id: String?
    /// The catalog alias kind ``id`` is (`mlbStatsId`, `espnId`, `baseballReference`): the id matches only that kind.
    public var idKind: String?
    /// The provider's short code (`TOR`), tried after the name and only when it names a single team.
    public var abbreviation: String?
    /// The full name as of that game ("Cleveland Guardians").
    public var name: String?

    /// A team with whatever the provider gives for it; the parts it leaves out are nil.
    public init(id: String? = nil, idKind: String? = nil, abbreviation: String? = nil, name: String? = nil) {
        self.id = id
        self.idKind = idKind
        self.abbreviation = abbreviation
        self.name = name
    }
}

/// Which part of a season a game belongs to. Only regular-season and postseason games are league games the catalog
/// keeps; preseason and exhibition games (spring training, the All-Star Game) are not.
public enum SeasonPhase: String, Hashable, Sendable, Codable {
    case preseason, regular, postseason, exhibition

    /// The catalog's season type, for the phases it keeps.
    public var seasonType: SeasonType? {
        switch self {
        case .regular: .regular
        case .postseason: .postseason
        case .preseason, .exhibition: nil
        }
    }
}
