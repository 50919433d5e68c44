import Foundation
import GRDB

/// One change the fan made to the library (a confirm, an attach, an edit, a move, a delete, a score entered), with
/// the rows it touched as they were before: enough to show a visit's history and to undo the change exactly.
///
/// Every correction records the keys it touched — visits, photos (by content hash), pending matches — and their rows
/// before it ran. Undoing it puts those rows back and removes what the change created, whatever kind it was, so there
/// is one way to undo and no per-command reversal to get wrong.
public struct Correction: Codable, Hashable, Sendable, Identifiable, FetchableRecord, MutablePersistableRecord {
    /// The row id, in the order corrections were made; nil until inserted.
    public var id: Int64?
    /// Which change it was.
    public var kind: Kind
    /// What happened, in the words the command printed.
    public var summary: String
    /// When the change was made.
    public var madeAt: Date
    /// `|id|id|`: the visits it touched, for a visit's history.
    public var visitKeys: String
    /// The content hashes of the photos it touched, sorted.
    public var photoKeys: [String]
    /// The ids of the pending matches it touched, sorted.
    public var pendingKeys: [String]
    /// The touched rows before the change.
    public var before: Rows
    /// When it was undone; nil while it stands (only the latest standing one can be undone).
    public var undoneAt: Date?

    /// The command behind a correction: `confirm` (a pending photo filed or skipped), `attach`, `edit`, `move`, `delete`,
    /// `score` (a score entered by hand), `add` (a game without photos) or `takeBackImport` (what one import added).
    public enum Kind: String, Codable, Hashable, Sendable {
        case confirm, attach, edit, move, delete, score, add, takeBackImport
    }

    /// Rows of the library, as they were.
    public struct Rows: Codable, Hashable, Sendable {
        /// The visits touched, as they were (none when the change created them).
        public var visits: [StadiumVisit] = []
        /// The photo records touched, as they were.
        public var photos: [VisitPhoto] = []
        /// The pending matches touched, as they were.
        public var pending: [PendingMatch] = []
        /// The kept originals of the visits touched, as they were.
        public var originals: [VisitOriginal] = []
        /// The evidence of the visits touched, as it was (none in corrections recorded before evidence was kept).
        public var evidence: [VisitEvidence] = []

        /// Rows as they were.
        public init(
            visits: [StadiumVisit] = [], photos: [VisitPhoto] = [], pending: [PendingMatch] = [], originals: [VisitOriginal] = [],
            evidence: [VisitEvidence] = []
        ) {
            self.visits = visits
            self.photos = photos
            self.pending = pending
            self.originals = originals
            self.evidence = evidence
        }

        /// Reads rows as recorded; corrections recorded before a kind of row was kept lack it, read as none.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            visits = try container.decodeIfPresent([StadiumVisit].self, forKey: .visits) ?? []
            photos = try container.decodeIfPresent([VisitPhoto].self, forKey: .photos) ?? []
            pending = try container.decodeIfPresent([PendingMatch].self, forKey: .pending) ?? []
            originals = try container.decodeIfPresent([VisitOriginal].self, forKey: .originals) ?? []
            evidence = try container.decodeIfPresent([VisitEvidence].self, forKey: .evidence) ?? []
        }
    }

    /// The ids of the visits it touched, read from `visitKeys`.
    public var visitIds: [String] { visitKeys.split(separator: "|").map(String.init) }

    /// Takes the row id SQLite gave the new row, so `id` is set once it is inserted.
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The columns this target filters and orders corrections by.
    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let visitKeys = Column(CodingKeys.visitKeys)
        static let undoneAt = Column(CodingKeys.undoneAt)
    }
}

/// What a correction touches, gathered before it runs (and completed with what it created).
public struct CorrectionScope: Sendable {
    /// Visits it will touch; ``VisitLibrary/correcting(_:scope:summary:_:)`` adds their photos.
    public var visitIds: Set<String> = []
    /// Photos (by content hash) it will touch besides those of `visitIds`; their pending matches are added.
    public var photoHashes: Set<String> = []
    /// Pending matches (by id) it will touch besides those of its photos (which are added); may name one the change creates.
    public var pendingIds: Set<String> = []

    /// A scope naming what the change touches; any part may be left empty.
    public init(visitIds: Set<String> = [], photoHashes: Set<String> = [], pendingIds: Set<String> = []) {
        self.visitIds = visitIds
        self.photoHashes = photoHashes
        self.pendingIds = pendingIds
    }
}

extension VisitLibrary {
    /// Runs `change` in one transaction and records it as a correction the fan can see and undo. `scope` names what
    /// it will touch (a visit's photos and the pending matches of those photos are added); `change` returns its
    /// result and the visits it created.
    public func correcting<T>(
        _ kind: Correction.Kind, scope: CorrectionScope, summary: @escaping (T) -> String,
        _ change: @escaping (LibraryTransaction) throws -> (result: T, createdVisits: Set<String>)
    )
        throws -> T
    {
        try writeRethrowing { db in
            var scope = scope
            let visitList = Array(scope.visitIds)
            scope.photoHashes.formUnion(
                try String.fetchAll(
                    db,
                    VisitPhoto.filter(visitList.contains(VisitPhoto.Columns.visitId))
                        .select(VisitPhoto.Columns.sha256)))
            let hashes = Array(scope.photoHashes)
            scope.pendingIds.formUnion(
                try String.fetchAll(
                    db,
                    PendingMatch.filter(hashes.contains(PendingMatch.Columns.sha256))
                        .select(PendingMatch.Columns.id)))
            let before = try Correction.Rows(
                visits: StadiumVisit.fetchAll(db, keys: scope.visitIds),
                photos: VisitPhoto.fetchAll(db, keys: scope.photoHashes),
                pending: PendingMatch.fetchAll(db, keys: scope.pendingIds),
                originals: VisitOriginal.filter(visitList.contains(VisitOriginal.Columns.visitId)).fetchAll(db),
                evidence: VisitEvidence.filter(visitList.contains(VisitEvidence.Columns.visitId)).fetchAll(db))
            let (result, created) = try change(LibraryTransaction(db: db))
            scope.visitIds.formUnion(created)
            var correction = Correction(
                kind: kind, summary: summary(result), madeAt: Date(),
                visitKeys: "|" + scope.visitIds.sorted().joined(separator: "|") + "|",
                photoKeys: scope.photoHashes.sorted(), pendingKeys: scope.pendingIds.sorted(),
                before: before)
            try correction.insert(db)
            return result
        }
    }

    /// Undoes the latest correction not yet undone: the rows it touched are put back as they were, and what it
    /// created is removed. Refused when photos imported since would be lost with a visit it created.
    public func undoLastCorrection() throws(LibraryError) -> Correction {
        try write { db in
            guard
                var correction = try Correction.filter(Correction.Columns.undoneAt == nil)
                    .order(Correction.Columns.id.desc).fetchOne(db)
            else { throw LibraryError.nothingToUndo }
            let visitIds = correction.visitIds
            let photos = try VisitPhoto.filter(visitIds.contains(VisitPhoto.Columns.visitId)).fetchAll(db)
            if let stranger = photos.first(where: { !correction.photoKeys.contains($0.sha256) }) {
                throw LibraryError.cannotUndo(
                    reason: "\(stranger.originalPath) was added to that visit since; "
                        + "move or delete it first")
            }
            let elsewhere = try VisitPhoto.fetchAll(db, keys: correction.photoKeys).filter { !visitIds.contains($0.visitId) }
            if let moved = elsewhere.first {
                throw LibraryError.cannotUndo(reason: "\(moved.originalPath) has been imported or filed again since")
            }
            // Its twin for a photo imported again since and waiting as a question of its own: putting the old rows back
            // would give one photo two pending matches.
            if let asked = try PendingMatch.filter(correction.photoKeys.contains(PendingMatch.Columns.sha256))
                .filter(!correction.pendingKeys.contains(PendingMatch.Columns.id)).fetchOne(db)
            {
                throw LibraryError.cannotUndo(
                    reason: "\(asked.originalPath) has been imported again since and waits to be confirmed; settle it there")
            }
            // A visit of the same game made since (an import after the change) cannot stand beside the one put back.
            let games = correction.before.visits.compactMap(\.gameId)
            if let since = try StadiumVisit.filter(games.contains(StadiumVisit.Columns.gameId)).fetchAll(db).first(where: {
                !visitIds.contains($0.id)
            }
            ) {
                throw LibraryError.cannotUndo(
                    reason: "\(since.summary) has been made again since; delete it first to put the old one back")
            }
            _ = try VisitPhoto.deleteAll(db, keys: correction.photoKeys)
            _ = try PendingMatch.deleteAll(db, keys: correction.pendingKeys)
            _ = try VisitOriginal.filter(visitIds.contains(VisitOriginal.Columns.visitId)).deleteAll(db)
            _ = try StadiumVisit.deleteAll(db, keys: visitIds)
            for visit in correction.before.visits { try visit.insert(db) }
            for photo in correction.before.photos { try photo.insert(db) }
            for pending in correction.before.pending { try pending.insert(db) }
            for original in correction.before.originals { try original.insert(db) }
            for evidence in correction.before.evidence { try evidence.insert(db, onConflict: .replace) }
            try LibraryTransaction(db: db).undismissEvidence(ids: correction.before.evidence.map(\.id))
            correction.undoneAt = Date()
            try correction.update(db)
            return correction
        }
    }

    /// The latest correction not yet undone: what `undo` would take back.
    public func lastCorrection() throws(LibraryError) -> Correction? {
        try read { db in try Correction.filter(Correction.Columns.undoneAt == nil).order(Correction.Columns.id.desc).fetchOne(db) }
    }

    /// The corrections that touched a visit, oldest first.
    public func corrections(ofVisit id: String) throws(LibraryError) -> [Correction] {
        try read { db in
            try Correction.filter(Correction.Columns.visitKeys.like("%|\(id)|%")).order(Correction.Columns.id).fetchAll(db)
        }
    }
}
