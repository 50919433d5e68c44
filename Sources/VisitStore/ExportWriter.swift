import Catalog
import Foundation
import GRDB

/// How much an export holds, or a restore brought back.
public struct ExportCounts: Hashable, Sendable {
    /// Visits.
    public var visits = 0
    /// Photos filed in visits.
    public var photos = 0
    /// Pending matches, whatever their status.
    public var pending = 0
    /// Nil when a restored export had no `corrections` (written before they were kept): nothing to undo.
    public var corrections: Int?
    /// Files imports have read.
    public var seenFiles = 0
}

extension VisitLibrary {
    /// Writes the export to a file (whole or not at all, readable by the owner only); without GPS positions unless
    /// `includingGPS`. The library is written a record at a time from one snapshot, so memory stays flat whatever its
    /// size, and each record is checked by the rules its restore applies (`leagues`: those the catalog knows) as it is
    /// written: an export its own restore would refuse is no backup, and is not written.
    @discardableResult
    public func export(to url: URL, includingGPS: Bool = false, leagues: Set<LeagueID>) throws(LibraryError) -> ExportCounts {
        let file: PrivateFileStream
        do { file = try PrivateFileStream(url) } catch { throw .cannotWrite(reason: error.description) }
        let counts = try walkExport(includingGPS: includingGPS, leagues: leagues) { text throws(LibraryError) in
            do throws(PrivateFileError) { try file.append(text) } catch { throw .cannotWrite(reason: error.description) }
        }
        do { try file.commit() } catch { throw .cannotWrite(reason: error.description) }
        return counts
    }

    /// The first record an export would refuse, with the rule it breaks, or nil; `each` sees every photo (visit photos
    /// and pending matches not yet settled) as (hash, original path, thumbnail): `stadiumlog check` without an export.
    public func recordProblem(leagues: Set<LeagueID>, each: (String, String, String?) -> Void) throws(LibraryError) -> String? {
        do throws(LibraryError) {
            _ = try walkExport(includingGPS: true, leagues: leagues, photo: each) { _ throws(LibraryError) in }
            return nil
        } catch {
            guard case .unexportable(let reason) = error else { throw error }
            return reason
        }
    }

    /// Writes the library as the export document in `write`'s pieces, member by member in the order of its keys and
    /// record by record, exactly as `JSONEncoder` would write the whole document (pretty, keys sorted).
    private func walkExport(
        includingGPS: Bool, leagues: Set<LeagueID>, photo: (String, String, String?) -> Void = { _, _, _ in },
        _ write: (String) throws(LibraryError) -> Void
    ) throws(LibraryError) -> ExportCounts {
        let encoder = LibraryExport.encoder
        let check = ExportRecordCheck(leagues: leagues)
        var counts = ExportCounts()
        do {
            try read { db in
                var first = true
                func member(_ key: String, _ value: some Encodable) throws {
                    try write((first ? "{\n" : ",\n") + "  \"\(key)\" : " + String(decoding: try encoder.encode(value), as: UTF8.self))
                    first = false
                }
                /// A member whose value is an array, one record at a time.
                func records<Record: FetchableRecord & Encodable>(
                    _ key: String, _ request: QueryInterfaceRequest<Record>, _ prepare: (Record, String) throws -> Record
                ) throws -> Int {
                    try write((first ? "{\n" : ",\n") + "  \"\(key)\" : [\n")
                    first = false
                    var count = 0
                    let cursor = try request.fetchCursor(db)
                    while let record = try cursor.next() {
                        let prepared = try prepare(record, "\(key)[\(count)]")
                        try write((count == 0 ? "" : ",\n") + Self.indented(try encoder.encode(prepared)))
                        count += 1
                    }
                    try write("\n  ]")
                    return count
                }
                counts.corrections = try records("corrections", Correction.order(Correction.Columns.id)) { correction, at in
                    try check.correction(correction, at)
                    return includingGPS ? correction : correction.withoutPositions
                }
                try member("exportedAt", Date())
                try member("format", LibraryExport.format)
                _ = try records("importRuns", ImportRun.order(ImportRun.Columns.id)) { run, at in
                    try check.importRun(run, at)
                    return run
                }
                if includingGPS {
                    _ = try records("noGameDayPhotos", NoGameDayPhoto.order(Column("path"))) { photo, at in
                        try check.noGameDayPhoto(photo, at)
                        return photo
                    }
                }
                _ = try records("originals", VisitOriginal.order(VisitOriginal.Columns.visitId)) { original, at in
                    try check.original(original, at)
                    return includingGPS ? original : original.withoutPosition
                }
                counts.pending = try records("pending", PendingMatch.order(PendingMatch.Columns.createdAt, PendingMatch.Columns.id)) {
                    pending, at in
                    try check.pending(pending, at)
                    if pending.status != .resolved { photo(pending.sha256, pending.originalPath, pending.thumbnailFile) }
                    return includingGPS ? pending : pending.withoutPosition
                }
                counts.photos = try records(
                    "photos", VisitPhoto.order(VisitPhoto.Columns.visitId, VisitPhoto.Columns.sortOrder, VisitPhoto.Columns.sha256)
                ) { record, at in
                    try check.photo(record, at)
                    photo(record.sha256, record.originalPath, record.thumbnailFile)
                    return includingGPS ? record : record.withoutPosition
                }
                counts.seenFiles = try records("seenFiles", SeenFile.order(SeenFile.Columns.path)) { file, at in
                    try check.seenFile(file, at)
                    return file
                }
                try member("version", LibraryExport.version)
                counts.visits = try records("visits", StadiumVisit.order(StadiumVisit.Columns.localDate, StadiumVisit.Columns.id)) {
                    visit, at in
                    try check.visit(visit, at)
                    return includingGPS ? visit : visit.withoutPosition
                }
                if let problem = try ExportRecordCheck.crossReferenceProblem(db) { throw LibraryError.invalidExport(reason: problem) }
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
