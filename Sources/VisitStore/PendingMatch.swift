import Foundation
import GRDB

/// A photo waiting for the user: the match report could not decide (or suggested a game from its session).
public struct PendingMatch: Codable, Hashable, Sendable, Identifiable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "pendingMatch"

    public var id: String
    public var sha256: String
    public var originalPath: String
    public var captureLocal: String?
    public var utcOffset: String?
    public var timeSource: String?
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

    public init(id: String = UUID().uuidString, sha256: String, originalPath: String, captureLocal: String?,
                utcOffset: String?, timeSource: String?, latitude: Double?, longitude: Double?, venueId: String?,
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
}

public enum PendingStatus: String, Codable, Hashable, Sendable {
    case pending, resolved, skipped
}
