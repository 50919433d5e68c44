import Foundation
import TimeAndPlace

/// One game in the bundled historical index.
public struct Game: Hashable, Sendable, Codable, Identifiable {
    /// The keys of the catalog overlay: `sport` for the league, as it has always been written.
    enum CodingKeys: String, CodingKey {
        case id
        case league = "sport"
        case season, localDate, gameNumber, venueId, homeTeamId, awayTeamId, homeScore
        case awayScore, startUTC, dayNight, lengthMinutes, seasonType, isNeutralSite, source, scoreProvenance
        case startProvenance
    }

    /// `game_{league}_{season}_{home}_{away}_{mmdd}`, with `_1`/`_2` for the games of a doubleheader.
    public var id: GameID
    /// The league the game was played in.
    public var league: LeagueID
    /// The season's first year (2015 for the NBA's 2015-16).
    public var season: Int
    /// The local date at the venue.
    public var localDate: LocalDate
    /// 0 for a single game, 1 or 2 in a doubleheader.
    public var gameNumber: Int
    /// The canonical id of the building it was played in (`stadium_mlb_fenway_park`).
    public var venueId: String
    /// The canonical id of the home team (`team_mlb_bos`), at a neutral site too.
    public var homeTeamId: TeamID
    /// The canonical id of the visiting team (`team_mlb_nyy`).
    public var awayTeamId: TeamID
    /// The home team's final score; nil when not known (a game still to be played, a source without results).
    public var homeScore: Int?
    /// The visiting team's final score; nil when not known.
    public var awayScore: Int?
    /// Scheduled start in UTC, when the source has it.
    public var startUTC: Date?
    /// `D` or `N` when only a day/night flag is known.
    public var dayNight: String?
    /// How long the game lasted, in minutes, when the source has it (Retrosheet's length of game).
    public var lengthMinutes: Int?
    /// Regular season or postseason (the playoffs).
    public var seasonType: SeasonType
    /// Played away from the home team's home (Tokyo, London, an outdoor classic, the 2020 bubbles).
    public var isNeutralSite: Bool
    /// The raw source the game came from (docs/DATA.md), or the provider whose schedule listed it.
    public var source: String
    /// Where the final score came from when not with the bundled index (a library's ``CatalogOverlay``).
    public var scoreProvenance: ScoreProvenance?
    /// Where the start time came from when the bundled index had none (a provider's schedule of a past season, asked
    /// once by `catalog update --season`): the window of a game with only a day/night flag closes to its real hours.
    public var startProvenance: ScoreProvenance?
    /// The later part of a game suspended and finished on another day (perhaps in another park); nil for a game
    /// played in one go. Catalog data, not kept in an overlay.
    public var resumption: GameResumption? = nil

    /// Creates a game; `id` is expected in the canonical form (see ``id``): catalog lookups take it apart.
    public init(
        id: GameID, league: LeagueID, season: Int, localDate: LocalDate, gameNumber: Int, venueId: String,
        homeTeamId: TeamID, awayTeamId: TeamID, homeScore: Int?, awayScore: Int?, startUTC: Date?, dayNight: String?,
        lengthMinutes: Int?, seasonType: SeasonType, isNeutralSite: Bool, source: String,
        scoreProvenance: ScoreProvenance? = nil, startProvenance: ScoreProvenance? = nil, resumption: GameResumption? = nil
    ) {
        self.id = id
        self.league = league
        self.season = season
        self.localDate = localDate
        self.gameNumber = gameNumber
        self.venueId = venueId
        self.homeTeamId = homeTeamId
        self.awayTeamId = awayTeamId
        self.homeScore = homeScore
        self.awayScore = awayScore
        self.startUTC = startUTC
        self.dayNight = dayNight
        self.lengthMinutes = lengthMinutes
        self.seasonType = seasonType
        self.isNeutralSite = isNeutralSite
        self.source = source
        self.scoreProvenance = scoreProvenance
        self.startProvenance = startProvenance
        self.resumption = resumption
    }

    /// Both scores known.
    public var isFinal: Bool { homeScore != nil && awayScore != nil }
}

/// Whether a game belongs to the regular season or the postseason (the playoffs); preseason games are not in
/// the index.
public enum SeasonType: String, Hashable, Sendable, Codable {
    case regular, postseason
}
