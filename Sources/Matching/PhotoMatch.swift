import Catalog
import Foundation
import PhotoMetadata
import TimeAndPlace

/// What matching concluded for one photo. Field names and values follow the match report contract (docs/REPORT.md).
public struct PhotoMatch: Hashable, Sendable {
    public var path: String
    public var status: MatchStatus
    /// The capture time, with the offset resolved from the venue's time zone when the file could not tell it.
    public var capture: CaptureTime?
    public var location: GeoCoordinate?
    public var venue: VenueHit?
    public var spatial: SpatialConfidence
    public var temporal: TemporalConfidence?
    public var confidence: MatchConfidence
    /// The game, when `matched`.
    public var game: Game?
    /// Every game that could be it, best first: non-empty for `needsConfirmation` (and for `lowConfidence`).
    public var candidates: [GameCandidate]
    public var reason: MatchReason?
    /// For `error`: why the file could not be read, in words.
    public var errorMessage: String?
    /// Make and model, to group photos into sessions.
    public var camera: String?
    /// Where the capture time and the position came from (the file, or a sidecar that filled what it lacked).
    public var captureOrigin: MetadataOrigin?
    public var locationOrigin: MetadataOrigin?
}

public enum MatchStatus: String, Hashable, Sendable, Codable {
    case matched, needsConfirmation, unmatched, error
}

public enum MatchReason: String, Hashable, Sendable, Codable {
    case missingLocation, missingDate, noVenueNearby, noGamesOnDate, lowConfidence, unreadable, unsupportedFormat
}

/// The venue a photo was matched to (or is nearest to), with its name on the capture date.
public struct VenueHit: Hashable, Sendable {
    public var id: String
    public var name: String
    public var currentName: String
    public var distanceMeters: Double?
}

/// A game that could be the one in the photo, and how well it fits.
public struct GameCandidate: Hashable, Sendable {
    public var game: Game
    public var distanceMeters: Double?
    public var spatial: SpatialConfidence
    public var temporal: TemporalConfidence
    public var confidence: MatchConfidence
    /// The photo was taken between the known start time (less `beforeStart`) and `afterStart` after it.
    public var duringGame: Bool
    /// How far the photo is from the known start time, for ranking.
    public var secondsFromStart: Double?
}
