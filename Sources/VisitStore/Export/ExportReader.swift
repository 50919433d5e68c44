import Catalog
import Foundation
import GRDB

extension VisitLibrary {
    /// The largest record read (a visit, a photo, a correction with the rows it keeps): far beyond any real one.
    static let largestExportRecord = 256 << 20

    /// Restores an export into this library, which must be empty: read a record at a time (memory stays flat whatever
    /// the export's size), each record checked by the rules its export applied (against `catalog`'s leagues and venues),
    /// all in one transaction — a file that breaks a rule restores nothing, and the error names the field and the rule.
    @discardableResult
    public func restore(from url: URL, catalog: Catalog) throws(LibraryError) -> ExportCounts {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw .invalidExport(reason: "\(url.path) cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        var reader = JSONValueReader(descriptor: descriptor)
        do {
            return try write { db in
                guard try StadiumVisit.fetchCount(db) == 0, try PendingMatch.fetchCount(db) == 0 else {
                    throw LibraryError.notEmpty(path: folder.path)
                }
                // Photos may come before the visits they are filed in: the keys are checked when all is read.
                try db.execute(sql: "PRAGMA defer_foreign_keys = ON")
                var restore = ExportRestore(db: db, rules: ExportRules(check: ExportRecordCheck(catalog: catalog)))
                try restore.read(&reader)
                return restore.counts
            }
        } catch .invalidExport(let reason) {
            throw .invalidExport(reason: "\(url.path): \(reason)")
        }
    }
}

/// One restore in progress: the document's members read in the order they come, each record checked by the export's
/// rules (``ExportRules``) and stored.
private struct ExportRestore {
    let db: Database
    let rules: ExportRules
    let decoder = LibraryExport.decoder
    var counts = ExportCounts()
    var format: String?
    var version: Int?
    /// The members a document must have.
    var seen: Set<String> = []

    init(db: Database, rules: ExportRules) {
        self.db = db
        self.rules = rules
    }

    mutating func read(_ reader: inout JSONValueReader) throws {
        do {
            try reader.expect(UInt8(ascii: "{"), "{")
            if try !reader.skip(UInt8(ascii: "}")) {
                repeat {
                    let keyData = try reader.value(maximum: 1_000)
                    let key = try decode(String.self, keyData, at: "a key")
                    try reader.expect(UInt8(ascii: ":"), ":")
                    try member(key, &reader)
                } while try reader.skip(UInt8(ascii: ","))
                try reader.expect(UInt8(ascii: "}"), "the end of the document")
            }
            guard try reader.peek() == nil else { throw JSONValueReader.Malformed(reason: "more follows the document") }
        } catch let error as JSONValueReader.Malformed {
            throw LibraryError.invalidExport(reason: seen.isEmpty ? "not JSON (is it an export?)" : error.reason)
        }
        try ExportRecordCheck.header(format: format, version: version)
        for required in ["visits", "photos", "pending", "exportedAt"] where !seen.contains(required) {
            throw LibraryError.invalidExport(reason: "\(required) is missing")
        }
        try rules.finish()
    }

    private mutating func member(_ key: String, _ reader: inout JSONValueReader) throws {
        seen.insert(key)
        switch key {
        case "format": format = try decode(String.self, try reader.value(maximum: 1_000), at: key)
        case "version": version = try decode(Int.self, try reader.value(maximum: 100), at: key)
        case "exportedAt": _ = try decode(Date.self, try reader.value(maximum: 100), at: key)
        case "visits": counts.visits = try records(key, &reader, rules.visit) { try $0.insert(db) }
        case "photos": counts.photos = try records(key, &reader, rules.photo) { try $0.insert(db) }
        case "pending":
            var (open, skipped) = (0, 0)
            counts.pending = try records(key, &reader, rules.pending) { pending in
                if pending.status == .pending { open += 1 }
                if pending.status == .skipped { skipped += 1 }
                try pending.insert(db)
            }
            (counts.openQuestions, counts.skippedQuestions) = (open, skipped)
        case "originals": _ = try records(key, &reader, rules.original) { try $0.insert(db) }
        case "corrections":
            counts.corrections = try records(key, &reader, rules.correction) { correction in
                var correction = correction
                try correction.insert(db)
            }
        case "seenFiles": counts.seenFiles = try records(key, &reader, rules.seenFile) { try $0.insert(db, onConflict: .replace) }
        case "evidence": _ = try records(key, &reader, rules.evidence) { try $0.insert(db, onConflict: .replace) }
        case "noGameDayPhotos": _ = try records(key, &reader, rules.noGameDayPhoto) { try $0.insert(db, onConflict: .replace) }
        case "importRuns":
            _ = try records(key, &reader, rules.importRun) { run in
                var run = run
                try run.insert(db)
            }
        default:
            // A member this StadiumLog does not know (written by a later one) is passed over, as a decoder would.
            seen.remove(key)
            _ = try reader.value(maximum: Int.max)
        }
    }

    /// The records of an array member, each decoded, checked by `check` and stored by `store`; returns how many.
    private func records<Record: Decodable>(
        _ key: String, _ reader: inout JSONValueReader, _ check: (Record, String) throws(LibraryError) -> Void,
        store: (Record) throws -> Void
    ) throws -> Int {
        guard try reader.peek() != UInt8(ascii: "n") else {
            _ = try reader.value(maximum: 10)  // null: as absent
            return 0
        }
        try reader.expect(UInt8(ascii: "["), "[ (\(key) is a list)")
        guard try !reader.skip(UInt8(ascii: "]")) else { return 0 }
        var count = 0
        repeat {
            let at = "\(key)[\(count)]"
            let record = try decode(Record.self, try reader.value(maximum: VisitLibrary.largestExportRecord), at: at)
            try check(record, at)
            try store(record)
            count += 1
        } while try reader.skip(UInt8(ascii: ","))
        try reader.expect(UInt8(ascii: "]"), "] (the end of \(key))")
        return count
    }

    private func decode<T: Decodable>(_ type: T.Type, _ data: Data, at: String) throws -> T {
        do { return try decoder.decode(type, from: data) } catch let error as DecodingError {
            throw LibraryError.invalidExport(reason: LibraryExport.describe(error, in: data, at: at))
        }
    }
}
