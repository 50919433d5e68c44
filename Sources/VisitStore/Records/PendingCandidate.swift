import Catalog
import Foundation
import TimeAndPlace

/// A game a pending photo may belong to, as the match report offered it: enough to show it to the fan and to file the
/// photo into it, even when the game is not in the bundled index (found online at import).
///
/// Its keys are those of the match report's GAME object (docs/REPORT.md), so the candidates stored by earlier
/// versions — the report's GAME objects as a JSON string — read as these.
public struct PendingCandidate: Codable, Hashable, Sendable {
    /// A team as the report named it on the game's date.
    public struct Team: Codable, Hashable, Sendable {
        /// The canonical team id (`team_mlb_bos`).
        public var id: TeamID
        /// Its name on the game's date; nil in hand-made candidates.
        public var name: String?

        /// A team by id, with its name of the day when known.
        public init(id: TeamID, name: String? = nil) {
            self.id = id
            self.name = name
        }
    }

    /// The canonical game id (`game_mlb_2015_bos_nyy_0615`).
    public var id: GameID
    /// The league the game was played in.
    public var league: LeagueID
    /// The game's local date at its venue.
    public var localDate: LocalDate
    /// 1 or 2 for a doubleheader's games, else 0.
    public var gameNumber: Int
    /// The scheduled start, when known.
    public var startUTC: Date?
    /// The venue the game was played at.
    public var venueId: String
    /// The home team.
    public var home: Team
    /// The away team.
    public var away: Team
    /// The final score, when the report knew it.
    public var homeScore: Int?
    /// The final score, when the report knew it.
    public var awayScore: Int?
    /// How far from the venue the photo was taken, in meters.
    public var distanceMeters: Double?
    /// Whether the game's time window held the photo.
    public var inWindow: Bool?

    /// JSON keys: the report's (`sport` for the league).
    enum CodingKeys: String, CodingKey {
        case id
        case league = "sport"
        case localDate, gameNumber, startUTC, venueId, home, away, homeScore, awayScore
        case distanceMeters, inWindow
    }

    /// A candidate as given.
    public init(
        id: GameID, league: LeagueID, localDate: LocalDate, gameNumber: Int = 0, startUTC: Date? = nil, venueId: String,
        home: Team, away: Team, homeScore: Int? = nil, awayScore: Int? = nil, distanceMeters: Double? = nil,
        inWindow: Bool? = nil
    ) {
        self.id = id
        self.league = league
        self.localDate = localDate
        self.gameNumber = gameNumber
        self.startUTC = startUTC
        self.venueId = venueId
        self.home = home
        self.away = away
        self.homeScore = homeScore
        self.awayScore = awayScore
        self.distanceMeters = distanceMeters
        self.inWindow = inWindow
    }

    /// The game itself, for one the catalog does not have (found online at import).
    public func game(in catalog: Catalog) -> Game {
        Game(
            id: id, league: league, season: catalog.season(of: league, on: localDate), localDate: localDate,
            gameNumber: gameNumber, venueId: venueId, homeTeamId: home.id, awayTeamId: away.id,
            homeScore: homeScore, awayScore: awayScore, startUTC: startUTC, dayNight: nil, lengthMinutes: nil,
            seasonType: .regular, isNeutralSite: false, source: "online")
    }

    /// Candidates as versions before 2026-11 stored them: a JSON array of GAME objects in a string, start times in
    /// ISO 8601.
    static func decodingLegacy(_ json: String) throws -> [PendingCandidate] {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode([PendingCandidate].self, from: Data(json.utf8))
    }
}
