import Catalog
import Evidence
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
    /// The league, link, thumbnail and transaction-size choices this import runs with.
    public var options: Options

    /// What the fan chose for this import.
    public struct Options: Sendable {
        /// Only games of this league.
        public var league: LeagueID?
        /// Follow symbolic links out of the folders given.
        public var followsLinks = false
        /// Make thumbnails from the previews cameras embed, when good enough.
        public var usesEmbeddedPreviews = true
        /// Photos stored per transaction.
        public var chunkSize = 50
        /// Count the files before reading any, for progress with a total and time left; off when nothing shows it.
        public var countsFilesFirst = true
        /// Read every file again, even those unchanged since an import settled them (`import --recheck`).
        public var rechecks = false
        /// Cameras whose clocks were off, and by how much (`--camera-offset`): their photos are read again, corrected.
        public var cameraOffsets: [CameraOffset] = []

        /// The defaults: every league, links not followed, embedded previews used, 50 photos per transaction.
        public init(
            league: LeagueID? = nil, followsLinks: Bool = false, usesEmbeddedPreviews: Bool = true, chunkSize: Int = 50,
            countsFilesFirst: Bool = true, rechecks: Bool = false
        ) {
            self.rechecks = rechecks
            self.league = league
            self.followsLinks = followsLinks
            self.usesEmbeddedPreviews = usesEmbeddedPreviews
            self.chunkSize = chunkSize
            self.countsFilesFirst = countsFilesFirst
        }
    }

    /// What an import is doing, for a front end to show.
    public enum Progress: Sendable {
        /// The folders' walk: photo files found, folders that could not be walked, files read (`match`) or read and
        /// stored (an import) so far.
        case walk(PhotoBatch.Progress)
        /// Games of days the bundled index does not cover were asked of the providers.
        case uncoveredGames(UncoveredGames.Result)
        /// Another process is importing into the same library: this import waits for it to end.
        case waitingForAnotherImport
    }

    /// Hears of what an import is doing; called on the import's own task.
    public typealias ProgressHandler = @Sendable (Progress) -> Void

    /// A walk's progress told to `progress` as an import's.
    private static func walking(_ progress: ProgressHandler?) -> PhotoBatch.ProgressHandler? {
        guard let progress else { return nil }
        return { progress(.walk($0)) }
    }

    /// Hears each batch's match report as it is stored, with the catalog it was matched against (for the teams' names
    /// in a report written as the import goes).
    public typealias ReportHandler = (MatchReport, Catalog) throws -> Void

    /// What an import did: counts and the would-be visits of every photo, not the photos themselves (each batch's
    /// report went to the ``ReportHandler``).
    public struct Outcome: Sendable {
        /// Photos attached to visits by this run.
        public var attached = 0
        /// Visits this run created.
        public var visitsCreated = 0
        /// Photos this run left for the fan to confirm.
        public var pendingAdded = 0
        /// Photos whose content the library already had.
        public var alreadyInLibrary = 0
        /// Of those, photos whose file had moved: the library now points at their new place.
        public var relinked = 0
        /// Files not read again: unchanged since an import settled them.
        public var unchanged = 0
        /// The report's would-be visits and counts, over every photo read.
        public var tally = MatchTally()
        /// The games this run's matched photos belong to.
        public var matchedGameIds: Set<GameID> = []
        /// Files that matched but could not be read to the end (hashing).
        public var failures: [ImportFailure] = []
        /// Files and folders the system would not let this run read (permission denied, too many open files, an I/O
        /// error), with the reason: not imported, not remembered, so the next import reads them again.
        public var readErrors: [ImportFailure] = []
        /// Photos stored without a thumbnail, with the reason.
        public var thumbnailFailures: [(path: String, reason: String)] = []
        /// Why no thumbnail could be kept at all (the thumbnails' database cannot be opened): the photos were imported
        /// without them, and `thumbnails --missing` makes them once it is mended.
        public var thumbnailsUnavailable: LibraryError?
        /// What the providers were asked about days the bundled index does not cover, over every batch; its catalog
        /// is the one the photos were matched against (the library's, with the games found online).
        public var uncovered: UncoveredGames.Result
        /// The location histories, check-ins, calendars and tracks read beside the photos, and what became of them.
        public var evidence = EvidenceImporter.Result()
        /// The final scores looked up for this run's visits.
        public var scores = ScoreResolver.Result()
        /// What the run did to the fan's achievements.
        public var achievements = AchievementBook.Changes()

        mutating func add(_ result: PhotoImporter.Result) {
            attached += result.attached
            visitsCreated += result.visitsCreated
            pendingAdded += result.pendingAdded
            alreadyInLibrary += result.alreadyInLibrary
            relinked += result.relinked
            tally.add(result.report)
            matchedGameIds.formUnion(result.matchedGameIds)
            failures += result.failures
            thumbnailFailures += result.thumbnailFailures
            readErrors += result.report.photos.compactMap { photo in
                photo.readError.flatMap { $0.isVerdictOnContent ? nil : ImportFailure(path: photo.path, $0) }
            }
        }

        /// Photos this run could not import because the system failed it, not because of what they hold: files and
        /// folders it could not read, and matched files it could not read to the end. The next import tries them
        /// again; a front end says so, and that the run is not complete.
        public var errorCount: Int { readErrors.count + failures.count }
    }

    /// Creates an import into `library`, asking `api` (whose catalog is the library's) for scores and games.
    public init(library: VisitLibrary, api: FreeScoreAPI, options: Options = Options()) {
        self.library = library
        self.api = api
        self.options = options
    }

    /// Imports the photos under `paths` a folder at a time (at most ``PhotoBatch/batchSize`` files each), so memory holds
    /// two batches (one read while the one before it is stored) and the counts, never the whole library: the files are counted first (for a progress bar with time left,
    /// ``Options/countsFilesFirst``), then each batch is read (files unchanged since an import settled them are not), its uncovered days asked about, matched
    /// and stored, and its files remembered. Then the games found online are kept, the missing finals looked up and
    /// the achievements recalculated. Throws ``ImportError`` when nothing named can be read, ``LibraryError`` when the
    /// library cannot be written (what was stored stays stored; importing again completes it).
    public func run(_ paths: [String], progress: ProgressHandler? = nil, reports: ReportHandler? = nil) async throws -> Outcome {
        try PhotoBatch.requireExisting(paths)
        return try await library.importingAlone(whileWaiting: { progress?(.waitingForAnotherImport) }) {
            try await importAlone(paths, progress: progress, reports: reports)
        }
    }

    /// ``run(_:progress:reports:)`` once no other process imports into the library.
    private func importAlone(_ paths: [String], progress: ProgressHandler?, reports: ReportHandler?) async throws -> Outcome {
        let fingerprint = api.catalog.fingerprint
        let uncoveredGames = UncoveredGames(api: api, league: options.league)
        var outcome = Outcome(uncovered: UncoveredGames.Result(catalog: api.catalog))
        // Thumbnails are made again from the photos at any time; the visits are what an import is for.
        do { try library.thumbnails.open() } catch { outcome.thumbnailsUnavailable = error }
        let run = try library.beginImport(of: paths.map(absolutePath))
        var importer = importer(matchingAgainst: api.catalog, run: run, keepingThumbnails: outcome.thumbnailsUnavailable == nil)
        var places = try importer.usualPlaces()
        // The evidence first: its GPS tracks place the photos without a position. A photo left without one by an
        // earlier import is read again when there is a track, every photo when a camera's clock is corrected.
        let (found, evidenceFiles) = try EvidenceImporter.readForImport(
            paths, catalog: api.catalog, library: library, rechecking: options.rechecks)
        let geotagger = TrackGeotagger(tracks: found.tracks, catalog: api.catalog)
        var session = self
        session.options.rechecks = options.rechecks || !options.cameraOffsets.isEmpty
        // Files named that are evidence (a Takeout .zip, a calendar) are read as evidence, not walked for photos.
        let photoPaths = EvidenceImporter.photoPaths(paths)
        if !photoPaths.isEmpty {
            var walk = try PhotoWalk(
                photoPaths, followingLinks: options.followsLinks, countsFilesFirst: options.countsFilesFirst,
                progress: Self.walking(progress))
            // Each batch is read while the one before it is matched and stored: reading keeps every core busy, storing
            // one, so without the overlap a core would wait through every batch's writes. The next folder is listed while
            // a batch is read, which is most of a re-import, where nearly every file is left unread.
            let rereading = !geotagger.isEmpty
            let read = { @Sendable [session] (batch: PhotoFileWalker.Batch) in
                try session.readAhead(batch, catalog: fingerprint, rereadingUnplaced: rereading)
            }
            var reading = walk.next().map { batch in Task { try read(batch) } }
            defer { reading?.cancel() }
            var outing = CameraOuting()
            while let current = reading {
                let next = walk.next()
                var (batch, now, photos, unplaced) = try await current.value
                reading = next.map { batch in Task { try read(batch) } }
                photos.photos = geotagger.geotag(CameraOffset.apply(options.cameraOffsets, to: photos.photos))
                outcome.unchanged += photos.unchanged
                let looked = try await uncoveredGames.lookUp(
                    photos.photos.compactMap { try? $0.metadata.get() },
                    skipping: Set(outcome.uncovered.asked))
                if !looked.asked.isEmpty {
                    outcome.uncovered.asked += looked.asked
                    outcome.uncovered.added += looked.added
                    outcome.uncovered.found += looked.found
                    outcome.uncovered.failures += looked.failures
                    if !looked.found.isEmpty {
                        outcome.uncovered.catalog = UncoveredGames.catalog(api.catalog, with: outcome.uncovered.found)
                        importer = self.importer(matchingAgainst: outcome.uncovered.catalog, run: run)
                    }
                }
                let heldBefore = outing.held.count
                outing.hold(from: &photos.photos, looked: now)
                let result = try await importer.importBatch(
                    photos.photos, usualPlaces: &places, outing: outing.beside(photos.photos, catalog: outcome.uncovered.catalog))
                try library.remember(result.seenFiles(catalog: fingerprint, as: now))
                try reports?(result.report, outcome.uncovered.catalog)
                outcome.add(result)
                outing.learn(result.report)
                if result.attached > 0 || outing.held.count > heldBefore, !unplaced.isEmpty {
                    // New photos filed or held from this folder: the photos it left without a place before (a camera's,
                    // before the phone's or more of its own joined them) are read again, to be matched with them.
                    var again = geotagger.geotag(
                        CameraOffset.apply(
                            options.cameraOffsets,
                            to: PhotoBatch.read(PhotoFileWalker.Batch(files: unplaced, sidecars: batch.sidecars)).photos))
                    let holding = outing.held.count
                    outing.hold(from: &again, looked: now)
                    outcome.unchanged -= outing.held.count - holding
                }
                walk.handled(batch)
            }
            // The photos only another camera's can place, once every folder's matched photos are known.
            let held = outing.release()
            if !held.photos.isEmpty {
                outing.learn(filed: try library.photosWithKnownMoments())
                let result = try await importer.importBatch(
                    held.photos, usualPlaces: &places, outing: outing.beside(held.photos, catalog: outcome.uncovered.catalog))
                try library.remember(result.seenFiles(catalog: fingerprint, as: held.files))
                try reports?(result.report, outcome.uncovered.catalog)
                outcome.add(result)
            }
            try walk.finish()
            outcome.readErrors = walk.systemErrors.map(ImportFailure.init) + outcome.readErrors
        }
        progress?(.uncoveredGames(outcome.uncovered))
        try keep(outcome.uncovered.found)
        outcome.evidence = try EvidenceImporter(
            library: library, catalog: outcome.uncovered.catalog, league: options.league, importRun: run
        ).store(found)
        try EvidenceImporter.remember(evidenceFiles, found: found, catalog: fingerprint, in: library)
        outcome.visitsCreated += outcome.evidence.visitsCreated
        outcome.pendingAdded += outcome.evidence.asked
        outcome.matchedGameIds.formUnion(outcome.evidence.gameIds)
        outcome.scores = try await ScoreResolver(library: library, api: api).resolvePending(gameIds: outcome.matchedGameIds)
        outcome.achievements = try recalculateAchievements()
        return outcome
    }

    /// A batch of the walk read for the import: each file looked at once, before it is read — to leave it unread when
    /// unchanged since an import that settled it (unless ``Options/rechecks``), and to remember it — then the rest
    /// read as far as their metadata. `unplaced`: the files left unread that an earlier import left without a place or
    /// time, which another camera's photos may place now (those a track may place are read: `rereadingUnplaced`).
    private func readAhead(
        _ batch: PhotoFileWalker.Batch, catalog fingerprint: String, rereadingUnplaced: Bool
    ) throws -> (batch: PhotoFileWalker.Batch, now: [String: SeenFile], photos: PhotoBatch, unplaced: [String]) {
        let now = SeenFile.now(atPaths: batch.files)
        var unplaced: [String] = []
        let photos = try PhotoBatch.read(
            batch,
            unchanged: options.rechecks
                ? nil
                : { files in
                    let unchanged = try library.unchangedFiles(files.compactMap { now[$0] }, catalog: fingerprint)
                    return Set(
                        files.filter { path in
                            guard let file = now[path], let outcome = unchanged[file.path] else { return false }
                            if outcome == .noPlaceOrTime {
                                unplaced.append(path)
                                return !rereadingUnplaced
                            }
                            return true
                        })
                })
        return (batch, now, photos, rereadingUnplaced ? [] : unplaced)
    }

    /// Brings the fan's achievements up to date with the visits, after any stage that may have changed them.
    private func recalculateAchievements() throws -> AchievementBook.Changes {
        try AchievementBook(library: library, engine: AchievementEngine(catalog: api.catalog)).recalculate()
    }

    // MARK: Stages of the import, run alone

    /// Looks up again the final scores of every visit saved without one (`scores --retry`), through the providers in
    /// tiers, then brings the achievements up to date.
    public func retryScores() async throws -> (scores: ScoreResolver.Result, achievements: AchievementBook.Changes) {
        let scores = try await ScoreResolver(library: library, api: api).resolvePending()
        return (scores, try recalculateAchievements())
    }

    /// Makes the thumbnails of the library's photos again with `generator`: those missing, or `all` of them
    /// (`thumbnails`); originals that moved are reported, not followed.
    public func remakeThumbnails(all: Bool, with generator: ThumbnailGenerator) async throws(LibraryError) -> ThumbnailRefresher.Result {
        try await ThumbnailRefresher(library: library, generator: generator).refresh(all: all)
    }

    /// Finds photos whose files are gone under `folders`, by their content, and points the library at them (`relink`).
    public func relink(searching folders: [String], followingLinks: Bool) async throws(LibraryError) -> PhotoRelinker.Result {
        try await PhotoRelinker(library: library).relink(searching: folders, followingLinks: followingLinks)
    }

    /// An export (`url`) read back into this session's library, which must be empty: a whole history restored at once,
    /// in one transaction, every record checked; its achievements then recalculated.
    public func restore(from url: URL) throws -> (counts: ExportCounts, achievements: AchievementBook.Changes) {
        let counts = try library.restore(from: url, catalog: api.catalog)
        return (counts, try recalculateAchievements())
    }

    private func importer(matchingAgainst catalog: Catalog, run: Int64, keepingThumbnails: Bool = true) -> PhotoImporter {
        PhotoImporter(
            library: library, catalog: catalog, league: options.league,
            thumbnails: keepingThumbnails ? ThumbnailGenerator(usesEmbeddedPreviews: options.usesEmbeddedPreviews) : nil,
            chunkSize: options.chunkSize, importRun: run)
    }

    /// Games found online join the library's catalog overlay, so `match`, `games` and `confirm` know them later. An
    /// overlay that cannot be read (damaged, or written by a newer StadiumLog) is left as it is: the games still
    /// served this import, and the next one asks again.
    private func keep(_ found: [OverlayGame]) throws {
        guard !found.isEmpty, let overlay = try? library.catalogOverlay() ?? CatalogOverlay() else { return }
        try library.save(overlay.adding(found))
    }

    /// The match report an import would act on, without writing anything (`match`, `import --dry-run`): made a batch
    /// at a time, the import's own batches (so the same photos are read and grouped together), each batch's report
    /// handed to `reports` and then let go, so a million photos are never held; the returned tally has the visits and
    /// counts of them all.
    public static func matchReports(
        _ paths: [String], catalog: Catalog, options: Options = Options(), tracks: [GPSTrack] = [], progress: ProgressHandler? = nil,
        reports: (MatchReport) throws -> Void
    ) throws -> MatchTally {
        let geotagger = TrackGeotagger(tracks: tracks, catalog: catalog)
        let matcher = GameMatcher(catalog: catalog, league: options.league)
        var tally = MatchTally()
        // The usual places of the photos read, as an import into a new library would learn them.
        var places = UsualPlaces()
        let photoPaths = EvidenceImporter.photoPaths(paths)
        guard !photoPaths.isEmpty else { return tally }
        var outing = CameraOuting()
        func match(_ photos: [CameraOuting.Photo], beside outing: [PhotoMatch]) throws -> MatchReport {
            var report = MatchReport(matching: photos, with: matcher, outing: outing)
            places.add(UsualPlaces.sightings(in: report, rules: matcher.rules))
            report.notAsking(at: places, rules: matcher.rules)
            try reports(report)
            tally.add(report)
            return report
        }
        _ = try PhotoBatch.read(
            photoPaths, followingLinks: options.followsLinks, countsFilesFirst: options.countsFilesFirst,
            progress: Self.walking(progress)
        ) { batch in
            var photos = geotagger.geotag(CameraOffset.apply(options.cameraOffsets, to: batch.photos))
            outing.hold(from: &photos)
            outing.learn(try match(photos, beside: outing.beside(photos, catalog: catalog)))
        }
        let held = outing.release()
        if !held.photos.isEmpty { _ = try match(held.photos, beside: outing.beside(held.photos, catalog: catalog)) }
        return tally
    }
}
