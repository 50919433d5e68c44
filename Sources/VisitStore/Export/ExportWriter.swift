import Catalog
import Foundation
import GRDB

/// How much an export holds, or a restore brought back.
public struct ExportCounts: Hashable, Sendable {
    /// Visits.
    public var visits = 0
    /// Photos filed in visits.
    public var photos = 0
    /// Pending matches, whatever their status (those settled are kept, so that undo can bring them back).
    public var pending = 0
    /// Of ``pending``, the questions still open (neither settled nor skipped).
    public var openQuestions = 0
    /// Of ``pending``, the questions the fan skipped (`confirm --skipped` brings them back).
    public var skippedQuestions = 0
    /// Nil when a restored export had no `corrections` (written before they were kept): nothing to undo.
    public var corrections: Int?
    /// Files imports have read.
    public var seenFiles = 0
    /// The first damage SQLite's integrity check found in the library exported, when it found any: the export holds
    /// every record that could be read and passes its restore's rules, but a damaged index can hide a record, so it may
    /// be short of one.
    public var damage: String?
}

extension VisitLibrary {
    /// Writes the export to a file (whole or not at all, readable by the owner only); without GPS positions unless
    /// `includingGPS`. The library is written a record at a time from one snapshot, so memory stays flat whatever its
    /// size, and each record is checked as it is written by the rules its restore applies (``ExportRules``, against
    /// `catalog`'s leagues and venues): an export its own restore would refuse is no backup, and is not written.
    @discardableResult
    public func export(to url: URL, includingGPS: Bool = false, catalog: Catalog) throws(LibraryError) -> ExportCounts {
        let file: PrivateFileStream
        do { file = try PrivateFileStream(url) } catch { throw .cannotWrite(reason: error.description) }
        let counts = try walkExport(includingGPS: includingGPS, catalog: catalog) { text throws(LibraryError) in
            do throws(PrivateFileError) { try file.append(text) } catch { throw .cannotWrite(reason: error.description) }
        }
        do { try file.commit() } catch { throw .cannotWrite(reason: error.description) }
        var exported = counts
        do { exported.damage = try read { db in try Self.integrityProblem(db) } } catch { exported.damage = error.problem }
        return exported
    }

    /// The first record an export would refuse, with the rule it breaks, or nil; `each` sees every photo (visit photos
    /// and pending matches not yet settled) as (hash, original path, thumbnail): `stadiumlog check` without an export.
    public func recordProblem(catalog: Catalog, each: (String, String, String?) -> Void) throws(LibraryError) -> String? {
        do throws(LibraryError) {
            _ = try walkExport(includingGPS: true, catalog: catalog, photo: each) { _ throws(LibraryError) in }
            return nil
        } catch {
            guard case .unexportable(let reason) = error else { throw error }
            return reason
        }
    }

    /// Writes the library as the export document in `write`'s pieces, member by member in the order of its keys and
    /// record by record, exactly as `JSONEncoder` would write the whole document (pretty, keys sorted).
    private func walkExport(
        includingGPS: Bool, catalog: Catalog, photo: (String, String, String?) -> Void = { _, _, _ in },
        _ write: (String) throws(LibraryError) -> Void
    ) throws(LibraryError) -> ExportCounts {
        let encoder = LibraryExport.encoder
        var counts = ExportCounts()
        do {
            let rules = ExportRules(check: ExportRecordCheck(catalog: catalog))
            try read { db in
                var first = true
                func member(_ key: String, _ value: some Encodable) throws {
                    try write((first ? "{\n" : ",\n") + "  \"\(key)\" : " + String(decoding: try encoder.encode(value), as: UTF8.self))
                    first = false
                }
                /// A member whose value is an array, one record at a time: each as `shown` (without positions,
                /// unless they are asked for) is checked by `check` — the restore's rules — and written.
                func records<Record: FetchableRecord & Encodable>(
                    _ key: String, _ request: QueryInterfaceRequest<Record>, _ check: (Record, String) throws -> Void,
                    shown: (Record) -> Record = { $0 }, written: (Record) -> any Encodable = { $0 }
                ) throws -> Int {
                    try write((first ? "{\n" : ",\n") + "  \"\(key)\" : [\n")
                    first = false
                    var count = 0
                    let cursor = try request.fetchCursor(db)
                    while let found = try cursor.next() {
                        let record = shown(found)
                        try check(record, "\(key)[\(count)]")
                        try write((count == 0 ? "" : ",\n") + Self.indented(try encoder.encode(written(record))))
                        count += 1
                    }
                    try write("\n  ]")
                    return count
                }
                counts.corrections = try records("corrections", Correction.order(Correction.Columns.id), rules.correction) {
                    includingGPS ? $0 : $0.withoutPositions
                }
                try member("exportedAt", Date())
                try member("format", LibraryExport.format)
                _ = try records("importRuns", ImportRun.order(ImportRun.Columns.id), rules.importRun)
                if includingGPS {
                    _ = try records("noGameDayPhotos", NoGameDayPhoto.order(Column("path")), rules.noGameDayPhoto)
                }
                _ = try records("originals", VisitOriginal.order(VisitOriginal.Columns.visitId), rules.original) {
                    includingGPS ? $0 : $0.withoutPosition
                }
                counts.pending = try records(
                    "pending", PendingMatch.order(PendingMatch.Columns.createdAt, PendingMatch.Columns.id),
                    { pending, at in
                        try rules.pending(pending, at)
                        if pending.status == .pending { counts.openQuestions += 1 }
                        if pending.status == .skipped { counts.skippedQuestions += 1 }
                        if pending.status != .resolved { photo(pending.sha256, pending.originalPath, pending.thumbnailFile) }
                    }, shown: { includingGPS ? $0 : $0.withoutPosition })
                counts.photos = try records(
                    "photos", VisitPhoto.order(VisitPhoto.Columns.visitId, VisitPhoto.Columns.sortOrder, VisitPhoto.Columns.sha256),
                    { record, at in
                        try rules.photo(record, at)
                        photo(record.sha256, record.originalPath, record.thumbnailFile)
                    }, shown: { includingGPS ? $0 : $0.withoutPosition })
                counts.seenFiles = try records("seenFiles", SeenFile.order(SeenFile.Columns.path), rules.seenFile)
                _ = try records(
                    "evidence", VisitEvidence.order(VisitEvidence.Columns.visitId, VisitEvidence.Columns.at, VisitEvidence.Columns.id),
                    rules.evidence, shown: { includingGPS ? $0 : $0.withoutPosition })
                try member("version", LibraryExport.version)
                counts.visits = try records(
                    "visits", StadiumVisit.order(StadiumVisit.Columns.localDate, StadiumVisit.Columns.id), rules.visit,
                    shown: { includingGPS ? $0 : $0.withoutPosition }, written: { VisitAndMoments($0, catalog: catalog) })
                try rules.finish()
                try write("\n}")
            }
        } catch .invalidExport(let reason) {
            throw .unexportable(reason: reason)
        }
        return counts
    }

    /// A pretty-printed record shifted right by four spaces (an element of a top-level array); empty lines stay empty,
    /// as the encoder writes them.
    private static func indented(_ data: Data) -> String {
        var shifted: [UInt8] = []
        shifted.reserveCapacity(data.count * 5 / 4)
        var lineStart = true
        for byte in data {
            if lineStart && byte != UInt8(ascii: "\n") { shifted += [0x20, 0x20, 0x20, 0x20] }
            shifted.append(byte)
            lineStart = byte == UInt8(ascii: "\n")
        }
        return String(decoding: shifted, as: UTF8.self)
    }
}
