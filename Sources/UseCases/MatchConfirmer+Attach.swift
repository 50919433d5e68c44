import Catalog
import Foundation
import Matching
import PhotoMetadata
import Thumbnails
import TimeAndPlace
import VisitStore

/// Photos the import left unmatched, filed by hand.
extension MatchConfirmer {
    /// Attaches photos the import left unmatched, by hand: each is hashed and filed as the decision says. A photo
    /// already in a visit is left there (the outcome says so); a decision that cannot be carried out (a game the
    /// catalog does not have, no venue or date) changes nothing.
    func attach(
        _ paths: [String], _ decision: Decision, venueId: String? = nil,
        on day: LocalDate? = nil
    ) throws -> [(path: String, outcome: AttachOutcome)] {
        if case .game(let id) = decision, catalog.game(id: id) == nil { throw CorrectionError.unknownGame(id: id) }
        var outcomes: [(String, AttachOutcome)] = []
        for path in paths {
            let hash: String
            do { hash = try FileHasher.sha256(ofFileAt: path) } catch {
                throw CorrectionError.unreadablePhoto(path: path, reason: Self.reason(error))
            }
            if let visit = try library.visit(containingPhoto: hash) {
                outcomes.append((path, .alreadyIn(visit)))
                continue
            }
            let metadata = try? PhotoMetadataExtractor().metadata(ofFileAt: path)
            let thumbnail = try? ThumbnailStore(library: library, generator: ThumbnailGenerator())
                .write(forPhotoAt: path, hash: hash, metadata: metadata)
            let existing = try library.pendingMatch(ofPhoto: hash)
            let pending = PendingMatch(
                id: existing?.id ?? UUID().uuidString, sha256: hash, originalPath: absolutePath(path),
                captureLocal: day.flatMap { $0.at(hour: 12) } ?? metadata?.capture?.local,
                utcOffset: metadata?.capture?.utcOffset, timeSource: metadata?.capture?.source,
                latitude: metadata?.location?.latitude, longitude: metadata?.location?.longitude,
                venueId: venueId, reason: "attachedByHand", candidates: [], thumbnailFile: thumbnail)
            let game = try game(for: decision, of: pending)
            let scope = try scope(filing: [pending], as: decision, game: game)
            // The pending row and its resolution in one transaction: a failure leaves no row behind.
            let visit = try library.correcting(
                .attach, scope: scope,
                summary: { (visit: StadiumVisit) in
                    "attached \(path) to \(visit.summary)"
                }
            ) { transaction in
                try transaction.insert(pending, replacing: true)
                let filed = try file(pending, as: decision, game: game, in: transaction)
                return (filed.visit, filed.created ? [filed.visit.id] : [])
            }
            outcomes.append((path, .attached(visit)))
        }
        return outcomes
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
