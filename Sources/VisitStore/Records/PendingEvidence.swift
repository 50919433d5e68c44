import Foundation

/// What a question about evidence holds besides the pending match's place and candidates: the evidence itself, filed
/// into the visit the fan chooses (``VisitEvidence/init(settling:into:)``).
public struct PendingEvidence: Codable, Hashable, Sendable {
    /// What recorded it (`placeVisit`, `checkIn`, `dwell`, `track`, `calendar`).
    public var kind: String
    /// When it began.
    public var at: Date
    /// When it ended; nil for a moment or an event.
    public var until: Date?
    /// How far from the venue, in metres; nil when unknown.
    public var distanceMeters: Double?
    /// The place the service named, or the event's summary.
    public var detail: String?
    /// Why it is asked (`shortStay`, `longStay`, `doubtful`, `severalGames`, `teamsAndDateOnly`).
    public var why: String

    /// A question's evidence as recorded.
    public init(kind: String, at: Date, until: Date?, distanceMeters: Double?, detail: String?, why: String) {
        self.kind = kind
        self.at = at
        self.until = until
        self.distanceMeters = distanceMeters
        self.detail = detail
        self.why = why
    }
}

extension VisitEvidence {
    /// The evidence a settled question files into `visitId`: as the import would have kept it, had it been sure.
    public init?(settling pending: PendingMatch, into visitId: String, venueId: String) {
        guard let evidence = pending.evidence else { return nil }
        self.init(
            visitId: visitId, kind: evidence.kind, source: pending.originalPath, at: evidence.at, until: evidence.until,
            venueId: venueId, distanceMeters: evidence.distanceMeters, latitude: pending.latitude, longitude: pending.longitude,
            detail: evidence.detail, importRunId: pending.importRunId)
    }
}
