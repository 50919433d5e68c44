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

    public var format: Int
    /// Counts the updates that changed the overlay.
    public var revision: Int
    public var updatedAt: Date?
    /// The league seasons fetched, with when and from whom.
    public var seasons: [Season]
    public var games: [OverlayGame]
    /// Games on which a provider and the bundled index disagree; the bundled game was kept.
    public var disagreements: [Disagreement]

    public init(revision: Int = 0, updatedAt: Date? = nil, seasons: [Season] = [], games: [OverlayGame] = [],
                disagreements: [Disagreement] = []) {
        format = Self.currentFormat
        self.revision = revision
        self.updatedAt = updatedAt
        self.seasons = seasons
        self.games = games
        self.disagreements = disagreements
    }

    /// One league season as fetched.
    public struct Season: Codable, Hashable, Sendable {
        public var sport: Sport
        /// The season's first year (2026 for the NHL's 2026-27).
        public var season: Int
        public var provider: String
        public var fetchedAt: Date
        /// Games the provider listed that could not be placed without guessing (a team or venue the catalog does not
        /// know), so they are not in the overlay.
        public var unplaced: Int

        public init(sport: Sport, season: Int, provider: String, fetchedAt: Date, unplaced: Int = 0) {
            self.sport = sport
            self.season = season
            self.provider = provider
            self.fetchedAt = fetchedAt
            self.unplaced = unplaced
        }
    }

    /// A provider's final score that differs from the bundled one.
    public struct Disagreement: Codable, Hashable, Sendable {
        public var gameId: String
        /// The league season whose fetch found it: the next fetch of that season replaces it.
        public var sport: Sport
        public var season: Int
        public var bundledHomeScore: Int
        public var bundledAwayScore: Int
        public var providerHomeScore: Int
        public var providerAwayScore: Int
        public var provider: String

        public init(gameId: String, sport: Sport, season: Int, bundledHomeScore: Int, bundledAwayScore: Int,
                    providerHomeScore: Int, providerAwayScore: Int, provider: String) {
            self.gameId = gameId
            self.sport = sport
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
        func other(_ sport: Sport, _ year: Int) -> Bool { sport != season.sport || year != season.season }
        var copy = self
        copy.seasons = seasons.filter { other($0.sport, $0.season) } + [season]
        copy.seasons.sort { ($0.sport, $0.season) < ($1.sport, $1.season) }
        copy.games = self.games.filter { other($0.game.sport, $0.game.season) } + games
        copy.games.sort { ($0.game.localDate, $0.game.sport, $0.id) < ($1.game.localDate, $1.game.sport, $1.id) }
        copy.disagreements = self.disagreements.filter { other($0.sport, $0.season) } + disagreements
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
        copy.games = (games + new).sorted { ($0.game.localDate, $0.game.sport, $0.id) < ($1.game.localDate, $1.game.sport, $1.id) }
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
    public var status: GameStatus
    /// True when the bundled index has this game without a final score: the overlay only supplies the score.
    public var inBundledIndex: Bool
    /// The provider's id for the game, and when it was fetched.
    public var providerGameId: String
    public var fetchedAt: Date

    public init(game: Game, status: GameStatus, inBundledIndex: Bool, providerGameId: String, fetchedAt: Date) {
        self.game = game
        self.status = status
        self.inBundledIndex = inBundledIndex
        self.providerGameId = providerGameId
        self.fetchedAt = fetchedAt
    }

    public var id: String { game.id }
}

/// Where a score that did not come with the bundled index came from.
public struct ScoreProvenance: Codable, Hashable, Sendable {
    public var provider: String
    public var fetchedAt: Date

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
            throw .unreadableOverlay(path: url.path, reason: "it is not a catalog overlay; run `stadiumlog catalog update` to write it again")
        }
        guard header.format <= currentFormat else { throw .newerOverlay(path: url.path, format: header.format) }
        do { return try decoder.decode(CatalogOverlay.self, from: data) } catch {
            throw .unreadableOverlay(path: url.path, reason: "it is damaged; run `stadiumlog catalog update` to write it again")
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
