import Foundation
import GRDB
import TimeAndPlace

/// A photo waiting for the user: the match report could not decide (or suggested a game from its session).
public struct PendingMatch: Codable, Hashable, Sendable, Identifiable, FetchableRecord, PersistableRecord, ISO8601JSONColumns {
    /// The SQLite table of pending matches, named here so the schema does not follow the type's name.
    public static let databaseTableName = "pendingMatch"

    /// A UUID string that `stadiumlog confirm` names it by; kept when `attach` replaces the match of the same photo.
    public var id: String
    /// The photo's content hash; the library holds one pending match per content.
    public var sha256: String
    /// The absolute path the photo was read from; ``VisitLibrary/relink(_:)`` updates it when the file moves.
    public var originalPath: String
    /// The camera's wall clock, to the second (noon of the day given to `attach --on`); nil when there is none.
    public var captureLocal: LocalDateTime?
    /// The UTC offset of `captureLocal`, when one could be resolved (`timeSource` says how).
    public var utcOffset: UTCOffset?
    /// The rule that gave `utcOffset` (`offsetTimeOriginal`, `gpsClock`, `venueTimeZone` or `none`).
    public var timeSource: TimeSource?
    /// Where the photo was taken, in signed decimal degrees; nil without a usable GPS position.
    public var latitude: Double?
    /// The longitude that goes with `latitude`, in signed decimal degrees; nil without GPS.
    public var longitude: Double?
    /// The catalog venue the photo was taken near, or the one given to `attach --venue`; nil when there is none.
    public var venueId: String?
    /// Why no game was settled (``PendingReason``); nil when the photo only needs the fan's confirmation (several
    /// games, or one the import is not sure of).
    public var reason: PendingReason?
    /// The games the photo may belong to, best first, as the match report gave them.
    public var candidates: [PendingCandidate]
    /// The thumbnail's name (``VisitPhoto/thumbnailPath(forHash:)``) once one is kept for it; nil until one could be made.
    public var thumbnailFile: String?
    /// Whether the fan has settled it: still `pending`, `resolved` into a visit, or `skipped`.
    public var status: PendingStatus
    /// Once `resolved`, the visit its photo is in (kept current when the photo moves); nil before.
    public var resolvedVisitId: String?
    /// When the import (or `attach`) added it; pending matches are listed oldest first.
    public var createdAt: Date
    /// The import that added it (``ImportRun``); nil when `attach` did, or for one added before imports were recorded.
    public var importRunId: Int64?
    /// Set when the question is about evidence, not a photo (a short stay, a calendar's teams and day): what it is.
    /// Its ``sha256`` is then made from what it records, ``originalPath`` is the file it came from, and settling it
    /// files the evidence (``VisitEvidence``) into the visit instead of a photo.
    public var evidence: PendingEvidence?
    /// Seconds added to the camera's clock (`--camera-offset`) before its time was read; nil when none was.
    public var clockCorrection: Int?

    /// A pending match as given; by default a fresh UUID, `pending`, and created now.
    public init(
        id: String = RecordID.random(), sha256: String, originalPath: String, captureLocal: LocalDateTime?,
        utcOffset: UTCOffset?, timeSource: TimeSource?, latitude: Double?, longitude: Double?, venueId: String?,
        reason: PendingReason?, candidates: [PendingCandidate], thumbnailFile: String?, status: PendingStatus = .pending,
        resolvedVisitId: String? = nil, createdAt: Date = Date(), importRunId: Int64? = nil, evidence: PendingEvidence? = nil,
        clockCorrection: Int? = nil
    ) {
        self.clockCorrection = clockCorrection
        self.evidence = evidence
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
        self.candidates = candidates
        self.thumbnailFile = thumbnailFile
        self.status = status
        self.resolvedVisitId = resolvedVisitId
        self.createdAt = createdAt
        self.importRunId = importRunId
    }

    /// Reads a pending match from a row, an export or a correction's record; those written before 2026-11 kept the
    /// candidates as a JSON string under `candidatesJSON`, which is read as the list it holds.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        sha256 = try container.decode(String.self, forKey: .sha256)
        originalPath = try container.decode(String.self, forKey: .originalPath)
        captureLocal = try container.decodeIfPresent(LocalDateTime.self, forKey: .captureLocal)
        utcOffset = try container.decodeIfPresent(UTCOffset.self, forKey: .utcOffset)
        timeSource = try container.decodeIfPresent(TimeSource.self, forKey: .timeSource)
        latitude = try container.decodeIfPresent(Double.self, forKey: .latitude)
        longitude = try container.decodeIfPresent(Double.self, forKey: .longitude)
        venueId = try container.decodeIfPresent(String.self, forKey: .venueId)
        reason = try container.decodeIfPresent(PendingReason.self, forKey: .reason)
        thumbnailFile = try container.decodeIfPresent(String.self, forKey: .thumbnailFile)
        status = try container.decode(PendingStatus.self, forKey: .status)
        resolvedVisitId = try container.decodeIfPresent(String.self, forKey: .resolvedVisitId)
        createdAt = try container.decode(Date.self, forKey: .createdAt)
        importRunId = try container.decodeIfPresent(Int64.self, forKey: .importRunId)
        clockCorrection = try container.decodeIfPresent(Int.self, forKey: .clockCorrection)
        evidence = try container.decodeIfPresent(PendingEvidence.self, forKey: .evidence)
        let earlier = try decoder.container(keyedBy: EarlierKeys.self)
        if let json = try earlier.decodeIfPresent(String.self, forKey: .candidatesJSON), !container.contains(.candidates) {
            do { candidates = try PendingCandidate.decodingLegacy(json) } catch {
                throw DecodingError.dataCorruptedError(
                    forKey: .candidatesJSON, in: earlier, debugDescription: "not a list of candidate games")
            }
        } else {
            candidates = try container.decode([PendingCandidate].self, forKey: .candidates)
        }
    }

    /// The keys of the columns and of the export, the names of the properties.
    enum CodingKeys: String, CodingKey {
        case id, sha256, originalPath, captureLocal, utcOffset, timeSource, latitude, longitude, venueId, reason
        case candidates, thumbnailFile, status, resolvedVisitId, createdAt, importRunId, evidence, clockCorrection
    }

    /// Keys of the format before 2026-11.
    private enum EarlierKeys: String, CodingKey { case candidatesJSON }

    /// The columns this target filters, orders and updates pending matches by.
    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let sha256 = Column(CodingKeys.sha256)
        static let originalPath = Column(CodingKeys.originalPath)
        static let captureLocal = Column(CodingKeys.captureLocal)
        static let thumbnailFile = Column(CodingKeys.thumbnailFile)
        static let status = Column(CodingKeys.status)
        static let resolvedVisitId = Column(CodingKeys.resolvedVisitId)
        static let createdAt = Column(CodingKeys.createdAt)
        static let importRunId = Column(CodingKeys.importRunId)
        static let evidence = Column(CodingKeys.evidence)
    }
}

/// Where a pending match stands: waiting for the fan (`pending`), filed into a visit (`resolved`), or set aside
/// (`skipped`, which `stadiumlog confirm --skipped` brings back).
public enum PendingStatus: String, Codable, Hashable, Sendable {
    case pending, resolved, skipped
}
