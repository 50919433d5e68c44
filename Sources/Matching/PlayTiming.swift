import Catalog
import Foundation
import TimeAndPlace

/// Where a photo falls against a game's play, as far as the catalog knows: what a candidate game is labelled with
/// when the fan chooses. A game is "during" only when the photo is inside its play; otherwise the label says how far.
public enum PlayTiming: Hashable, Sendable {
    /// The photo is inside the game's play for every start the catalog allows.
    case during
    /// The photo is inside the game's play for some start the catalog allows (a night game, start unknown).
    case maybeDuring
    /// The game starts this many seconds after the photo (its earliest possible start).
    case startsAfter(seconds: Double)
    /// The game ended this many seconds before the photo (its latest possible end).
    case endedBefore(seconds: Double)
    /// The catalog knows no start time nor whether it was a day or night game.
    case unknown
}

extension GameMatcher {
    /// Where a photo taken at `time` (on a clock `offset` from UTC; the venue's own when nil, as matching assumes)
    /// falls against `game`'s play, with the same windows the matcher uses.
    public func playTiming(of game: Game, photoTakenAt time: LocalDateTime, offset: UTCOffset?) -> PlayTiming {
        guard let zone = catalog.venue(id: game.venueId)?.timeZone else { return .unknown }
        let timeline = timelines.timeline(forZone: zone)
        let window = GameWindow(game, timeline: timeline, rules: rules)
        let seconds = time.wallClockSeconds - Double(offset?.seconds ?? timeline.offset(atWallClock: time.wallClockSeconds))
        guard let play = window.play else { return .unknown }
        if window.isCertainlyDuringPlay(seconds) { return .during }
        if play.contains(seconds) { return .maybeDuring }
        return seconds < play.lowerBound
            ? .startsAfter(seconds: play.lowerBound - seconds) : .endedBefore(seconds: seconds - play.upperBound)
    }
}
