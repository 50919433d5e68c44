import Foundation

/// The numbers behind every matching decision, in one place so they can be tuned (and tested) as a whole.
public struct MatchingRules: Hashable, Sendable {
    /// Upper bounds, in metres, of `high`, `medium` and `low` spatial confidence; beyond `lowRadius` is `none`.
    public var highRadius: Double = 500
    public var mediumRadius: Double = 2_000
    public var lowRadius: Double = 5_000
    /// A photo this long before a known start counts as at the game (gates open, batting practice, warm-ups).
    public var beforeStart: TimeInterval = 3 * 3_600
    /// … and this long after it (extra innings, overtime, the walk out).
    public var afterStart: TimeInterval = 6 * 3_600
    /// Photos from one camera less than this apart form a session.
    public var sessionGap: TimeInterval = 3 * 3_600

    public init() {}

    public func spatialConfidence(forDistance meters: Double) -> SpatialConfidence {
        switch meters {
        case ..<highRadius: .high
        case ..<mediumRadius: .medium
        case ..<lowRadius: .low
        default: .none
        }
    }
}
