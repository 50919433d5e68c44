import Catalog
import Foundation
import GRDB
import TimeAndPlace
import VisitStore

/// Corrections the fan makes to a visit, and visits the fan deletes.
///
/// A corrected visit is marked `userCorrected`, and its values as first recorded are kept (`VisitOriginal`, once,
/// on the first correction), so nothing the import found is lost. Deleting a visit deletes its photo records (the
/// photo files are never touched) and returns its photos to the unmatched state. Every change is a ``Correction``
/// the fan can see (`visits show`) and undo.
public struct VisitEditor: Sendable {
    public let library: VisitLibrary
    public let catalog: Catalog

    public init(library: VisitLibrary, catalog: Catalog) {
        self.library = library
        self.catalog = catalog
    }

    /// What to change; nil leaves a value as it is, and an empty seat or notes clears it.
    public struct Changes: Sendable {
        public var seat: String?
        public var notes: String?
        public var score: (home: Int, away: Int)?
        public var date: LocalDate?
        /// A venue id; its name is frozen as it was on the visit's date.
        public var venueId: String?
        public var visitType: VisitType?

        public init(seat: String? = nil, notes: String? = nil, score: (home: Int, away: Int)? = nil, date: LocalDate? = nil,
                    venueId: String? = nil, visitType: VisitType? = nil) {
            self.seat = seat
            self.notes = notes
            self.score = score
            self.date = date
            self.venueId = venueId
            self.visitType = visitType
        }

        public var isEmpty: Bool {
            seat == nil && notes == nil && score == nil && date == nil && venueId == nil && visitType == nil
        }
    }

    /// Applies `changes` to the visit `id` and returns it as it is now.
    public func edit(_ id: String, _ changes: Changes, now: Date = Date()) throws(LibraryError) -> StadiumVisit {
        try library.correcting(.edit, scope: CorrectionScope(visitIds: [id]),
                               summary: { (visit: StadiumVisit) in "corrected \(MatchConfirmer.describe(visit))" }) { db in
            guard var visit = try StadiumVisit.fetchOne(db, key: id) else { throw LibraryError.noSuchVisit(id: id) }
            if try VisitOriginal.fetchOne(db, key: id) == nil {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                encoder.dateEncodingStrategy = .iso8601
                try VisitOriginal(visitId: id, original: String(decoding: try encoder.encode(visit), as: UTF8.self),
                                  editedAt: now).insert(db)
            }
            if let seat = changes.seat { visit.seat = seat.isEmpty ? nil : seat }
            if let notes = changes.notes { visit.notes = notes.isEmpty ? nil : notes }
            if let date = changes.date { visit.localDate = date }
            if let type = changes.visitType { visit.visitType = type }
            if let score = changes.score {
                guard visit.visitType == .game else { throw LibraryError.tourHasNoScore }
                (visit.homeScore, visit.awayScore) = (score.home, score.away)
                visit.scoreSource = .user
                (visit.scoreProvider, visit.scoreFetchedAt) = (nil, nil)
                visit.scoreResolutionPending = false
            } else if visit.visitType != .game {
                (visit.homeScore, visit.awayScore, visit.scoreSource, visit.scoreResolutionPending) = (nil, nil, nil, false)
            }
            if let venueId = changes.venueId {
                guard let venue = catalog.venue(id: venueId) else { throw LibraryError.unknownVenue(id: venueId) }
                visit.venueId = venue.id
            }
            if changes.venueId != nil || changes.date != nil, let venue = catalog.venue(id: visit.venueId) {
                visit.venueName = venue.name(on: visit.localDate)
            }
            visit.dataSource = .userCorrected
            try visit.update(db)
            return (visit, [])
        }
    }

    /// Deletes the visit `id` and its photo records (the photo files are never touched); returns what was deleted.
    /// Its photos return to the unmatched state: an import or `attach` can place them again.
    @discardableResult
    public func delete(_ id: String) throws(LibraryError) -> StadiumVisit {
        try library.correcting(.delete, scope: CorrectionScope(visitIds: [id]),
                               summary: { (visit: StadiumVisit) in "deleted \(MatchConfirmer.describe(visit))" }) { db in
            guard let visit = try StadiumVisit.fetchOne(db, key: id) else { throw LibraryError.noSuchVisit(id: id) }
            let hashes = try String.fetchAll(db, VisitPhoto.filter(Column("visitId") == id).select(Column("sha256")))
            _ = try PendingMatch.filter(hashes.contains(Column("sha256"))).deleteAll(db)
            try visit.delete(db)
            return (visit, [])
        }
    }

    /// Where moved photos go.
    public enum Destination: Hashable, Sendable {
        case game(String)
        case visit(String)
        /// A tour of the photos' venue on their visit's day.
        case tour
    }

    /// Moves photos (by content hash) out of their visits into another; a visit left without photos is deleted.
    /// Returns the visit they are in now.
    public func move(_ hashes: [String], to destination: Destination) throws(LibraryError) -> StadiumVisit {
        let from = try library.read { db in try String.fetchAll(db, VisitPhoto.filter(hashes.contains(Column("sha256")))
                                                                    .select(Column("visitId"), as: String.self).distinct()) }
        var scope = CorrectionScope(visitIds: Set(from), photoHashes: Set(hashes))
        if case .visit(let id) = destination { scope.visitIds.insert(id) }
        if case .game(let id) = destination {
            guard catalog.game(id: id) != nil else { throw .unknownGame(id: id) }
            if let existing = try library.read({ db in try StadiumVisit.filter(Column("gameId") == id).fetchOne(db) }) {
                scope.visitIds.insert(existing.id)
            }
        }
        return try library.correcting(.move, scope: scope, summary: { (visit: StadiumVisit) in
            "moved \(hashes.count == 1 ? "1 photo" : "\(hashes.count) photos") to \(MatchConfirmer.describe(visit))"
        }) { db in
            let photos = try VisitPhoto.fetchAll(db, keys: hashes)
            guard let first = photos.first else { throw LibraryError.photoNotInLibrary(path: hashes.first ?? "") }
            let source = try StadiumVisit.fetchOne(db, key: first.visitId)
            var created: Set<String> = []
            let target: StadiumVisit
            switch destination {
            case .visit(let id):
                guard let visit = try StadiumVisit.fetchOne(db, key: id) else { throw LibraryError.noSuchVisit(id: id) }
                target = visit
            case .game(let id):
                let game = catalog.game(id: id)!
                let found = try VisitFactory(catalog: catalog).findOrCreate(db, game: game, dataSource: .partialManual, firstPhoto: first)
                if found.created { created.insert(found.visit.id) }
                target = found.visit
            case .tour:
                guard let source else { throw LibraryError.photoNotInLibrary(path: first.originalPath) }
                let found = try VisitFactory(catalog: catalog).findOrCreateTour(
                    db, venueId: source.venueId, venueName: source.venueName, on: source.localDate, sport: source.sport,
                    photo: (first.latitude, first.longitude, first.captureLocal))
                if found.created { created.insert(found.visit.id) }
                target = found.visit
            }
            var order = try VisitPhoto.nextSortOrder(inVisit: target.id, db)
            for var photo in photos where photo.visitId != target.id {
                photo.visitId = target.id
                photo.sortOrder = order
                order += 1
                try photo.update(db)
            }
            try PendingMatch.filter(hashes.contains(Column("sha256"))).updateAll(db, Column("resolvedVisitId").set(to: target.id))
            // A visit is never left without photos: the photos were what made it.
            for id in Set(photos.map(\.visitId)) where id != target.id {
                if try VisitPhoto.filter(Column("visitId") == id).fetchCount(db) == 0 { _ = try StadiumVisit.deleteOne(db, key: id) }
            }
            return (target, created)
        }
    }

    /// The content hashes of the library's photos at these paths (as imported, or files whose content is in it).
    public func photoHashes(for paths: [String]) throws(LibraryError) -> [String] {
        var hashes: [String] = []
        for path in paths {
            let stored = try library.read { db in
                try String.fetchOne(db, VisitPhoto.filter(Column("originalPath") == path || Column("sha256") == path)
                                        .select(Column("sha256")))
            }
            if let stored { hashes.append(stored); continue }
            guard let hash = try? FileHasher.sha256(ofFileAt: path),
                  try library.read({ db in try VisitPhoto.exists(db, key: hash) }) else {
                throw .photoNotInLibrary(path: path)
            }
            hashes.append(hash)
        }
        return hashes
    }

    /// A visit with its photos and the corrections that touched it.
    public func details(of id: String) throws(LibraryError) -> (visit: StadiumVisit, photos: [VisitPhoto], history: [Correction]) {
        let (visit, photos) = try library.read { db in
            (try StadiumVisit.fetchOne(db, key: id),
             try VisitPhoto.filter(Column("visitId") == id).order(Column("sortOrder")).fetchAll(db))
        }
        guard let visit else { throw .noSuchVisit(id: id) }
        return (visit, photos, try library.corrections(ofVisit: id))
    }
}
