import Catalog
import Foundation
import GRDB
import TimeAndPlace

/// One change to the library, made of named steps that all happen or none do: the application layer decides what to
/// file where, and this is the only way it reaches the rows (``VisitLibrary/transaction(_:)``,
/// ``VisitLibrary/correcting(_:scope:summary:_:)``).
public struct LibraryTransaction {
    let db: Database

    // MARK: Visits

    /// The visit with this id; nil when there is none.
    public func visit(id: String) throws -> StadiumVisit? { try StadiumVisit.fetchOne(db, key: id) }

    /// The visit of a catalog game: there is at most one.
    ///
    /// This and the other steps an import takes for every photo it files (``containsPhoto(hash:)``, the next place in
    /// a visit) run statements prepared once per connection: a query-interface request is built and prepared again
    /// at each call, and that was a tenth of an import.
    public func visit(ofGame gameId: GameID) throws -> StadiumVisit? {
        let sql =
            "SELECT \(StadiumVisit.selectedColumns) FROM \(StadiumVisit.databaseTableName) "
            + "WHERE \(StadiumVisit.Columns.gameId.name) = ?"
        return try StadiumVisit.fetchOne(db.cachedStatement(sql: sql), arguments: [gameId])
    }

    /// The visit without a catalog game at a venue on a day: a tour, or (with teams) a game entered by hand.
    public func visitWithoutGame(
        at venueId: String, on day: LocalDate, type: VisitType,
        homeTeamId: TeamID? = nil, awayTeamId: TeamID? = nil
    ) throws -> StadiumVisit? {
        var request = StadiumVisit.filter(
            StadiumVisit.Columns.gameId == nil && StadiumVisit.Columns.venueId == venueId
                && StadiumVisit.Columns.localDate == day && StadiumVisit.Columns.visitType == type)
        if let homeTeamId, let awayTeamId {
            request = request.filter(StadiumVisit.Columns.homeTeamId == homeTeamId && StadiumVisit.Columns.awayTeamId == awayTeamId)
        }
        return try request.fetchOne(db)
    }

    /// Adds a new visit; throws when its id or its game is taken (or, without a game, its venue, day and type).
    public func insert(_ visit: StadiumVisit) throws { try visit.insert(db) }

    /// Saves a changed visit over the stored one with its id; throws when there is none.
    public func update(_ visit: StadiumVisit) throws { try visit.update(db) }

    /// Deletes a visit with its photo records (never the photo files).
    public func deleteVisit(id: String) throws { _ = try StadiumVisit.deleteOne(db, key: id) }

    /// Keeps a visit's values as first recorded, once: later corrections never replace them.
    public func keepOriginal(of visit: StadiumVisit, at now: Date) throws {
        guard try VisitOriginal.fetchOne(db, key: visit.id) == nil else { return }
        try VisitOriginal(visitId: visit.id, original: visit, editedAt: now).insert(db)
    }

    // MARK: Photos

    /// Whether a photo with this content hash is filed in a visit (a pending match does not count).
    public func containsPhoto(hash: String) throws -> Bool {
        let sql = "SELECT EXISTS(SELECT 1 FROM \(VisitPhoto.databaseTableName) WHERE \(VisitPhoto.Columns.sha256.name) = ?)"
        return try Bool.fetchOne(db.cachedStatement(sql: sql), arguments: [hash]) ?? false
    }

    /// The visit photos with these content hashes, in no particular order; hashes not filed are left out.
    public func photos(hashes: [String]) throws -> [VisitPhoto] { try VisitPhoto.fetchAll(db, keys: hashes) }

    /// The content hashes of a visit's photos, in no particular order.
    public func photoHashes(inVisit visitId: String) throws -> [String] {
        try String.fetchAll(db, VisitPhoto.filter(VisitPhoto.Columns.visitId == visitId).select(VisitPhoto.Columns.sha256))
    }

    /// Files a photo after the last one of a visit (one lookup in the (visitId, sortOrder) index, so adding the n-th
    /// photo costs the same as the first); a photo with the same content is replaced when `replacing`.
    public func file(_ photo: VisitPhoto, into visitId: String, replacing: Bool = false) throws {
        var photo = photo
        photo.visitId = visitId
        photo.sortOrder = try nextSortOrder(inVisit: visitId)
        try photo.insert(db, onConflict: replacing ? .replace : .abort)
    }

    /// Moves photos into a visit, after its last photo, in the order given.
    public func move(_ photos: [VisitPhoto], into visitId: String) throws {
        var order = try nextSortOrder(inVisit: visitId)
        for var photo in photos where photo.visitId != visitId {
            photo.visitId = visitId
            photo.sortOrder = order
            order += 1
            try photo.update(db)
        }
    }

    /// Whether a visit still has a photo (a move deletes a visit it leaves without any).
    public func hasPhotos(inVisit visitId: String) throws -> Bool {
        try VisitPhoto.filter(VisitPhoto.Columns.visitId == visitId).isEmpty(db) == false
    }

    private func nextSortOrder(inVisit visitId: String) throws -> Int {
        let sql =
            "SELECT MAX(\(VisitPhoto.Columns.sortOrder.name)) FROM \(VisitPhoto.databaseTableName) "
            + "WHERE \(VisitPhoto.Columns.visitId.name) = ?"
        return try Int.fetchOne(db.cachedStatement(sql: sql), arguments: [visitId]).map { $0 + 1 } ?? 0
    }

    // MARK: Pending matches

    /// The pending matches with these ids, as this transaction sees them; unknown ids are left out.
    public func pendingMatches(ids: [String]) throws -> [PendingMatch] { try PendingMatch.fetchAll(db, keys: ids) }

    /// Adds a pending match; returns false when the library already had one for that content (and keeps it) —
    /// unless `replacing`, when the new one takes its place.
    @discardableResult
    public func insert(_ pending: PendingMatch, replacing: Bool = false) throws -> Bool {
        try pending.insert(db, onConflict: replacing ? .replace : .ignore)
        return db.changesCount > 0
    }

    /// Saves a changed pending match (its status, its visit) over the stored one; throws when there is none.
    public func update(_ pending: PendingMatch) throws { try pending.update(db) }

    /// Forgets the pending matches of these photos (their visit is being deleted: the photos become unmatched).
    public func deletePendingMatches(ofPhotos hashes: [String]) throws {
        _ = try PendingMatch.filter(hashes.contains(PendingMatch.Columns.sha256)).deleteAll(db)
    }

    /// Points the settled pending matches of these photos at the visit they are in now.
    public func resolvePendingMatches(ofPhotos hashes: [String], to visitId: String) throws {
        _ = try PendingMatch.filter(hashes.contains(PendingMatch.Columns.sha256))
            .updateAll(db, PendingMatch.Columns.resolvedVisitId.set(to: visitId))
    }
}

extension VisitLibrary {
    /// Runs named changes in one write transaction: all of them happen, or none. An error `change` throws is
    /// rethrown as it is; the database's own are ``LibraryError``s.
    public func transaction<T>(_ change: (LibraryTransaction) throws -> T) throws -> T {
        try writeRethrowing { db in try change(LibraryTransaction(db: db)) }
    }
}
