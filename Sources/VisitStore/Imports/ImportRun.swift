import Foundation
import GRDB

/// One `stadiumlog import`: when it ran and on which folders. The photos and questions it adds carry its id, so a
/// fan who imported the wrong folder can take that import back as a whole.
public struct ImportRun: Codable, Hashable, Sendable, Identifiable, FetchableRecord, MutablePersistableRecord {
    /// The row id, counting up from 1: the number the fan types (`stadiumlog undo --import 3`).
    public var id: Int64?
    /// When it started.
    public var startedAt: Date
    /// The folders and files it was given, as absolute paths.
    public var folders: [String]

    /// An import about to start on `folders`.
    public init(id: Int64? = nil, startedAt: Date = Date(), folders: [String]) {
        self.id = id
        self.startedAt = startedAt
        self.folders = folders
    }

    /// Takes the row id SQLite gave the new row.
    public mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

    /// The columns imports are ordered by.
    public enum Columns {
        static let id = Column(CodingKeys.id)
    }

    /// An import with what it added that is still in the library.
    public struct Summary: Hashable, Sendable {
        /// The import.
        public var run: ImportRun
        /// Its photos filed in visits (those filed from its questions since included).
        public var photos: Int
        /// The visits those photos are in.
        public var visits: Int
        /// Its questions still waiting for the fan.
        public var pending: Int
        /// Its evidence in visits (check-ins, place visits, tickets…).
        public var evidence = 0
    }

    /// What taking an import back removed.
    public struct TakenBack: Hashable, Sendable {
        /// The import taken back.
        public var run: ImportRun
        /// Its photos taken out of visits.
        public var photos: Int
        /// Visits removed because they held nothing else.
        public var visits: Int
        /// Its questions removed (waiting, settled or skipped).
        public var pending: Int
        /// Its evidence (check-ins, place visits, tickets…) taken out of visits.
        public var evidence = 0
    }
}

extension VisitLibrary {
    /// Records an import about to run on `folders`; what it adds carries the returned id.
    public func beginImport(of folders: [String]) throws(LibraryError) -> Int64 {
        try write { db in
            var run = ImportRun(folders: folders)
            try run.insert(db)
            return run.id ?? db.lastInsertedRowID
        }
    }

    /// The imports that added something still in the library, newest first.
    public func importRuns() throws(LibraryError) -> [ImportRun.Summary] {
        try read { db in
            let runId = VisitPhoto.Columns.importRunId
            var photos: [Int64: (photos: Int, visits: Int)] = [:]
            for row in try Row.fetchAll(
                db,
                VisitPhoto.filter(runId != nil).select(runId, count(VisitPhoto.Columns.sha256), count(distinct: VisitPhoto.Columns.visitId))
                    .group(runId))
            {
                photos[row[0]] = (row[1], row[2])
            }
            let pendingRunId = PendingMatch.Columns.importRunId
            var pending: [Int64: Int] = [:]
            for row in try Row.fetchAll(
                db,
                PendingMatch.filter(pendingRunId != nil && PendingMatch.Columns.status == PendingStatus.pending.rawValue)
                    .select(pendingRunId, count(PendingMatch.Columns.id)).group(pendingRunId))
            {
                pending[row[0]] = row[1]
            }
            let evidenceRunId = VisitEvidence.Columns.importRunId
            var evidence: [Int64: Int] = [:]
            for row in try Row.fetchAll(
                db, VisitEvidence.filter(evidenceRunId != nil).select(evidenceRunId, count(VisitEvidence.Columns.id)).group(evidenceRunId))
            {
                evidence[row[0]] = row[1]
            }
            return try ImportRun.order(ImportRun.Columns.id.desc).fetchAll(db).compactMap { run in
                guard let id = run.id, photos[id] != nil || pending[id] != nil || evidence[id] != nil else { return nil }
                return ImportRun.Summary(
                    run: run, photos: photos[id]?.photos ?? 0, visits: photos[id]?.visits ?? 0, pending: pending[id] ?? 0,
                    evidence: evidence[id] ?? 0)
            }
        }
    }

    /// Takes back what import `id` added: its photos (filed from its questions since, too), its questions, and the
    /// visits an import made that hold nothing else. One correction, so `undo` puts it all back. The files it read
    /// (photos, and the evidence files it filed or asked about) are forgotten, so importing them again reads them
    /// again. Nil when there is no such import.
    public func takeBack(importRun id: Int64, summary: @escaping (ImportRun.TakenBack) -> String) throws -> ImportRun.TakenBack? {
        let (run, scope) = try read { db -> (ImportRun?, CorrectionScope) in
            let photos = VisitPhoto.filter(VisitPhoto.Columns.importRunId == id)
            return (
                try ImportRun.fetchOne(db, key: id),
                CorrectionScope(
                    visitIds: Set(try String.fetchAll(db, photos.select(VisitPhoto.Columns.visitId)))
                        .union(
                            try String.fetchAll(
                                db, VisitEvidence.filter(VisitEvidence.Columns.importRunId == id).select(VisitEvidence.Columns.visitId))),
                    pendingIds: Set(
                        try String.fetchAll(db, PendingMatch.filter(PendingMatch.Columns.importRunId == id).select(PendingMatch.Columns.id))
                    ))
            )
        }
        guard let run else { return nil }
        return try correcting(.takeBackImport, scope: scope, summary: summary) { transaction in
            let db = transaction.db
            let photos = try VisitPhoto.filter(VisitPhoto.Columns.importRunId == id).fetchAll(db)
            let pending = try PendingMatch.filter(PendingMatch.Columns.importRunId == id).fetchAll(db)
            _ = try VisitPhoto.deleteAll(db, keys: photos.map(\.sha256))
            _ = try PendingMatch.deleteAll(db, keys: pending.map(\.id))
            let evidence = try VisitEvidence.filter(VisitEvidence.Columns.importRunId == id).fetchAll(db)
            _ = try VisitEvidence.deleteAll(db, keys: evidence.map(\.id))
            let touched = Set(photos.map(\.visitId) + evidence.map(\.visitId))
            let transaction = LibraryTransaction(db: db)
            let emptied = try StadiumVisit.fetchAll(db, keys: touched).filter {
                try $0.source == .photoImport && transaction.holdsNothing(visit: $0.id)
            }
            _ = try StadiumVisit.deleteAll(db, keys: emptied.map(\.id))
            let hashes = photos.map(\.sha256) + pending.map(\.sha256)
            _ = try SeenFile.filter(hashes.contains(SeenFile.Columns.sha256)).deleteAll(db)
            // The evidence files it filed or asked about (a .zip for its entries) are read again too.
            let sources = evidence.map(\.source) + pending.filter { $0.evidence != nil }.map(\.originalPath)
            let files = Set(sources.map { String($0.split(separator: "#", maxSplits: 1).first ?? Substring($0)) })
            _ = try SeenFile.filter(files.contains(SeenFile.Columns.path)).deleteAll(db)
            let taken = ImportRun.TakenBack(
                run: run, photos: photos.count, visits: emptied.count, pending: pending.count, evidence: evidence.count)
            return (taken, [])
        }
    }
}
