import Foundation
import GRDB
import TimeAndPlace

/// A photo attached to a visit. Its SHA-256 is the identity that makes re-imports change nothing.
public struct VisitPhoto: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    /// The SQLite table of visit photos, named here so the schema does not follow the type's name.
    public static let databaseTableName = "visitPhoto"

    /// The content hash (64 lowercase hex digits): the photo's identity and key, which also names its thumbnail.
    public var sha256: String
    /// The visit it is filed in (``StadiumVisit/id``); deleting the visit deletes this record, never the file.
    public var visitId: String
    /// The absolute path it was imported from; ``VisitLibrary/relink(_:)`` updates it when the file moves.
    public var originalPath: String
    /// The camera's wall clock, to the second.
    public var captureLocal: LocalDateTime?
    /// The UTC offset of `captureLocal`, when one could be resolved (`timeSource` says how).
    public var utcOffset: UTCOffset?
    /// The rule that gave the UTC offset.
    public var timeSource: TimeSource?
    /// Where it was taken, in signed decimal degrees; nil without GPS. Exports leave it out unless asked for GPS.
    public var latitude: Double?
    /// The longitude that goes with `latitude`, in signed decimal degrees; nil without GPS.
    public var longitude: Double?
    /// The thumbnail's name (``VisitPhoto/thumbnailPath(forHash:)``) once one is kept for it; nil until one could be made.
    public var thumbnailFile: String?
    /// Order within the visit (capture order).
    public var sortOrder: Int
    /// The import that brought it (``ImportRun``), so that import can be taken back as a whole; nil for a photo
    /// filed by hand with `attach`, or imported before imports were recorded.
    public var importRunId: Int64?
    /// Seconds added to the camera's clock (`--camera-offset`) before its time was read; nil when none was.
    public var clockCorrection: Int?

    /// A photo record as given; ``LibraryTransaction/file(_:into:replacing:)`` sets its visit and `sortOrder` when filing it.
    public init(
        sha256: String, visitId: String, originalPath: String, captureLocal: LocalDateTime?, utcOffset: UTCOffset?,
        timeSource: TimeSource?, latitude: Double?, longitude: Double?, thumbnailFile: String?, sortOrder: Int,
        importRunId: Int64? = nil, clockCorrection: Int? = nil
    ) {
        self.clockCorrection = clockCorrection
        self.sha256 = sha256
        self.visitId = visitId
        self.originalPath = originalPath
        self.captureLocal = captureLocal
        self.utcOffset = utcOffset
        self.timeSource = timeSource
        self.latitude = latitude
        self.longitude = longitude
        self.thumbnailFile = thumbnailFile
        self.sortOrder = sortOrder
        self.importRunId = importRunId
    }

    /// The columns this target filters, orders and updates photos by.
    public enum Columns {
        static let sha256 = Column(CodingKeys.sha256)
        static let visitId = Column(CodingKeys.visitId)
        static let originalPath = Column(CodingKeys.originalPath)
        static let thumbnailFile = Column(CodingKeys.thumbnailFile)
        static let sortOrder = Column(CodingKeys.sortOrder)
        static let importRunId = Column(CodingKeys.importRunId)
        static let timeSource = Column(CodingKeys.timeSource)
        static let latitude = Column(CodingKeys.latitude)
    }
}

extension VisitPhoto {
    /// The name of the thumbnail of the photo with this content hash (`ab/abcdef….jpg`, once a file in the library's
    /// `thumbnails` folder, now a row of ``ThumbnailStore`` under the hash), which `thumbnailFile` records when the
    /// photo has one: the same photo always has the same thumbnail, wherever it moves. Derived from the hash and never
    /// read from input, so no stored or restored value can point a thumbnail at another photo's. Nil for anything that
    /// is not a SHA-256 in lowercase hex.
    public static func thumbnailPath(forHash hash: String) -> String? {
        isContentHash(hash) ? "\(hash.prefix(2))/\(hash).jpg" : nil
    }

    /// A SHA-256 as the library writes it: 64 lowercase hexadecimal digits.
    public static func isContentHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

extension VisitLibrary {
    /// Points photos whose files moved at where they are now: for each (content hash, path) found on disk, a photo
    /// or pending match with that hash whose stored path no longer exists takes the new path. Returns how many
    /// photos were relinked. Thumbnails are named by hash, so they follow on their own.
    @discardableResult
    public func relink(_ found: [(hash: String, path: String)]) throws(LibraryError) -> Int {
        guard !found.isEmpty else { return 0 }
        return try write { db in
            var relinked = 0
            for (hash, path) in found {
                if var photo = try VisitPhoto.fetchOne(db, key: hash), Self.hasMoved(photo.originalPath, to: path) {
                    photo.originalPath = path
                    try photo.update(db)
                    relinked += 1
                }
                if var pending = try PendingMatch.filter(PendingMatch.Columns.sha256 == hash).fetchOne(db),
                    Self.hasMoved(pending.originalPath, to: path)
                {
                    pending.originalPath = path
                    try pending.update(db)
                }
            }
            return relinked
        }
    }

    private static func hasMoved(_ stored: String, to path: String) -> Bool {
        stored != path && !FileManager.default.fileExists(atPath: stored)
    }

    /// The photos (and pending matches) whose files are no longer where they were imported from, by content hash.
    public func photosNotOnDisk() throws(LibraryError) -> [(hash: String, path: String)] {
        try read { db in
            try Row.fetchAll(db, VisitPhoto.select(VisitPhoto.Columns.sha256, VisitPhoto.Columns.originalPath))
                + Row.fetchAll(
                    db,
                    PendingMatch.filter(PendingMatch.Columns.status != PendingStatus.resolved)
                        .select(PendingMatch.Columns.sha256, PendingMatch.Columns.originalPath))
        }.map { (hash: $0["sha256"] as String, path: $0["originalPath"] as String) }
            .filter { !FileManager.default.fileExists(atPath: $0.path) }
    }
}
