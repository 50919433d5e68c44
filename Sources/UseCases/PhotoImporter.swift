import Catalog
import Foundation
import Matching
import Parallel
import PhotoMetadata
import Thumbnails
import TimeAndPlace
import VisitStore

/// The main job: photos in; visits (one per game, many photos each), pending matches and thumbnails out.
///
/// Every photo is read only as far as its metadata; only photos that become visit photos or pending matches are
/// hashed in full and thumbnailed. Photos are written in chunks, each one transaction: an import stopped at any point
/// (Ctrl-C, a kill, a full disk) leaves a consistent library, and running it again completes it — the SHA-256 of a
/// photo's content makes every photo go in exactly once.
struct PhotoImporter: Sendable {
    /// The library the photos, visits, pending matches and thumbnails are written into.
    let library: VisitLibrary
    /// The catalog the photos are matched against (with the games found online for this import).
    let catalog: Catalog
    /// Only games of this league, when the fan said so; nil matches every league.
    let league: LeagueID?
    /// How many photos each transaction stores (at least 1); an interrupted import redoes at most one chunk.
    let chunkSize: Int
    /// Nil when the thumbnails' database cannot be kept: photos are stored without, to be made later.
    let thumbnails: ThumbnailGenerator?
    let visits: VisitFactory
    /// Built once: its time-zone tables are made at start, and an import of many batches matches them all.
    let matcher: GameMatcher
    /// The import (``ImportRun``) the photos and questions it stores belong to; nil outside a recorded import.
    let importRun: Int64?

    /// An importer into `library`, matching against `catalog` and making thumbnails with `thumbnails`.
    init(
        library: VisitLibrary, catalog: Catalog, league: LeagueID? = nil,
        thumbnails: ThumbnailGenerator? = ThumbnailGenerator(), chunkSize: Int = 50, importRun: Int64? = nil
    ) {
        self.library = library
        self.catalog = catalog
        self.league = league
        self.chunkSize = max(1, chunkSize)
        self.thumbnails = thumbnails
        visits = VisitFactory(catalog: catalog)
        matcher = GameMatcher(catalog: catalog, league: league)
        self.importRun = importRun
    }

    /// What an import did, photo by photo.
    struct Result: Sendable {
        /// How every photo matched: matched, in need of confirmation, unmatched with why, or unreadable.
        var report: MatchReport
        /// Photos attached to visits by this run.
        var attached = 0
        /// Visits this run created, for games the library had no visit of yet.
        var visitsCreated = 0
        /// Photos stored as pending matches, for the fan to confirm.
        var pendingAdded = 0
        /// Photos skipped because the library already had their content.
        var alreadyInLibrary = 0
        /// Of those, photos whose file had moved: the library now points at their new place.
        var relinked = 0
        /// The content hash of each photo now in the library (as a visit photo or a pending match), by path.
        var hashes: [String: String] = [:]

        /// What this import learned about each file it read that holds while the file does not change
        /// (``SeenFile``): photos in the library, photos near no venue or near a game but no question (with this
        /// catalog), photos without a position or a time, files whose content is no photo we read. Photos near a
        /// venue with no game around are not remembered: a game found online may change their fate; nor are files the
        /// system would not let us read (``PhotoMetadataError/isVerdictOnContent``): they are tried again.
        /// `now` holds the files as they were looked at before they were read (the rest are looked at now): a file
        /// that changes while it is imported is then read again by the next import.
        func seenFiles(catalog fingerprint: String, as now: [String: SeenFile] = [:]) -> [SeenFile] {
            let failed = Set((failures).map(\.path))
            return report.photos.compactMap { photo -> SeenFile? in
                guard !failed.contains(photo.path), var file = now[photo.path] ?? SeenFile.now(atPath: photo.path) else { return nil }
                switch (photo.status, photo.reason) {
                case (.matched, _), (.needsConfirmation, _):
                    guard let hash = hashes[photo.path] else { return nil }
                    (file.outcome, file.sha256) = (.inLibrary, hash)
                case (.unmatched, .noVenueNearby?): (file.outcome, file.catalog) = (.noVenueNearby, fingerprint)
                case (.unmatched, .lowConfidence?):
                    guard let game = photo.candidates.first?.game.id else { return nil }
                    (file.outcome, file.catalog, file.gameId) = (.nearGame, fingerprint, game)
                case (.unmatched, .missingLocation?), (.unmatched, .missingDate?): file.outcome = .noPlaceOrTime
                case (.error, _) where photo.readError?.isVerdictOnContent == true: file.outcome = .notAPhoto
                default: return nil
                }
                return file
            }
        }
        /// Files that matched but could not be read to the end (hashing), with the reason.
        var failures: [ImportFailure] = []
        /// Photos stored without a thumbnail, with the reason.
        var thumbnailFailures: [(path: String, reason: String)] = []

        /// The games this import's matched photos belong to.
        var matchedGameIds: Set<GameID> {
            Set(report.photos.compactMap { $0.status == .matched ? $0.game?.id : nil })
        }
    }

    /// Progress through the photos that go into the library (for a progress bar).
    typealias Progress = @Sendable (_ done: Int, _ total: Int) -> Void

    /// Matches `photos` and stores those matched (into visits) or in doubt (as pending matches), with thumbnails,
    /// `chunkSize` per transaction; `progress` hears of each chunk. A file that cannot be hashed is skipped and
    /// listed in ``Result/failures``; a library that cannot be written throws.
    func run(
        _ photos: [(path: String, metadata: Swift.Result<PhotoMetadata, PhotoMetadataError>)],
        progress: Progress? = nil
    ) async throws -> Result {
        var places = try usualPlaces()
        return try await importBatch(photos, usualPlaces: &places, progress: progress)
    }

    /// The places the fan's photos gather on days without a game, as the library knows them before an import.
    func usualPlaces() throws -> UsualPlaces {
        UsualPlaces(
            try library.noGameDayPhotos().compactMap { photo in
                // As ``UsualPlaces/sightings(in:rules:)`` takes them: a photo at a venue is no sighting of home.
                guard (photo.distanceMeters ?? .infinity) >= matcher.rules.highRadius else { return nil }
                return GeoCoordinate(latitude: photo.latitude, longitude: photo.longitude).map {
                    UsualPlaces.Sighting(path: photo.path, location: $0, day: photo.day)
                }
            })
    }

    /// ``run(_:progress:)`` for one batch of a larger import.
    /// `usualPlaces` learns from the batch's photos on days without a game, which are remembered for later imports;
    /// questions about photos taken at such places are not asked. `outing`: photos matched in the import's other
    /// folders, which sessions across cameras may span (``CameraOuting``).
    func importBatch(
        _ photos: [(path: String, metadata: Swift.Result<PhotoMetadata, PhotoMetadataError>)],
        usualPlaces places: inout UsualPlaces, outing: [PhotoMatch] = [], progress: Progress? = nil
    ) async throws -> Result {
        var report = MatchReport(matching: photos, with: matcher, outing: outing)
        let sightings = UsualPlaces.sightings(in: report, rules: matcher.rules)
        places.add(sightings)
        report.notAsking(at: places, rules: matcher.rules)
        // Every photo near a venue on a day without a game: those away from it teach the usual places, those at it
        // wait on the Not imported page (a tour?).
        try library.remember(
            noGameDayPhotos: report.photos.compactMap { photo in
                guard photo.reason == .noGamesOnDate, let location = photo.location, let day = photo.capture?.local.date else { return nil }
                return NoGameDayPhoto(
                    path: absolutePath(photo.path), latitude: location.latitude, longitude: location.longitude, day: day,
                    venueId: photo.venue?.id, distanceMeters: photo.venue?.distanceMeters)
            })
        var result = Result(report: report)
        let metadata = Dictionary(photos.map { ($0.path, try? $0.metadata.get()) }, uniquingKeysWith: { a, _ in a })
        let keep = report.photos.filter { $0.status == .matched || $0.status == .needsConfirmation }
        var done = 0
        for start in stride(from: 0, to: keep.count, by: chunkSize) {
            let chunk = Array(keep[start..<min(start + chunkSize, keep.count)])
            try await store(chunk, metadata: metadata, into: &result)
            done += chunk.count
            progress?(done, keep.count)
        }
        return result
    }

    private struct Prepared {
        var match: PhotoMatch
        var hash: String
        var thumbnail: String?
    }

    private func store(_ chunk: [PhotoMatch], metadata: [String: PhotoMetadata?], into result: inout Result) async throws {
        var hashed: [(PhotoMatch, String)] = []
        for (match, hash) in zip(chunk, await chunk.concurrentMap { match in Swift.Result { try FileHasher.sha256(ofFileAt: match.path) } })
        {
            switch hash {
            case .success(let hash): hashed.append((match, hash))
            case .failure(let error): result.failures.append(ImportFailure(path: match.path, hashing: error))
            }
        }
        let hashes = hashed.map(\.1)
        let stored = try library.storedPaths(ofPhotos: hashes)
        let known = Set(stored.keys)
        // A photo the library has under a path that is gone was moved: it is known by its content, and follows.
        result.relinked += try library.relink(
            hashed.filter { match, hash in
                stored[hash].map { $0 != absolutePath(match.path) && !FileManager.default.fileExists(atPath: $0) } ?? false
            }.map { (hash: $0.1, path: absolutePath($0.0.path)) })
        for (match, hash) in hashed { result.hashes[match.path] = hash }
        var fresh: [(PhotoMatch, String)] = []
        var seen = known
        for (match, hash) in hashed {
            if seen.insert(hash).inserted { fresh.append((match, hash)) } else { result.alreadyInLibrary += 1 }
        }
        let made = await fresh.concurrentMap { match, hash in
            thumbnails.map { thumbnails in
                Swift.Result { try thumbnails.thumbnail(ofPhotoAt: match.path, metadata: metadata[match.path] ?? nil).jpeg }
            }
        }
        var prepared: [Prepared] = []
        var kept: [(hash: String, jpeg: Data)] = []
        for ((match, hash), thumbnail) in zip(fresh, made) {
            switch thumbnail {
            case nil: prepared.append(Prepared(match: match, hash: hash, thumbnail: nil))
            case .success(let jpeg):
                kept.append((hash, jpeg))
                prepared.append(Prepared(match: match, hash: hash, thumbnail: VisitPhoto.thumbnailPath(forHash: hash)))
            case .failure(let error):
                result.thumbnailFailures.append((match.path, String(describing: error)))
                prepared.append(Prepared(match: match, hash: hash, thumbnail: nil))
            }
        }
        // The pictures first: no photo names a thumbnail that is not kept, even if the process is killed between.
        try library.thumbnails.keep(kept)
        guard !prepared.isEmpty else { return }
        // Counted by what the database actually took: another import of the same photos may have stored some of them
        // since they were looked up, and its rows win.
        let counts = try library.transaction { transaction -> (attached: Int, created: Int, pending: Int, known: Int) in
            var counts = (attached: 0, created: 0, pending: 0, known: 0)
            for item in prepared {
                if item.match.status == .matched, let game = item.match.game {
                    guard try !transaction.containsPhoto(hash: item.hash) else {
                        counts.known += 1
                        continue
                    }
                    var photo = VisitPhoto(item.match, hash: item.hash, thumbnail: item.thumbnail)
                    photo.importRunId = importRun
                    let (visit, created) = try visits.findOrCreate(
                        in: transaction, game: game, dataSource: .automatic,
                        firstPhoto: photo)
                    try transaction.file(photo, into: visit.id)
                    counts.attached += 1
                    if created { counts.created += 1 }
                } else if try transaction.insert(Self.pending(item, catalog: catalog, importRun: importRun)) {
                    counts.pending += 1
                } else {
                    counts.known += 1
                }
            }
            return counts
        }
        result.attached += counts.attached
        result.visitsCreated += counts.created
        result.pendingAdded += counts.pending
        result.alreadyInLibrary += counts.known
    }

    private static func pending(_ item: Prepared, catalog: Catalog, importRun: Int64?) -> PendingMatch {
        PendingMatch(
            sha256: item.hash, originalPath: absolutePath(item.match.path), captureLocal: item.match.capture?.local,
            utcOffset: item.match.capture?.utcOffset, timeSource: item.match.capture?.source,
            latitude: item.match.location?.latitude,
            longitude: item.match.location?.longitude, venueId: item.match.venue?.id,
            reason: item.match.fromAnotherCamera
                ? .otherCameraSession
                : item.match.isPlacedByCameraClock ? .trackByCameraClock : item.match.reason.map { PendingReason(rawValue: $0.rawValue) },
            candidates: item.match.candidates.map { PendingCandidate($0, catalog: catalog) },
            thumbnailFile: item.thumbnail, importRunId: importRun, clockCorrection: item.match.clockCorrection)
    }
}

extension PendingCandidate {
    /// A candidate of the match report as a pending match keeps it, with the teams' names of the game's day.
    init(_ candidate: GameCandidate, catalog: Catalog) {
        let game = candidate.game
        let team = { (id: TeamID) in Team(id: id, name: catalog.teamName(id, on: game.localDate)) }
        self.init(
            id: game.id, league: game.league, localDate: game.localDate, gameNumber: game.gameNumber,
            startUTC: game.startUTC, venueId: game.venueId, home: team(game.homeTeamId), away: team(game.awayTeamId),
            homeScore: game.homeScore, awayScore: game.awayScore,
            distanceMeters: candidate.distanceMeters.map { ($0 * 10).rounded() / 10 }, inWindow: candidate.duringGame)
    }
}

extension VisitPhoto {
    /// A matched photo as the library keeps it, before it is filed into its visit.
    init(_ match: PhotoMatch, hash: String, thumbnail: String?) {
        self.init(
            sha256: hash, visitId: "", originalPath: absolutePath(match.path), captureLocal: match.capture?.local,
            utcOffset: match.capture?.utcOffset, timeSource: match.capture?.source, latitude: match.location?.latitude,
            longitude: match.location?.longitude, thumbnailFile: thumbnail, sortOrder: 0, clockCorrection: match.clockCorrection)
    }

    /// A pending photo as it goes into the visit the fan chose.
    init(_ pending: PendingMatch) {
        self.init(
            sha256: pending.sha256, visitId: "", originalPath: pending.originalPath, captureLocal: pending.captureLocal,
            utcOffset: pending.utcOffset, timeSource: pending.timeSource, latitude: pending.latitude,
            longitude: pending.longitude, thumbnailFile: pending.thumbnailFile, sortOrder: 0, importRunId: pending.importRunId,
            clockCorrection: pending.clockCorrection)
    }
}
