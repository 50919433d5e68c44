import Foundation
import TimeAndPlace

/// A GPS track's timed points, kept in memory only while an import runs (never stored): photos without a position
/// taken while it was recording get one from it, as exiftool's geotag does — interpolated between the two points
/// around the photo's moment when they are at most ``maximumGap`` apart, or the nearest end within ``maximumGap``
/// before the first point or after the last (docs/EVIDENCE.md).
public struct GPSTrack: Hashable, Sendable {
    /// The file it was read from.
    public var source: String
    /// Its points in order of time.
    public private(set) var points: [Point]

    /// A point: when (seconds since 1970) and where.
    public struct Point: Hashable, Sendable {
        /// When, in seconds since 1970.
        public var seconds: Double
        /// Where.
        public var position: GeoCoordinate

        /// A point at `position` at `seconds`.
        public init(seconds: Double, position: GeoCoordinate) {
            self.seconds = seconds
            self.position = position
        }
    }

    /// exiftool's default for both `GeoMaxIntSecs` and `GeoMaxExtSecs`: 30 minutes.
    public static let maximumGap: TimeInterval = 1_800

    /// A track of `points`, put in order of time.
    public init(source: String, points: [Point]) {
        self.source = source
        self.points = points.sorted { $0.seconds < $1.seconds }
    }

    /// Where the track was at a moment; nil outside it (beyond ``maximumGap`` of its ends, or in a gap longer than
    /// that between two points).
    public func position(at seconds: Double) -> GeoCoordinate? {
        guard let first = points.first, let last = points.last,
            seconds >= first.seconds - Self.maximumGap, seconds <= last.seconds + Self.maximumGap
        else { return nil }
        if seconds <= first.seconds { return first.position }
        if seconds >= last.seconds { return last.position }
        var low = 0
        var high = points.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if points[middle].seconds <= seconds { low = middle } else { high = middle }
        }
        let (before, after) = (points[low], points[high])
        guard after.seconds - before.seconds <= Self.maximumGap else { return nil }
        let fraction = after.seconds == before.seconds ? 0 : (seconds - before.seconds) / (after.seconds - before.seconds)
        return GeoCoordinate(
            latitude: before.position.latitude + (after.position.latitude - before.position.latitude) * fraction,
            longitude: before.position.longitude + (after.position.longitude - before.position.longitude) * fraction)
    }
}
