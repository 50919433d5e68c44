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
