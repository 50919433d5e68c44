import Catalog
import Foundation
import Matching
import PhotoMetadata
import Thumbnails
import TimeAndPlace
import VisitStore

/// Photos the import left unmatched, filed by hand.
extension MatchConfirmer {
    /// Attaches photos the import left unmatched, by hand: each is hashed and filed as the decision says, all in one
    /// correction (one `undo` takes them all back). A photo already in a visit is left there (the outcome says so); a
    /// decision that cannot be carried out (a game the catalog does not have, no venue or date) changes nothing.
    func attach(
        _ paths: [String], _ decision: Decision, venueId: String? = nil,
        on day: LocalDate? = nil
    ) throws -> [(path: String, outcome: AttachOutcome)] {
        if case .game(let id, _) = decision, catalog.game(id: id) == nil { throw CorrectionError.unknownGame(id: id) }
        var outcomes: [(path: String, outcome: AttachOutcome?)] = []
        var photos: [PendingMatch] = []
        for path in paths {
            let hash: String
            do { hash = try FileHasher.sha256(ofFileAt: path) } catch {
                throw CorrectionError.unreadablePhoto(path: path, reason: Self.reason(error))
            }
            if let visit = try library.visit(containingPhoto: hash) {
                outcomes.append((path, .alreadyIn(visit)))
                continue
            }
            guard !photos.contains(where: { $0.sha256 == hash }) else { continue }
            outcomes.append((path, nil))
            let metadata = try? PhotoMetadataExtractor().metadata(ofFileAt: path)
            var thumbnail: String?
            if let made = try? ThumbnailGenerator().thumbnail(ofPhotoAt: path, metadata: metadata) {
                try library.thumbnails.keep([(hash, made.jpeg)])
                thumbnail = VisitPhoto.thumbnailPath(forHash: hash)
            }
            photos.append(
                PendingMatch(
                    id: try library.pendingMatch(ofPhoto: hash)?.id ?? RecordID.random(), sha256: hash,
                    originalPath: absolutePath(path),
                    captureLocal: day.flatMap { $0.at(hour: 12) } ?? metadata?.capture?.local,
                    utcOffset: metadata?.capture?.utcOffset, timeSource: metadata?.capture?.source,
                    latitude: metadata?.location?.latitude, longitude: metadata?.location?.longitude,
                    venueId: venueId, reason: .attachedByHand, candidates: [], thumbnailFile: thumbnail))
        }
        guard let first = photos.first else { return outcomes.compactMap { path, outcome in outcome.map { (path, $0) } } }
        // Every photo is held against the decision, not only the first (a game far from any of them asks first); they
        // all go where the first does.
        let game = try photos.map { try self.game(for: decision, of: $0) }[0]
        // The pending rows and their resolution in one transaction: a failure leaves no row behind.
        let visit = try library.correcting(
            .attach, scope: try scope(filing: photos, as: decision, game: game),
            summary: { (visit: StadiumVisit) in
                "attached \(photos.count == 1 ? first.originalPath : "\(photos.count) photos") to \(visit.summary)"
            }
        ) { transaction in
            var filed: (visit: StadiumVisit, created: Bool)?
            for pending in photos {
                try transaction.insert(pending, replacing: true)
                let into = try file(pending, as: decision, game: game, in: transaction)
                filed = (into.visit, filed?.created ?? into.created)
            }
            return (filed!.visit, filed!.created ? [filed!.visit.id] : [])
        }
        return outcomes.map { ($0.path, $0.outcome ?? .attached(visit)) }
    }

    /// What attaching one photo did: filed it into a visit, or found it already in one.
    public enum AttachOutcome: Hashable, Sendable {
        case attached(StadiumVisit)
        /// The photo was in the library already, in this visit: nothing changed.
        case alreadyIn(StadiumVisit)

        /// The visit the photo is in now.
        public var visit: StadiumVisit {
            switch self {
            case .attached(let visit), .alreadyIn(let visit): visit
            }
        }
    }

    /// The operating system's reason a file could not be read, in its own words ("No such file or directory").
    static func reason(_ error: any Error) -> String {
        guard let posix = error as? POSIXError else { return "the file cannot be read" }
        return String(cString: strerror(posix.code.rawValue))
    }
}
