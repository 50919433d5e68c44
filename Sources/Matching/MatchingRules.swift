import Foundation
import TimeAndPlace

/// The numbers behind every matching decision, in one place so they can be tuned (and tested) as a whole.
public struct MatchingRules: Hashable, Sendable {
    /// Upper bounds, in metres, of `high`, `medium` and `low` spatial confidence; beyond `lowRadius` is `none`.
    public var highRadius: Double = 500
    /// Upper bound of `medium` spatial confidence, in metres.
    public var mediumRadius: Double = 2_000
    /// Upper bound of `low` spatial confidence, in metres: venues farther from a photo are not considered.
    public var lowRadius: Double = 5_000
    /// A photo this long before a known start counts as at the game (gates open, tailgates, batting practice).
    public var beforeStart: TimeInterval = 3 * 3_600
    /// … and this long after it when the game's length is not known (extra innings, overtime, the walk out).
    public var afterStart: TimeInterval = 6 * 3_600
    /// After the end of play, when the length is known: the walk out, the last photos outside.
    public var walkOut: TimeInterval = 90 * 60
    /// The length of play assumed when it is not known, for how long a game may have been played.
    public var typicalLength: TimeInterval = 3 * 3_600
    /// The length of play a game surely reaches when its length is not known (every league's games last longer), for
    /// when a photo is certainly during a game's play: only that tells two games of one day apart.
    public var shortestLength: TimeInterval = 2 * 3_600
    /// Local start times (seconds after midnight) of day and of night games, for games known only by Retrosheet's
    /// day/night flag: day games start from 11:00 to 17:00, night games from 17:00 to 21:30.
    public var dayGameStarts: ClosedRange<TimeInterval> = (11 * 3_600)...(17 * 3_600)
    /// Local start times of night games, in seconds after midnight (17:00 to 21:30).
    public var nightGameStarts: ClosedRange<TimeInterval> = (17 * 3_600)...(21 * 3_600 + 1_800)
    /// A photo from midnight to this time (venue-local) belongs to the evening before: its "fan day".
    public var fanDayStart: TimeInterval = 5 * 3_600
    /// In a downtown cluster the nearest venue with a game wins only when every other venue with a game at that time
    /// is more than this many times as far.
    public var clusterFactor: Double = 4
    /// Photos from one camera less than this apart form a session.
    public var sessionGap: TimeInterval = 3 * 3_600
    /// Two cameras' photos this close, once one camera's clock is set right by whole hours, were taken at the same
    /// moment (``CameraClocks``): 2 minutes, for the time between a shot with one and a shot with the other, and a
    /// clock's drift.
    public var sameMoment: TimeInterval = 2 * 60
    /// The most a camera's clock is set right by: a day either way (home time on the other side of the world).
    public var largestClockError: TimeInterval = 24 * 3_600

    /// The documented defaults (docs/REPORT.md); set single properties to tune them.
    /// A stay shorter than this (a place visit, a dwell, a stay in a track) is at most a question: 45 minutes.
    public var shortStay: TimeInterval = 45 * 60
    /// A stay longer than this is no game's (a home, a hotel, a whole day): at most a question. 8 hours.
    public var longestStay: TimeInterval = 8 * 3_600
    /// A place visit the service did not name (the phone's Timeline exports name none) counts for a game only this
    /// close to the venue's pin; farther, it may be the bar across the street, and is asked: 100 m.
    public var unnamedPlaceReach: Double = 100
    /// How finely a stay is looked at: a moment every 10 minutes is matched as a photo would be.
    public var stayStep: TimeInterval = 10 * 60

    /// The rules of docs/REPORT.md and docs/EVIDENCE.md.
    public init() {}

    /// The fan day of a wall-clock reading: before ``fanDayStart`` it is still the evening before.
    public func fanDay(of local: LocalDateTime) -> LocalDate {
        let secondsIntoDay = Double(local.hour * 3_600 + local.minute * 60 + local.second)
        return secondsIntoDay < fanDayStart ? local.date.adding(days: -1) : local.date
    }

    /// The spatial confidence of a photo `meters` from a venue: `high` below ``highRadius``, `medium` below
    /// ``mediumRadius``, `low` below ``lowRadius``, else `none`.
    public func spatialConfidence(forDistance meters: Double) -> SpatialConfidence {
        switch meters {
        case ..<highRadius: .high
        case ..<mediumRadius: .medium
        case ..<lowRadius: .low
        default: .none
        }
    }
}
