import Foundation
import GRDB

/// A photo attached to a visit. Its SHA-256 is the identity that makes re-imports change nothing.
public struct VisitPhoto: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "visitPhoto"

    public var sha256: String
    public var visitId: String
    public var originalPath: String
    /// The camera's wall clock, ISO 8601 without offset.
    public var captureLocal: String?
    public var utcOffset: String?
    public var timeSource: String?
    public var latitude: Double?
    public var longitude: Double?
    /// Relative to the library's thumbnail folder; nil until one could be made.
    public var thumbnailFile: String?
    /// Order within the visit (capture order).
    public var sortOrder: Int

    public init(sha256: String, visitId: String, originalPath: String, captureLocal: String?, utcOffset: String?,
                timeSource: String?, latitude: Double?, longitude: Double?, thumbnailFile: String?, sortOrder: Int) {
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
    }
}

extension VisitPhoto {
    /// The place after a visit's last photo: one lookup in the (visitId, sortOrder) index, so adding the n-th photo
    /// to a visit costs the same as adding the first (counting its photos made an import of one visit quadratic).
    public static func nextSortOrder(inVisit visitId: String, _ db: Database) throws -> Int {
        try Int.fetchOne(db, VisitPhoto.filter(Column("visitId") == visitId).select(max(Column("sortOrder")))).map { $0 + 1 } ?? 0
    }

    /// Where the thumbnail of the photo with this content hash lives, relative to the library's thumbnail folder
    /// (`ab/abcdef….jpg`): the same photo always has the same thumbnail, wherever it moves. Derived from the hash and
    /// never read from input, so no stored or restored value can point a thumbnail at another file. Nil for anything
    /// that is not a SHA-256 in lowercase hex.
    public static func thumbnailPath(forHash hash: String) -> String? {
        isContentHash(hash) ? "\(hash.prefix(2))/\(hash).jpg" : nil
    }

    /// A SHA-256 as the library writes it: 64 lowercase hexadecimal digits.
    public static func isContentHash(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}

extension VisitLibrary {
    /// The thumbnail file of a photo, by its content hash; nil when the hash is not one.
    public func thumbnailURL(forHash hash: String) -> URL? {
        VisitPhoto.thumbnailPath(forHash: hash).map(thumbnailFolder.appendingPathComponent)
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
                for table in [VisitPhoto.databaseTableName, PendingMatch.databaseTableName] {
                    let stored = try String.fetchAll(db, Table(table).filter(Column("sha256") == hash).select(Column("originalPath")))
                    for old in stored where old != path && !FileManager.default.fileExists(atPath: old) {
                        try Table(table).filter(Column("sha256") == hash).updateAll(db, Column("originalPath").set(to: path))
                        if table == VisitPhoto.databaseTableName { relinked += 1 }
                    }
                }
            }
            return relinked
        }
    }

    /// The photos (and pending matches) whose files are no longer where they were imported from, by content hash.
    public func photosNotOnDisk() throws(LibraryError) -> [(hash: String, path: String)] {
        try read { db in
            try Row.fetchAll(db, VisitPhoto.select(Column("sha256"), Column("originalPath")))
                + Row.fetchAll(db, PendingMatch.filter(Column("status") != PendingStatus.resolved.rawValue)
                    .select(Column("sha256"), Column("originalPath")))
        }.map { (hash: $0["sha256"] as String, path: $0["originalPath"] as String) }
            .filter { !FileManager.default.fileExists(atPath: $0.path) }
    }
}
