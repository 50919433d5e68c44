/// The rule that resolved a capture time's UTC offset. Raw values are part of the JSON report contract.
public enum TimeSource: String, Hashable, Sendable, Codable, CaseIterable {
    /// The EXIF OffsetTimeOriginal tag (EXIF 2.31), written by the camera with the photo — or the zone written with
    /// the date in an XMP sidecar or a video's metadata (`2015-06-15T19:05:12-04:00`); ``ClockTag`` says which.
    case offsetTimeOriginal
    /// Wall clock minus a UTC clock, rounded to 15 minutes: the GPS receiver's, or the UTC timestamp of a Google
    /// Takeout sidecar or a video's header. A UTC timestamp alone (no wall clock in the file) reads as UTC until the
    /// photo is matched, then as the venue's wall clock (`venueTimeZone`).
    case gpsClock
    /// The IANA time zone of the venue the photo was matched to, on that date.
    case venueTimeZone
    /// Not resolved (yet).
    case unresolved = "none"
}
