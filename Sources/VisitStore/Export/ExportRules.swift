import Foundation

/// Every rule a restore applies to an export, one record at a time as the records stream past: each record's own
/// (``ExportRecordCheck``: fields, lengths, known leagues and venues) and those between records (``ExportKeys``: no key
/// twice, every reference held, a photo in one place), then the references once all are in (``finish()``). A restore
/// applies them to what it reads before storing each record; an export to each record exactly as it writes it, so that
/// it never writes a file its restore would refuse — without leaning on the library's own indexes, which a damaged
/// database can leave out of step with its tables.
struct ExportRules {
    let check: ExportRecordCheck
    let keys = ExportKeys()

    func visit(_ visit: StadiumVisit, _ at: String) throws(LibraryError) {
        try check.visit(visit, at)
        try keys.visit(visit, at)
    }

    /// A photo in two places is said before what else is wrong with the second (its thumbnail is another hash's).
    func photo(_ photo: VisitPhoto, _ at: String) throws(LibraryError) {
        try keys.photo(photo, at)
        try check.photo(photo, at)
    }

    func pending(_ pending: PendingMatch, _ at: String) throws(LibraryError) {
        try check.pending(pending, at)
        try keys.pending(pending, at)
    }

    func original(_ original: VisitOriginal, _ at: String) throws(LibraryError) {
        try check.original(original, at)
        try keys.original(original, at)
    }

    func correction(_ correction: Correction, _ at: String) throws(LibraryError) {
        try check.correction(correction, at)
        try keys.correction(correction, at)
    }

    func seenFile(_ file: SeenFile, _ at: String) throws(LibraryError) { try check.seenFile(file, at) }

    func noGameDayPhoto(_ photo: NoGameDayPhoto, _ at: String) throws(LibraryError) { try check.noGameDayPhoto(photo, at) }

    func importRun(_ run: ImportRun, _ at: String) throws(LibraryError) {
        try check.importRun(run, at)
        try keys.importRun(run, at)
    }

    /// Evidence names its visit and says what it is; the visit itself is held to by the database's foreign key.
    func evidence(_ evidence: VisitEvidence, _ at: String) throws(LibraryError) {
        guard !evidence.id.isEmpty, !evidence.visitId.isEmpty, !evidence.kind.isEmpty, !evidence.venueId.isEmpty else {
            throw .invalidExport(reason: "\(at) lacks its id, visit, kind or venue")
        }
    }

    /// The rules between records, once every record has passed.
    func finish() throws(LibraryError) { try keys.finish() }
}
