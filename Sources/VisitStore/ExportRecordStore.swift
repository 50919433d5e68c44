import Foundation
import GRDB

/// Stores an export's records one at a time by every rule a restore applies: each record's own
/// (``ExportRecordCheck``), no key twice, and — once all are in — every reference between them
/// (``finish()``). A restore stores into the library it fills; an export into a scratch database of the same schema,
/// from the records exactly as it writes them, so that an export is written only if its restore will take it. The
/// export's check cannot lean on the library's own indexes: a damaged index can hide a row the table holds.
struct ExportRecordStore {
    let db: Database
    let check: ExportRecordCheck

    func visit(_ visit: StadiumVisit, _ at: String) throws {
        try check.visit(visit, at)
        guard try !StadiumVisit.exists(db, key: visit.id) else {
            throw LibraryError.invalidExport(reason: "\(at).id \(visit.id.prefix(80)) appears twice")
        }
        if let gameId = visit.gameId, try StadiumVisit.filter(StadiumVisit.Columns.gameId == gameId.rawValue).fetchCount(db) > 0 {
            throw LibraryError.invalidExport(reason: "\(at).gameId \(gameId) has two visits")
        }
        do { try visit.insert(db) } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            throw LibraryError.invalidExport(reason: "\(at) is a second visit of \(visit.venueId.prefix(80)) on \(visit.localDate.iso8601)")
        }
    }

    func photo(_ photo: VisitPhoto, _ at: String) throws {
        guard try !VisitPhoto.exists(db, key: photo.sha256) else {
            throw LibraryError.invalidExport(reason: "\(at).sha256 \(photo.sha256) is in two places; a photo is in one")
        }
        try check.photo(photo, at)
        try photo.insert(db)
    }

    func pending(_ pending: PendingMatch, _ at: String) throws {
        try check.pending(pending, at)
        guard try !PendingMatch.exists(db, key: pending.id) else {
            throw LibraryError.invalidExport(reason: "\(at).id \(pending.id) appears twice")
        }
        guard try PendingMatch.filter(PendingMatch.Columns.sha256 == pending.sha256).fetchCount(db) == 0 else {
            throw LibraryError.invalidExport(reason: "\(at).sha256 \(pending.sha256) is in two places; a photo is in one")
        }
        try pending.insert(db)
    }

    func original(_ original: VisitOriginal, _ at: String) throws {
        try check.original(original, at)
        guard try !VisitOriginal.exists(db, key: original.visitId) else {
            throw LibraryError.invalidExport(reason: "\(at).visitId \(original.visitId.prefix(80)) appears twice")
        }
        try original.insert(db)
    }

    func correction(_ correction: Correction, _ at: String) throws {
        try check.correction(correction, at)
        if let id = correction.id, try Correction.exists(db, key: id) {
            throw LibraryError.invalidExport(reason: "\(at).id appears twice")
        }
        var correction = correction
        try correction.insert(db)
    }

    func seenFile(_ file: SeenFile, _ at: String) throws {
        try check.seenFile(file, at)
        try file.insert(db, onConflict: .replace)
    }

    func noGameDayPhoto(_ photo: NoGameDayPhoto, _ at: String) throws {
        try check.noGameDayPhoto(photo, at)
        try photo.insert(db, onConflict: .replace)
    }

    func importRun(_ run: ImportRun, _ at: String) throws {
        try check.importRun(run, at)
        guard try !ImportRun.exists(db, key: run.id) else { throw LibraryError.invalidExport(reason: "\(at).id appears twice") }
        var run = run
        try run.insert(db)
    }

    /// The rules between records, once every record is stored.
    func finish() throws {
        if let problem = try ExportRecordCheck.crossReferenceProblem(db) { throw LibraryError.invalidExport(reason: problem) }
    }
}
