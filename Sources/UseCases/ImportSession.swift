import Catalog
import Foundation
import Matching
import PhotoMetadata
import Progress
import Scores
import Thumbnails
import VisitStore

/// The main job, stage by stage: walk the folders and read each photo's metadata (files unchanged since an import
/// settled them are not read again), ask the providers for games of days the bundled index does not cover, match and
/// store the photos, remember the files read, look up missing final scores, and bring the achievements up to date.
public struct ImportSession: Sendable {
    /// The library the photos, visits, scores and achievements are written into.
    public let library: VisitLibrary
    /// The score providers, asked for uncovered days' games and missing finals; its catalog is the one photos are
    /// matched against, with the games found online added.
    public let api: FreeScoreAPI
    /// The sport, link, thumbnail and transaction-size choices this import runs with.
    public var options: Options

    /// What the fan chose for this import.
    public struct Options: Sendable {
        /// Only games of this sport.
        public var sport: Sport?
        /// Follow symbolic links out of the folders given.
        public var followsLinks = false
        /// Make thumbnails from the previews cameras embed, when good enough.
        public var usesEmbeddedPreviews = true
        /// Photos stored per transaction.
        public var chunkSize = 50

        /// The defaults: every sport, links not followed, embedded previews used, 50 photos per transaction.
        public init(sport: Sport? = nil, followsLinks: Bool = false, usesEmbeddedPreviews: Bool = true, chunkSize: Int = 50) {
            self.sport = sport
            self.followsLinks = followsLinks
            self.usesEmbeddedPreviews = usesEmbeddedPreviews
            self.chunkSize = chunkSize
        }
    }

    /// What an import is doing, for a front end to show.
    public enum Progress: Sendable {
        /// Photo files found so far by the walk.
        case finding(found: Int)
        /// A folder that could not be walked (the walk goes on).
        case problem(PhotoFileWalker.Problem)
        case reading(done: Int, total: Int)
        /// Games of days the bundled index does not cover were asked of the providers.
        case uncoveredGames(UncoveredGames.Result)
        /// Photos going into the library.
        case importing(done: Int, total: Int)
    }

    /// Told of each ``Progress`` step as the import goes, for a front end to show.
    public typealias ProgressHandler = @Sendable (Progress) -> Void

    /// What an import did.
    public struct Outcome: Sendable {
        /// What the import did photo by photo: the match report, visits created, pending matches, failures.
        public var result: PhotoImporter.Result
        /// The catalog the photos were matched against: the library's, with the games found online.
        public var catalog: Catalog
        /// The uncovered days asked about, and the games the providers listed for them.
        public var uncovered: UncoveredGames.Result
        /// The final scores looked up for the visits of this import's matched games, and those still pending.
        public var scores: ScoreResolver.Result
        /// The achievements earned or revoked once the photos were in.
        public var achievements: AchievementBook.Changes
        /// Files not read again: unchanged since an import settled them.
        public var unchanged: Int
    }

    /// An import into `library`, asking `api` for games and scores.
    public init(library: VisitLibrary, api: FreeScoreAPI, options: Options = Options()) {
        self.library = library
        self.api = api
        self.options = options
    }

    /// Imports the photos under `paths` (folders are walked) and returns what it did, telling `progress` of each
    /// stage. Throws ``ImportError`` when a path does not exist or nothing can be read, or when the library cannot be
    /// written.
    public func run(_ paths: [String], progress: ProgressHandler? = nil) async throws -> Outcome {
        let fingerprint = api.catalog.fingerprint
        let batch = try PhotoBatch.read(
            paths, followingLinks: options.followsLinks,
            unchanged: { files in
                let now = files.compactMap { path in SeenFile.now(atPath: path).map { (path, $0) } }
                let unchanged = try library.unchangedFiles(now.map(\.1), catalog: fingerprint)
                return Set(now.filter { unchanged[$0.1.path] != nil }.map(\.0))
            }, progress: progress)
        let uncovered = try await UncoveredGames(api: api, sport: options.sport)
            .catalog(for: batch.photos.compactMap { try? $0.metadata.get() })
        progress?(.uncoveredGames(uncovered))
        try keep(uncovered.found)
        let importer = PhotoImporter(
            library: library, catalog: uncovered.catalog, sport: options.sport,
            thumbnails: ThumbnailGenerator(usesEmbeddedPreviews: options.usesEmbeddedPreviews),
            chunkSize: options.chunkSize)
        let result = try await importer.run(batch.photos) { done, total in progress?(.importing(done: done, total: total)) }
        try library.remember(result.seenFiles(catalog: fingerprint))
        let scores = try await ScoreResolver(library: library, api: api).resolvePending(gameIds: result.matchedGameIds)
        let achievements = try AchievementBook(library: library, engine: AchievementEngine(catalog: api.catalog)).recalculate()
        return Outcome(
            result: result, catalog: uncovered.catalog, uncovered: uncovered, scores: scores,
            achievements: achievements, unchanged: batch.unchanged)
    }

    /// Games found online join the library's catalog overlay, so `match`, `games` and `confirm` know them later. An
    /// overlay that cannot be read (damaged, or written by a newer StadiumLog) is left as it is: the games still
    /// served this import, and the next one asks again.
    private func keep(_ found: [OverlayGame]) throws {
        guard !found.isEmpty, let overlay = try? library.catalogOverlay() ?? CatalogOverlay() else { return }
        try library.save(overlay.adding(found))
    }

    /// The match report an import would act on, without writing anything (`match`, `import --dry-run`).
    public static func matchReport(
        _ paths: [String], catalog: Catalog, options: Options = Options(),
        progress: ProgressHandler? = nil
    ) throws -> MatchReport {
        let batch = try PhotoBatch.read(paths, followingLinks: options.followsLinks, progress: progress)
        return MatchReport(matching: batch.photos, with: GameMatcher(catalog: catalog, sport: options.sport))
    }
}
