import Catalog
import Evidence
import Foundation
import TimeAndPlace

/// What matching concluded for one piece of evidence beside the photos: a stay (a place visit, a check-in, a dwell,
/// a track) or a calendar event. `matched` counts for one game like a photo there then; `needsConfirmation` is a
/// question; `unmatched` is nothing (``reason`` says why).
public struct EvidenceMatch: Hashable, Sendable {
    /// What it is: a stay, or a calendar event.
    public enum Item: Hashable, Sendable {
        case stay(Sighting)
        case event(CalendarEvent)
    }

    /// The stay or the event.
    public var item: Item
    /// `matched`, `needsConfirmation` or `unmatched` (never `error`: files that cannot be read are reported apart).
    public var status: MatchStatus
    /// The game, when `matched`.
    public var game: Game?
    /// The games it may be, best first, for `needsConfirmation`.
    public var candidates: [Game]
    /// The venue it was at (a stay's nearest, or the matched game's), with how far.
    public var venue: VenueHit?
    /// Why it was not matched, or why it is asked.
    public var reason: EvidenceReason?
    /// An event's moment: its instant, or its wall clock read at the venue; nil for a day only.
    var moment: Date?

    /// The kind, as a visit lists it.
    public var kind: EvidenceKind {
        switch item {
        case .stay(let stay): stay.kind
        case .event: .calendar
        }
    }

    /// The file it came from.
    public var source: String {
        switch item {
        case .stay(let stay): stay.source
        case .event(let event): event.source
        }
    }

    /// When: a stay's start, an event's start (nil for a day-only event).
    public var at: Date? {
        switch item {
        case .stay(let stay): stay.start
        case .event: moment
        }
    }
}

/// Why evidence was not matched, or is asked; raw values are part of the report contract (docs/REPORT.md).
public enum EvidenceReason: String, Hashable, Sendable, Codable {
    /// Why, as a fan reads it.
    public var words: String {
        switch self {
        case .shortStay: "a short stay at the venue: at the game, or passing by?"
        case .longStay: "a stay longer than any game keeps a fan there (home? a hotel?)"
        case .doubtful: "the service itself was not sure you were there"
        case .placeNotNamed: "a place the service did not name, beside the venue: inside it, or across the street?"
        case .severalGames: "several games could be it"
        case .nearGame: "beside the venue, or beside the game's time: were you at the game?"
        case .teamsAndDateOnly: "a calendar event naming the teams and the day, but not the venue and time a ticket gives"
        case .anotherPlace: "at another place, however close its pin"
        case .usualPlace: "at a place you stay on days without a game"
        case .noVenueNearby: "no venue near"
        case .noGamesOnDate: "no game there that day"
        case .outsideWindow: "outside the game's time"
        case .noGameNamed: "names no game"
        case .schedule: "a team's schedule, not a plan to go"
        }
    }

    /// Asked: the stay was short (under ``MatchingRules/shortStay``).
    case shortStay
    /// Asked: the stay lasted longer than any game keeps a fan (a home, a hotel).
    case longStay
    /// Asked: one game, but the stay was not inside its venue during it as a photo matched to it would be (a car
    /// park 600 m away, the day after).
    case nearGame
    /// Asked: a place visit without a name, farther from the venue's pin than ``MatchingRules/unnamedPlaceReach``.
    case placeNotNamed
    /// Asked: the service itself doubted the visit.
    case doubtful
    /// Asked: several games could be it.
    case severalGames
    /// Asked: a calendar event names the teams and a day, but not the venue and the time a ticket gives.
    case teamsAndDateOnly
    /// Nothing: the check-in or place visit names another place (a bar across the street).
    case anotherPlace
    /// Nothing: at a place where the fan's location history stays on days without a game (home near a park).
    case usualPlace
    /// Nothing: no venue near.
    case noVenueNearby
    /// Nothing: near a venue, no game that day.
    case noGamesOnDate
    /// Nothing: near a game, outside its window.
    case outsideWindow
    /// Nothing: a calendar event that names no game (a concert, a dinner).
    case noGameNamed
    /// Nothing: an event of a team's schedule (a calendar of many games, or events marked as not taking the fan's
    /// time): a list of games, not a plan to go.
    case schedule
}
