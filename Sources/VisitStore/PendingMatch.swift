import Foundation
import GRDB
import TimeAndPlace

/// A photo waiting for the user: the match report could not decide (or suggested a game from its session).
public struct PendingMatch: Codable, Hashable, Sendable, Identifiable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "pendingMatch"

    public var id: String
    public var sha256: String
    public var originalPath: String
    public var captureLocal: LocalDateTime?
    public var utcOffset: UTCOffset?
    public var timeSource: TimeSource?
    public var latitude: Double?
    public var longitude: Double?
    public var venueId: String?
    public var reason: String?
    /// The candidates exactly as the match report gave them: a JSON array of GAME objects, best first.
    public var candidatesJSON: String
    public var thumbnailFile: String?
    public var status: PendingStatus
    public var resolvedVisitId: String?
    public var createdAt: Date

    public init(id: String = UUID().uuidString, sha256: String, originalPath: String, captureLocal: LocalDateTime?,
                utcOffset: UTCOffset?, timeSource: TimeSource?, latitude: Double?, longitude: Double?, venueId: String?,
                reason: String?, candidatesJSON: String, thumbnailFile: String?, status: PendingStatus = .pending,
                resolvedVisitId: String? = nil, createdAt: Date = Date()) {
        self.id = id
        self.sha256 = sha256
        self.originalPath = originalPath
        self.captureLocal = captureLocal
        self.utcOffset = utcOffset
        self.timeSource = timeSource
        self.latitude = latitude
        self.longitude = longitude
        self.venueId = venueId
        self.reason = reason
        self.candidatesJSON = candidatesJSON
        self.thumbnailFile = thumbnailFile
        self.status = status
        self.resolvedVisitId = resolvedVisitId
        self.createdAt = createdAt
    }

    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let sha256 = Column(CodingKeys.sha256)
        static let originalPath = Column(CodingKeys.originalPath)
        static let captureLocal = Column(CodingKeys.captureLocal)
        static let thumbnailFile = Column(CodingKeys.thumbnailFile)
        static let status = Column(CodingKeys.status)
        static let resolvedVisitId = Column(CodingKeys.resolvedVisitId)
        static let createdAt = Column(CodingKeys.createdAt)
    }
}

public enum PendingStatus: String, Codable, Hashable, Sendable {
    case pending, resolved, skipped
}
