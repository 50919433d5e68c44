import Foundation
import GRDB

/// The whole library as one self-describing JSON document: the fan's history is never hostage to this tool.
///
/// ```json
/// { "format": "stadiumlog-export", "version": 1, "exportedAt": "…",
///   "visits": [StadiumVisit…], "photos": [VisitPhoto…], "pending": [PendingMatch…], "originals": [VisitOriginal…] }
/// ```
/// Every field has the name it has in the database; `docs/REPORT.md` describes them. `originals` (the values of
/// corrected visits as first recorded) was added later: exports without it restore as before. Version 2 nests a pending
/// match's `candidates` and an original's visit as JSON objects, where version 1 held each as a JSON string
/// (`candidatesJSON`, `original`); version 1 exports still restore.
public struct LibraryExport: Codable, Sendable, Equatable {
    /// What every export's `format` says; `restore` refuses a document that says anything else.
    public static let format = "stadiumlog-export"
    /// The version this StadiumLog writes, and the newest it restores.
    public static let version = 2

    /// `stadiumlog-export` (``LibraryExport/format``): marks the file as an export.
    public var format: String
    /// The version it was written in, from 1 to ``LibraryExport/version``; a newer one is refused.
    public var version: Int
    /// When the export was made (UTC).
    public var exportedAt: Date
    /// Every visit, by date, then id.
    public var visits: [StadiumVisit]
    /// Every visit photo, by visit and order within it; positions are left out of an export without GPS.
    public var photos: [VisitPhoto]
    /// Every pending match, whatever its status, oldest first; positions are left out of an export without GPS.
    public var pending: [PendingMatch]
    /// Corrected visits as first recorded; nil in exports written before it was added.
    public var originals: [VisitOriginal]?

    /// Dates exactly as the database keeps them (UTC, `2026-11-22 08:44:24.567`), so a restore gives back exactly
    /// what was exported.

    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(String.fromDatabaseValue(date.databaseValue) ?? "")
        }
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = Date.fromDatabaseValue(text.databaseValue) else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a date: \(text)"))
            }
            return date
        }
        return decoder
    }
}

extension VisitLibrary {
    /// Everything in the library, in a stable order. Photo positions are left out unless `includingGPS`: an export
    /// is a file people share, and where they were is theirs to give.
    public func exportAll(includingGPS: Bool = true) throws(LibraryError) -> LibraryExport {
        var document = try read { db in
            LibraryExport(
                format: LibraryExport.format, version: LibraryExport.version, exportedAt: Date(),
                visits: try StadiumVisit.order(StadiumVisit.Columns.localDate, StadiumVisit.Columns.id).fetchAll(db),
                photos: try VisitPhoto.order(
                    VisitPhoto.Columns.visitId, VisitPhoto.Columns.sortOrder,
                    VisitPhoto.Columns.sha256
                ).fetchAll(db),
                pending: try PendingMatch.order(PendingMatch.Columns.createdAt, PendingMatch.Columns.id).fetchAll(db),
                originals: try VisitOriginal.order(VisitOriginal.Columns.visitId).fetchAll(db))
        }
        if !includingGPS {
            for index in document.visits.indices {
                (document.visits[index].photoLatitude, document.visits[index].photoLongitude) = (nil, nil)
            }
            for index in document.photos.indices { (document.photos[index].latitude, document.photos[index].longitude) = (nil, nil) }
            for index in document.pending.indices { (document.pending[index].latitude, document.pending[index].longitude) = (nil, nil) }
            document.originals = document.originals?.map { original in
                var original = original
                (original.original.photoLatitude, original.original.photoLongitude) = (nil, nil)
                return original
            }
        }
        return document
    }

    /// Writes the export to a file (whole or not at all, readable by the owner only); without GPS positions unless
    /// `includingGPS`. Returns what was written, so a caller can report it without reading the library again.
    @discardableResult
    public func export(to url: URL, includingGPS: Bool = false) throws(LibraryError) -> LibraryExport {
        let document = try exportAll(includingGPS: includingGPS)
        let data: Data
        do { data = try LibraryExport.encoder.encode(document) } catch { throw .database(reason: "\(error)") }
        do { try PrivateFile.write(data, to: url) } catch { throw .cannotWrite(reason: error.description) }
        return document
    }

    /// Restores an export into this library, which must be empty. One transaction: all or nothing.
    /// Returns what was restored.
    @discardableResult
    public func restore(from url: URL) throws(LibraryError) -> LibraryExport {
        let document = try LibraryExport.read(from: url)
        try restore(document)
        return document
    }

    /// Restores a document already read and checked (``LibraryExport/read(from:)``) into this library, which must be
    /// empty. One transaction: all or nothing.
    public func restore(_ document: LibraryExport) throws(LibraryError) {
        try write { db in
            guard try StadiumVisit.fetchCount(db) == 0, try PendingMatch.fetchCount(db) == 0 else {
                throw LibraryError.notEmpty(path: folder.path)
            }
            for visit in document.visits { try visit.insert(db) }
            for photo in document.photos { try photo.insert(db) }
            for pending in document.pending { try pending.insert(db) }
            for original in document.originals ?? [] { try original.insert(db) }
        }
    }
}
