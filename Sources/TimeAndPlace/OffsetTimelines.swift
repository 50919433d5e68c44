import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Each time zone's ``OffsetTimeline``, worked out the first time the zone is asked for and then kept: a run that meets
/// photos at two venues pays for their zones only, not for every zone the catalog's venues are in.
public final class OffsetTimelines: Sendable {
    private let byZone = Mutex<[String: OffsetTimeline]>([:])

    /// An empty cache: no zone is worked out until asked for.
    public init() {}

    /// The timeline of a zone by its identifier (`America/New_York`); UTC for an identifier the system does not know.
    public func timeline(forZone identifier: String) -> OffsetTimeline {
        if let known = byZone.withLock({ $0[identifier] }) { return known }
        // Worked out outside the lock: two threads may both work out a zone once, neither waits on the other.
        let made = OffsetTimeline(timeZone: TimeZone(identifier: identifier) ?? TimeZone(secondsFromGMT: 0)!)
        byZone.withLock { $0[identifier] = made }
        return made
    }
}
