import Foundation
import TimeAndPlace

/// What a fan's files say of where they were besides their photos: a stay somewhere, from its first to its last
/// moment. Only stays near a venue are kept (``PlacesOfInterest``); the rest of a location history is read and let go.
public struct Sighting: Hashable, Sendable {
    /// What recorded it: a place visit, a check-in, a dwell in raw points, a stay in a GPS track.
    public var kind: EvidenceKind
    /// The file it was read from; inside a .zip, the archive's path, `#`, and the entry's.
    public var source: String
    /// When the stay began (a check-in: its moment).
    public var start: Date
    /// When it ended (a check-in: its moment too).
    public var end: Date
    /// Where: the place's pin, or the middle of the points that stayed.
    public var location: GeoCoordinate
    /// The place the service named ("Fenway Park", "Bleacher Bar"); nil when it named none (raw points, a track, a
    /// Timeline export, which names places by id only).
    public var placeName: String?
    /// False when the service itself doubted it (Google's `LOW_CONFIDENCE`, a visit probability under one half).
    public var isSure: Bool

    /// A sighting as read.
    public init(
        kind: EvidenceKind, source: String, start: Date, end: Date, location: GeoCoordinate, placeName: String? = nil,
        isSure: Bool = true
    ) {
        self.kind = kind
        self.source = source
        self.start = min(start, end)
        self.end = max(start, end)
        self.location = location
        self.placeName = placeName
        self.isSure = isSure
    }

    /// How long the stay lasted.
    public var duration: TimeInterval { end.timeIntervalSince(start) }
}

/// The kinds of evidence a visit lists; raw values are part of the JSON contract (`evidence[].kind`, docs/REPORT.md).
public enum EvidenceKind: String, Hashable, Sendable, Codable, CaseIterable {
    /// A Google location history place visit (Takeout's semantic history, or a Timeline export's `visit`).
    case placeVisit
    /// A Swarm / Foursquare check-in.
    case checkIn
    /// Raw location points (Takeout's Records.json) that stayed near one venue.
    case dwell
    /// Points of a GPS track (GPX) that stayed near one venue.
    case track
    /// A calendar event naming the game's teams, venue and time: a ticket.
    case calendar

    /// How a fan reads it ("a check-in", "from your calendar").
    public var words: String {
        switch self {
        case .placeVisit: "a place visit in your location history"
        case .checkIn: "a check-in"
        case .dwell: "your location history's points"
        case .track: "a GPS track"
        case .calendar: "from your calendar"
        }
    }
}
