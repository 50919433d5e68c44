#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A time zone's UTC offsets over a span of years, precomputed, so "what was the offset then?" is a binary search
/// instead of a call into the time-zone database (slow on Linux, and asked for every photo near a venue).
public struct OffsetTimeline: Sendable {
    /// Instants (seconds since 1970) at which the offset changes, ascending, and the offset from each on.
    private let changes: [Double]
    private let offsets: [Int]
    private let initialOffset: Int

    /// Precomputes a zone's offsets from `start` to `end` (1950 to 2050 by default); before `start` the offset
    /// at `start` holds, after `end` the last one.
    public init(
        timeZone: TimeZone, from start: Date = Date(timeIntervalSince1970: -631_152_000),  // 1950
        to end: Date = Date(timeIntervalSince1970: 2_524_608_000)
    ) {  // 2050
        var changes: [Double] = []
        var offsets: [Int] = []
        var cursor = start
        while let next = timeZone.nextDaylightSavingTimeTransition(after: cursor), next < end {
            changes.append(next.timeIntervalSince1970)
            offsets.append(timeZone.secondsFromGMT(for: next))
            cursor = next
        }
        self.changes = changes
        self.offsets = offsets
        initialOffset = timeZone.secondsFromGMT(for: start)
    }

    /// The offset in force at an instant.
    public func offset(atInstant seconds: Double) -> Int {
        let next = changes.partitionPoint { $0 > seconds }
        return next == 0 ? initialOffset : offsets[next - 1]
    }

    /// The offset of a wall-clock reading in this zone: looked up at the reading taken as UTC, then once more at the
    /// corrected instant, which settles readings near a daylight-saving change.
    public func offset(atWallClock seconds: Double) -> Int {
        offset(atInstant: seconds - Double(offset(atInstant: seconds)))
    }
}
