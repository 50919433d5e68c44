import Catalog
import TimeAndPlace

/// When a game holds its fans, as far as the catalog knows: the span a photo must fall in to be "at the game", and
/// the narrower span of play that tells two games of one day apart. Instants are seconds since 1970 (UTC).
struct GameWindow: Hashable, Sendable {
    let basis: TimeWindowBasis
    let opens: Double
    let closes: Double
    /// From the (earliest) start to the (latest) end of play: when the game may have been played, for some start the
    /// catalog allows; nil when nothing is known.
    let play: ClosedRange<Double>?
    /// When the game was being played for every start the catalog allows: from the latest start to the earliest end
    /// (the shortest length when it is not known); nil when no instant is (a day game, starting anywhere from 11:00 to
    /// 17:00, has none), or nothing is known.
    let certainPlay: ClosedRange<Double>?

    func holds(_ instant: Double) -> Bool { opens <= instant && instant < closes }
    func isDuringPlay(_ instant: Double) -> Bool { play?.contains(instant) ?? false }
    func isCertainlyDuringPlay(_ instant: Double) -> Bool { certainPlay?.contains(instant) ?? false }

    /// The window of a game at a venue whose offsets are `timeline`.
    init(_ facts: GameFacts, timeline: OffsetTimeline, rules: MatchingRules) {
        self.init(
            day: facts.day, start: facts.start.map(Double.init), dayNight: facts.dayNight, minutes: facts.minutes,
            timeline: timeline, rules: rules)
    }

    /// The window of a catalog game at a venue whose offsets are `timeline`.
    init(_ game: Game, timeline: OffsetTimeline, rules: MatchingRules) {
        self.init(
            day: game.localDate.daysSinceEpoch, start: game.startUTC?.timeIntervalSince1970,
            dayNight: game.dayNight?.utf8.first ?? 0, minutes: game.lengthMinutes, timeline: timeline, rules: rules)
    }

    /// The window of a game on `day` (days since 1970), with its start (seconds since 1970) or day/night flag (`D`,
    /// `N` as ASCII) and length when known.
    private init(day: Int, start: Double?, dayNight: UInt8, minutes: Int?, timeline: OffsetTimeline, rules: MatchingRules) {
        let length = minutes.map { Double($0) * 60 }
        if let start {
            basis = .startTime
            opens = start - rules.beforeStart
            closes = start + (length.map { $0 + rules.walkOut } ?? rules.afterStart)
            play = start...(start + (length ?? rules.typicalLength))
            certainPlay = start...(start + (length ?? rules.shortestLength))
            return
        }
        let starts: ClosedRange<Double>? =
            switch dayNight {
            case UInt8(ascii: "D"): rules.dayGameStarts
            case UInt8(ascii: "N"): rules.nightGameStarts
            default: nil
            }
        if let starts {
            basis = .dayNight
            let earliest = Self.instant(day: day, localSeconds: starts.lowerBound, timeline: timeline)
            let latest = Self.instant(day: day, localSeconds: starts.upperBound, timeline: timeline)
            opens = earliest - rules.beforeStart
            closes = latest + (length.map { $0 + rules.walkOut } ?? rules.afterStart)
            play = earliest...(latest + (length ?? rules.typicalLength))
            let surelyEnds = earliest + (length ?? rules.shortestLength)
            certainPlay = latest <= surelyEnds ? latest...surelyEnds : nil
        } else {
            basis = .fanDay
            opens = Self.instant(day: day, localSeconds: rules.fanDayStart, timeline: timeline)
            closes = Self.instant(day: day + 1, localSeconds: rules.fanDayStart, timeline: timeline)
            play = nil
            certainPlay = nil
        }
    }

    /// The instant of a venue-local wall-clock time on a day (days since 1970).
    static func instant(day: Int, localSeconds: Double, timeline: OffsetTimeline) -> Double {
        let wallClock = Double(day) * 86_400 + localSeconds
        return wallClock - Double(timeline.offset(atWallClock: wallClock))
    }
}
