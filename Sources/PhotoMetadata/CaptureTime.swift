import TimeAndPlace

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// When a photo was taken: the camera's wall clock, plus the UTC offset once one is known and the rule that gave it.
///
/// Cameras record local time without a zone. The true instant is resolved, in order of trust, from the explicit
/// OffsetTimeOriginal tag, from the GPS receiver's UTC clock, and only at matching time from the venue's time zone.
/// Which rule fired travels with the value so a report can explain itself.
public struct CaptureTime: Hashable, Sendable, Codable {
    /// The wall-clock reading the camera stored.
    public var local: LocalDateTime
    /// The offset of that wall clock from UTC, or nil while unresolved.
    public var utcOffset: UTCOffset?
    /// The rule that gave ``utcOffset``.
    public var source: TimeSource
    /// The EXIF tag the wall-clock reading came from.
    public var clockTag: ClockTag

    /// Creates a capture time; `source` becomes ``TimeSource/unresolved`` when `utcOffset` is nil.
    public init(local: LocalDateTime, utcOffset: UTCOffset?, source: TimeSource, clockTag: ClockTag = .dateTimeOriginal) {
        self.local = local
        self.utcOffset = utcOffset
        self.source = utcOffset == nil ? .unresolved : source
        self.clockTag = clockTag
    }

    /// The instant the photo was taken, when the offset is known.
    public var instant: Date? {
        utcOffset.map { Date(timeIntervalSince1970: local.wallClockSeconds - Double($0.seconds)) }
    }

    /// This capture time read in a venue's time zone, for photos whose offset could not be resolved from the file.
    /// A resolved capture time is returned unchanged: the file's own evidence wins over a guess from the place.
    public func resolved(in timeZone: TimeZone) -> CaptureTime {
        resolved(
            in: OffsetTimeline(
                timeZone: timeZone, from: Date(timeIntervalSince1970: local.wallClockSeconds - 86_400 * 366),
                to: Date(timeIntervalSince1970: local.wallClockSeconds + 86_400 * 366)))
    }

    /// The same, with the zone's offsets precomputed (what the matcher uses for every photo).
    public func resolved(in timeline: OffsetTimeline) -> CaptureTime {
        // A bare UTC instant (a Takeout sidecar's, a video header's) is shown as the venue's wall clock at that instant.
        if clockTag.isUTCInstant, let instant,
            let offset = UTCOffset(seconds: timeline.offset(atInstant: instant.timeIntervalSince1970)),
            let local = LocalDateTime(instant: instant, offset: offset)
        {
            return CaptureTime(local: local, utcOffset: offset, source: .venueTimeZone, clockTag: clockTag)
        }
        guard utcOffset == nil else { return self }
        let offset = UTCOffset(seconds: timeline.offset(atWallClock: local.wallClockSeconds))
        return CaptureTime(local: local, utcOffset: offset, source: .venueTimeZone, clockTag: clockTag)
    }
}

/// The EXIF date tag a capture time was read from, most to least trustworthy.
public enum ClockTag: String, Hashable, Sendable, Codable {
    case dateTimeOriginal, dateTimeDigitized
    /// IFD0 DateTime, which editors overwrite on save: a last resort.
    case dateTime
    /// XMP `photoshop:DateCreated`.
    case dateCreated
    /// A video's `com.apple.quicktime.creationdate`, a local time with its zone.
    case creationDate
    /// A Google Takeout sidecar's `photoTakenTime`: a UTC instant, no wall clock.
    case photoTakenTime
    /// A video's movie header (`mvhd`) creation time: a UTC instant, no wall clock.
    case movieHeader
    /// A moment of a location history, a check-in or a calendar: a UTC instant, no wall clock.
    case recordedInstant

    /// A UTC instant without the wall clock it was read on.
    public var isUTCInstant: Bool { self == .photoTakenTime || self == .movieHeader || self == .recordedInstant }
}
