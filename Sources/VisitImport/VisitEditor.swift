import Catalog
import Foundation
import GRDB
import TimeAndPlace
import VisitStore

/// Corrections the fan makes to a visit, and visits the fan deletes.
///
/// A corrected visit is marked `userCorrected`, and its values as first recorded are kept (`VisitOriginal`, once,
/// on the first correction), so nothing the import found is lost. Deleting a visit deletes its photo records (the
/// photo files are never touched); importing the same photos again would bring it back.
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
        /// Home first.
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
        try library.write { db in
            guard var visit = try StadiumVisit.fetchOne(db, key: id) else { throw LibraryError.notFound(what: "visit \(id)") }
            if try VisitOriginal.fetchOne(db, key: id) == nil {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                encoder.dateEncodingStrategy = .iso8601
                try VisitOriginal(visitId: id, original: String(decoding: try encoder.encode(visit), as: UTF8.self),
                                  editedAt: now).insert(db)
            }
            if let seat = changes.seat { visit.seat = seat.isEmpty ? nil : seat }
            if let notes = changes.notes { visit.notes = notes.isEmpty ? nil : notes }
            if let score = changes.score {
                (visit.homeScore, visit.awayScore) = (score.home, score.away)
                visit.scoreSource = .user
                (visit.scoreProvider, visit.scoreFetchedAt) = (nil, nil)
                visit.scoreResolutionPending = false
            }
            if let date = changes.date { visit.localDate = date }
            if let type = changes.visitType { visit.visitType = type }
            if let venueId = changes.venueId {
                guard let venue = catalog.venue(id: venueId) else { throw LibraryError.notFound(what: "venue \(venueId)") }
                visit.venueId = venue.id
            }
            if changes.venueId != nil || changes.date != nil, let venue = catalog.venue(id: visit.venueId) {
                visit.venueName = venue.name(on: visit.localDate)
            }
            visit.dataSource = .userCorrected
            try visit.update(db)
            return visit
        }
    }

    /// Deletes the visit `id` and its photo records; returns what was deleted.
    @discardableResult
    public func delete(_ id: String) throws(LibraryError) -> StadiumVisit {
        try library.write { db in
            guard let visit = try StadiumVisit.fetchOne(db, key: id) else { throw LibraryError.notFound(what: "visit \(id)") }
            try visit.delete(db)
            return visit
        }
    }
}
