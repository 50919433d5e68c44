import Foundation
import GRDB

/// One piece of evidence a visit lists besides its photos: a place visit, a check-in, a dwell in location history, a
/// stay in a GPS track, a calendar's ticket. Only what made it evidence is kept — its kind, file, time, venue and
/// distance (and the stay's middle, shown only with `--include-gps`) — never the track or the history around it.
public struct VisitEvidence: Codable, Hashable, Sendable, Identifiable, FetchableRecord, PersistableRecord {
    /// The SQLite table, named here so the schema does not follow the type's name.
    public static let databaseTableName = "evidence"

    /// Made from what it records (``identity(kind:at:until:latitude:longitude:detail:)``): the same stay imported
    /// again, from a folder or its .zip, is one row.
    public var id: String
    /// The visit it is evidence for.
    public var visitId: String
    /// What recorded it (`placeVisit`, `checkIn`, `dwell`, `track`, `calendar`).
    public var kind: String
    /// The file it was read from; inside a .zip, the archive's path, `#`, and the entry's.
    public var source: String
    /// When the stay began, the check-in was made, the event starts.
    public var at: Date
    /// When the stay ended; nil for a check-in or an event.
    public var until: Date?
    /// The venue it was at.
    public var venueId: String
    /// How far from the venue, in metres; nil when unknown (an event).
    public var distanceMeters: Double?
    /// The stay's middle; nil for an event.
    public var latitude: Double?
    /// The longitude that goes with ``latitude``.
    public var longitude: Double?
    /// The place the service named, or the event's summary.
    public var detail: String?
    /// The import that added it (``ImportRun``).
    public var importRunId: Int64?

    /// Evidence as recorded; its id is made from what it records.
    public init(
        visitId: String, kind: String, source: String, at: Date, until: Date?, venueId: String, distanceMeters: Double?,
        latitude: Double?, longitude: Double?, detail: String?, importRunId: Int64?
    ) {
        self.id = Self.identity(kind: kind, at: at, until: until, latitude: latitude, longitude: longitude, detail: detail)
        self.visitId = visitId
        self.kind = kind
        self.source = source
        self.at = at
        self.until = until
        self.venueId = venueId
        self.distanceMeters = distanceMeters
        self.latitude = latitude
        self.longitude = longitude
        self.detail = detail
        self.importRunId = importRunId
    }

    /// The same stay or event, wherever its file was found: kind, times to the second, position to a metre, name.
    public static func identity(kind: String, at: Date, until: Date?, latitude: Double?, longitude: Double?, detail: String?) -> String {
        let position = [latitude, longitude].map { $0.map { String(format: "%.5f", $0) } ?? "-" }.joined(separator: ",")
        let text =
            "\(kind)|\(Int(at.timeIntervalSince1970))|\(until.map { String(Int($0.timeIntervalSince1970)) } ?? "-")|\(position)|\(detail ?? "")"
        // FNV-1a, 64 bits, twice (two seeds): an id, not a secret.
        var first: UInt64 = 0xcbf2_9ce4_8422_2325
        var second: UInt64 = 0x8422_2325_cbf2_9ce4
        for byte in text.utf8 {
            first = (first ^ UInt64(byte)) &* 0x100_0000_01b3
            second = (second ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return String(first, radix: 16) + String(second, radix: 16)
    }

    /// Evidence as a visit's JSON shows it (docs/REPORT.md): what, from where, when, at which venue and how far, and
    /// the place's name or the event's summary — never the stay's position.
    public struct Shown: Encodable, Sendable {
        /// What recorded it (`placeVisit`, `checkIn`, `dwell`, `track`, `calendar`).
        public var kind: String
        /// The file it came from.
        public var source: String
        /// When it began.
        public var at: Date
        /// When it ended; absent for a moment.
        public var until: Date?
        /// The venue it was at.
        public var venueId: String
        /// How far from the venue, in metres.
        public var distanceMeters: Double?
        /// The place the service named, or the event's summary.
        public var detail: String?

        /// The JSON of a record.
        public init(_ record: VisitEvidence) {
            (kind, source, at, until) = (record.kind, record.source, record.at, record.until)
            (venueId, distanceMeters, detail) = (record.venueId, record.distanceMeters, record.detail)
        }
    }

    /// The evidence without where the stay was.
    var withoutPosition: VisitEvidence {
        var evidence = self
        (evidence.latitude, evidence.longitude) = (nil, nil)
        return evidence
    }

    /// The columns this target filters and orders evidence by.
    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let visitId = Column(CodingKeys.visitId)
        static let at = Column(CodingKeys.at)
        static let importRunId = Column(CodingKeys.importRunId)
    }
}

extension VisitLibrary {
    /// A visit's evidence, in order of time.
    public func evidence(ofVisit id: String) throws(LibraryError) -> [VisitEvidence] {
        try read { db in try VisitEvidence.filter(VisitEvidence.Columns.visitId == id).order(VisitEvidence.Columns.at).fetchAll(db) }
    }

    /// The evidence of many visits at once, by visit, each in order of time: read whole (a few rows a visit at most)
    /// and kept for the visits asked, so ten thousand visits are not ten thousand parameters.
    public func evidence(ofVisits ids: [String]) throws(LibraryError) -> [String: [VisitEvidence]] {
        let wanted = Set(ids)
        return try read { db in
            Dictionary(
                grouping: try VisitEvidence.order(VisitEvidence.Columns.at).fetchAll(db).filter { wanted.contains($0.visitId) },
                by: \.visitId)
        }
    }
}

extension LibraryTransaction {
    /// Adds evidence to its visit; false when the library had it already (the same stay, imported again), or the fan
    /// deleted it with its visit.
    @discardableResult
    public func insert(_ evidence: VisitEvidence) throws -> Bool {
        guard try !containsEvidence(id: evidence.id) else { return false }
        try evidence.insert(db)
        return true
    }

    /// Whether the library keeps this evidence in a visit already, or the fan deleted it with its visit: either way it
    /// is not filed, nor asked about, again.
    public func containsEvidence(id: String) throws -> Bool {
        try VisitEvidence.exists(db, key: id)
            || Row.fetchOne(db, sql: "SELECT 1 FROM dismissedEvidence WHERE id = ?", arguments: [id]) != nil
    }

    /// Remembers a visit's evidence as deleted by the fan (before the visit goes): importing the same stay, check-in or
    /// ticket again — from the same file, a touched one or a new download — does not make the visit again.
    public func dismissEvidence(ofVisit visitId: String) throws {
        try db.execute(
            sql: "INSERT OR IGNORE INTO dismissedEvidence (id) SELECT id FROM evidence WHERE visitId = ?", arguments: [visitId])
    }

    /// Forgets that evidence was deleted (an undo puts it back; an import taken back is read afresh).
    func undismissEvidence(ids: [String]) throws {
        guard !ids.isEmpty else { return }
        try db.execute(
            sql: "DELETE FROM dismissedEvidence WHERE id IN (\(Array(repeating: "?", count: ids.count).joined(separator: ",")))",
            arguments: StatementArguments(ids))
    }

    /// Whether a visit holds nothing — no photo, no evidence — and so goes when what made it is moved or taken back.
    public func holdsNothing(visit visitId: String) throws -> Bool {
        try !hasPhotos(inVisit: visitId) && VisitEvidence.filter(VisitEvidence.Columns.visitId == visitId).isEmpty(db)
    }
}
