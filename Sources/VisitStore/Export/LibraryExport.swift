import Catalog
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
    /// The changes made by hand, oldest first, with the rows they touched as they were: what `undo` takes back. Nil in
    /// exports written before it was added (their restore has nothing to undo).
    public var corrections: [Correction]?
    /// The files imports have read and what became of them, so a re-import after a restore skips what is unchanged.
    /// Nil in exports written before it was added.
    public var seenFiles: [SeenFile]?
    /// Where and when the fan's photos were taken near a venue on days without a game, which the usual places (home,
    /// work) are learned from: positions, so left out of an export without GPS (a restore then learns them again as
    /// photos are imported). Nil in exports written before it was added.
    public var noGameDayPhotos: [NoGameDayPhoto]?
    /// The imports the photos and pending matches came from (their `importRunId`), so a restored library can take an
    /// import back as the original could. Nil in exports written before it was added.
    public var importRuns: [ImportRun]?
    /// The evidence visits list beside their photos (check-ins, place visits, tickets, stays in tracks), positions
    /// only with `--include-gps`. Nil in exports written before it was kept.
    public var evidence: [VisitEvidence]?

    /// Dates in ISO 8601 with their zone, as every JSON of StadiumLog writes them, to the millisecond the database
    /// keeps (`2026-11-22T08:44:24.567Z`), so a restore gives back exactly what was exported. Earlier exports
    /// wrote the database's own form (`2026-11-22 08:44:24.567`, UTC): still read.
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(ExportDate.string(date))
        }
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard let date = ExportDate.date(text) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "not a date (ISO 8601 with a zone): \(text)"))
            }
            return date
        }
        return decoder
    }
}

/// An export's instants: ISO 8601 in UTC with milliseconds when written; read with any zone, or in the database's
/// own form of older exports.
enum ExportDate {
    /// `2026-11-22T08:44:24.567Z`: the database's UTC value to the millisecond, in ISO 8601.
    static func string(_ date: Date) -> String {
        let stored = String.fromDatabaseValue(date.databaseValue) ?? ""
        return stored.replacingOccurrences(of: " ", with: "T") + "Z"
    }

    /// The instant `text` names: ISO 8601 with a zone (`Z` or `+02:00`, with or without a fraction), or the
    /// database's zone-less UTC form.
    static func date(_ text: String) -> Date? {
        if text.hasSuffix("Z"), let date = Date.fromDatabaseValue(String(text.dropLast()).databaseValue) { return date }
        if let date = Date.fromDatabaseValue(text.databaseValue) { return date }
        for options: ISO8601DateFormatter.Options in [[.withInternetDateTime, .withFractionalSeconds], [.withInternetDateTime]] {
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = options
            if let date = formatter.date(from: text) { return date }
        }
        return nil
    }
}

extension LibraryExport {
    /// A document of this version holding `visits` and their `photos` (a benchmark's made-up library, say).
    public init(visits: [StadiumVisit], photos: [VisitPhoto]) {
        self.init(
            format: Self.format, version: Self.version, exportedAt: Date(), visits: visits, photos: photos, pending: [],
            originals: [], corrections: [], seenFiles: [], noGameDayPhotos: [], importRuns: [])
    }
}

extension VisitLibrary {
    /// Restores a document made in memory (a benchmark's made-up library) into this library, which must be empty,
    /// unchecked: a file is restored with ``restore(from:catalog:)``, which checks every record. One transaction.
    public func restore(_ document: LibraryExport) throws(LibraryError) {
        try write { db in
            guard try StadiumVisit.fetchCount(db) == 0, try PendingMatch.fetchCount(db) == 0 else {
                throw LibraryError.notEmpty(path: folder.path)
            }
            for visit in document.visits { try visit.insert(db) }
            for photo in document.photos { try photo.insert(db) }
            for pending in document.pending { try pending.insert(db) }
            for original in document.originals ?? [] { try original.insert(db) }
            for var correction in document.corrections ?? [] { try correction.insert(db) }
            for file in document.seenFiles ?? [] { try file.insert(db, onConflict: .replace) }
            for photo in document.noGameDayPhotos ?? [] { try photo.insert(db, onConflict: .replace) }
            for var run in document.importRuns ?? [] { try run.insert(db) }
        }
    }
}

extension Correction {
    /// The correction without where any photo it kept was taken.
    var withoutPositions: Correction {
        var correction = self
        correction.before = before.withoutPositions
        return correction
    }
}

extension Correction.Rows {
    /// The rows without where any photo was taken.
    var withoutPositions: Correction.Rows {
        Correction.Rows(
            visits: visits.map(\.withoutPosition), photos: photos.map(\.withoutPosition), pending: pending.map(\.withoutPosition),
            originals: originals.map(\.withoutPosition), evidence: evidence.map(\.withoutPosition))
    }
}

extension StadiumVisit {
    /// The visit without where its first photo was taken.
    var withoutPosition: StadiumVisit {
        var visit = self
        (visit.photoLatitude, visit.photoLongitude) = (nil, nil)
        return visit
    }
}

extension VisitOriginal {
    /// The original without where the visit's first photo was taken.
    var withoutPosition: VisitOriginal {
        var original = self
        original.original = original.original.withoutPosition
        return original
    }
}

extension VisitPhoto {
    /// The photo without where it was taken.
    var withoutPosition: VisitPhoto {
        var photo = self
        (photo.latitude, photo.longitude) = (nil, nil)
        return photo
    }
}

extension PendingMatch {
    /// The pending photo without where it was taken.
    var withoutPosition: PendingMatch {
        var pending = self
        (pending.latitude, pending.longitude) = (nil, nil)
        return pending
    }
}
