import Foundation
import TimeAndPlace

/// The games of seasons the bundled index does not hold yet (the season in progress, the one just ended), fetched
/// from the leagues' official providers by `stadiumlog catalog update` and kept in the library folder.
///
/// The overlay only adds: games the bundled index lacks, and final scores of bundled games that have none (a
/// schedule bundled before the games were played). A bundled game is never replaced; where a provider disagrees with
/// it, the disagreement is kept here and reported, and the bundled game stands. Every game carries its provenance.
public struct CatalogOverlay: Codable, Hashable, Sendable {
    /// The format this version reads and writes; a file of a later format is refused, never misread.
    public static let currentFormat = 1
    /// The overlay's file in the library folder.
    public static let fileName = "catalog-overlay.json"

    /// The format the file was written in (``currentFormat`` when this version wrote it); ``load(fromFolder:)`` refuses
    /// later ones.
    public var format: Int
    /// Counts the updates that changed the overlay.
    public var revision: Int
    /// When the overlay last changed: the fetch time of the season or games it last took in; nil before any.
    public var updatedAt: Date?
    /// The league seasons fetched, with when and from whom.
    public var seasons: [Season]
    /// The games the overlay adds or completes, sorted by local date, then league and id.
    public var games: [OverlayGame]
    /// Games on which a provider and the bundled index disagree; the bundled game was kept.
    public var disagreements: [Disagreement]

    /// Creates an overlay in the current format; the defaults make an empty one, as before the first update.
    public init(
        revision: Int = 0, updatedAt: Date? = nil, seasons: [Season] = [], games: [OverlayGame] = [],
        disagreements: [Disagreement] = []
    ) {
        format = Self.currentFormat
        self.revision = revision
        self.updatedAt = updatedAt
        self.seasons = seasons
        self.games = games
        self.disagreements = disagreements
    }

    /// One league season as fetched.
    public struct Season: Codable, Hashable, Sendable {
        /// The keys of the overlay file: `sport` for the league, as it has always been written.
        enum CodingKeys: String, CodingKey {
            case league = "sport"
            case season, provider, fetchedAt, unplaced
        }

        /// The league fetched.
        public var league: LeagueID
        /// The season's first year (2026 for the NHL's 2026-27).
        public var season: Int
        /// The name of the provider that answered (`mlb-statsapi`, `nhl-api-web`).
        public var provider: String
        /// When the season was fetched.
        public var fetchedAt: Date
        /// Games the provider listed that could not be placed without guessing (a team or venue the catalog does not
        /// know), so they are not in the overlay.
        public var unplaced: Int

        /// Records one season fetch; `unplaced` counts the listed games that could not be placed.
        public init(league: LeagueID, season: Int, provider: String, fetchedAt: Date, unplaced: Int = 0) {
            self.league = league
            self.season = season
            self.provider = provider
            self.fetchedAt = fetchedAt
            self.unplaced = unplaced
        }
    }

    /// A provider's final score that differs from the bundled one.
    public struct Disagreement: Codable, Hashable, Sendable {
        /// The keys of the overlay file: `sport` for the league, as it has always been written.
        enum CodingKeys: String, CodingKey {
            case gameId
            case league = "sport"
            case season, bundledHomeScore, bundledAwayScore, providerHomeScore
            case providerAwayScore, provider
        }

        /// The canonical id of the bundled game (`game_mlb_2024_bos_nyy_0615`).
        public var gameId: GameID
        /// The league season whose fetch found it: the next fetch of that season replaces it.
        public var league: LeagueID
        /// The first year of that season (2026 for the NHL's 2026-27).
        public var season: Int
        /// The home team's score in the bundled index, the one the catalog keeps.
        public var bundledHomeScore: Int
        /// The visiting team's score in the bundled index, the one the catalog keeps.
        public var bundledAwayScore: Int
        /// The home team's score as the provider gave it.
        public var providerHomeScore: Int
        /// The visiting team's score as the provider gave it.
        public var providerAwayScore: Int
        /// The name of the provider whose score differs (`mlb-statsapi`, `espn`).
        public var provider: String

        /// Records a disagreement; the bundled score stays in the catalog.
        public init(
            gameId: GameID, league: LeagueID, season: Int, bundledHomeScore: Int, bundledAwayScore: Int,
            providerHomeScore: Int, providerAwayScore: Int, provider: String
        ) {
            self.gameId = gameId
            self.league = league
            self.season = season
            self.bundledHomeScore = bundledHomeScore
            self.bundledAwayScore = bundledAwayScore
            self.providerHomeScore = providerHomeScore
            self.providerAwayScore = providerAwayScore
            self.provider = provider
        }
    }

    /// The overlay with one league season replaced by a new fetch: its games, its disagreements and its record.
    public func replacing(_ season: Season, games: [OverlayGame], disagreements: [Disagreement]) -> CatalogOverlay {
        func other(_ league: LeagueID, _ year: Int) -> Bool { league != season.league || year != season.season }
        var copy = self
        copy.seasons = seasons.filter { other($0.league, $0.season) } + [season]
        copy.seasons.sort { ($0.league, $0.season) < ($1.league, $1.season) }
        copy.games = self.games.filter { other($0.game.league, $0.game.season) } + games
        copy.games.sort { ($0.game.localDate, $0.game.league, $0.id) < ($1.game.localDate, $1.game.league, $1.id) }
        copy.disagreements = self.disagreements.filter { other($0.league, $0.season) } + disagreements
        copy.revision = revision + 1
        copy.updatedAt = season.fetchedAt
        return copy
    }
}

extension CatalogOverlay {
    /// The overlay with games found outside a season fetch (an import asking about the days of its photos); a game
    /// it has already is kept as it is, and a later fetch of the season replaces them all.
    public func adding(_ found: [OverlayGame]) -> CatalogOverlay {
        let known = Set(games.map(\.id))
        let new = found.filter { !known.contains($0.id) }
        guard !new.isEmpty else { return self }
        var copy = self
        copy.games = (games + new).sorted { ($0.game.localDate, $0.game.league, $0.id) < ($1.game.localDate, $1.game.league, $1.id) }
        copy.revision = revision + 1
        copy.updatedAt = new.map(\.fetchedAt).max()
        return copy
    }
}

/// One game of the overlay, with where it came from.
public struct OverlayGame: Codable, Hashable, Sendable, Identifiable {
    /// The game as the catalog holds it: its canonical id (`game_mlb_2026_bos_nyy_0615`), the provider as its
    /// ``Game/source``, and a final score's ``Game/scoreProvenance``.
    public var game: Game
    /// The game's status when fetched: only a ``GameStatus/final`` game supplies a score, and a postponed or cancelled
    /// one is not added to the catalog.
    public var status: GameStatus
    /// True when the bundled index has this game without a final score or a start time: the overlay only supplies
    /// those.
    public var inBundledIndex: Bool
    /// The provider's id for the game, and when it was fetched.
    public var providerGameId: String
    /// When the provider was asked for the game.
    public var fetchedAt: Date

    /// Wraps a game as the catalog will hold it, with the provider's status and id for it and when it was fetched.
    public init(game: Game, status: GameStatus, inBundledIndex: Bool, providerGameId: String, fetchedAt: Date) {
        self.game = game
        self.status = status
        self.inBundledIndex = inBundledIndex
        self.providerGameId = providerGameId
        self.fetchedAt = fetchedAt
    }

    /// The game's canonical id: an overlay holds each game once.
    public var id: GameID { game.id }
}

/// Where a score that did not come with the bundled index came from.
public struct ScoreProvenance: Codable, Hashable, Sendable {
    /// The name of the provider that gave the score (`nhl-api-web`).
    public var provider: String
    /// When that provider was asked.
    public var fetchedAt: Date

    /// Records which provider gave a score, and when.
    public init(provider: String, fetchedAt: Date) {
        self.provider = provider
        self.fetchedAt = fetchedAt
    }
}

extension CatalogOverlay {
    /// The overlay in a library folder; nil when there is none yet.
    public static func load(fromFolder folder: URL) throws(CatalogError) -> CatalogOverlay? {
        let url = folder.appendingPathComponent(fileName)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            throw .unreadableOverlay(path: url.path, reason: "it cannot be read; check its permissions")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        struct Header: Decodable { var format: Int }
        guard let header = try? decoder.decode(Header.self, from: data) else {
            throw .damagedOverlay(path: url.path, reason: "it is not a catalog overlay")
        }
        guard header.format <= currentFormat else { throw .newerOverlay(path: url.path, format: header.format) }
        do { return try decoder.decode(CatalogOverlay.self, from: data) } catch {
            throw .damagedOverlay(path: url.path, reason: "it is damaged")
        }
    }

    /// The overlay as written to its file: JSON with ISO 8601 dates, sorted keys, one game per line's worth.
    public func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted]
        return (try? encoder.encode(self)) ?? Data()
    }
}
