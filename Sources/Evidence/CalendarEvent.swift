import Foundation
import TimeAndPlace

/// An event of a calendar file: a plan, not a presence. It counts for a game only when it names the game's teams, its
/// venue and its time (a ticket); the matcher decides.
public struct CalendarEvent: Hashable, Sendable {
    /// The file it was read from; inside a .zip, the archive's path, `#`, and the entry's.
    public var source: String
    /// SUMMARY, unescaped ("Atlanta Braves at Boston Red Sox").
    public var summary: String
    /// LOCATION, unescaped; nil when the event has none.
    public var location: String?
    /// DTSTART.
    public var start: Start
    /// `TRANSP:TRANSPARENT`: the event does not take the fan's time (how schedules are published), so it is no plan.
    public var isTransparent = false

    /// When an event starts, as precisely as the file says.
    public enum Start: Hashable, Sendable {
        /// A moment: written in UTC, or with a time zone the system knows.
        case instant(Date)
        /// A wall-clock time without a zone (a "floating" time, or a zone the system does not know): read as the
        /// venue's local time.
        case floating(LocalDateTime)
        /// A day only (`VALUE=DATE`): no time to check.
        case day(LocalDate)
    }

    /// Whether the event starts at a time (not a day only).
    public var hasTime: Bool {
        if case .day = start { return false }
        return true
    }

    /// An event as read.
    public init(source: String, summary: String, location: String?, start: Start) {
        self.source = source
        self.summary = summary
        self.location = location
        self.start = start
    }
}
