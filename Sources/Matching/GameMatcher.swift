import Catalog
import Foundation
import PhotoMetadata
import TimeAndPlace

/// Decides which game a photo shows — deterministically, and never by guessing.
///
/// A photo belongs to its *fan day* (from 05:00 to 05:00 at the venue: a photo at 00:25 is about the evening before).
/// Each game near it has a *window* (``GameWindow``): from 3 h before a known start to 6 h after it (or to the end of
/// play and the walk out, when the length is known); for a game known only as a day or night game, the documented
/// range of such starts; for a game with no time at all, its whole fan day. A photo is `matched` only when exactly one
/// game's window holds it at a venue within the high radius — several games of one day at one venue are told apart
/// by their play, and in a downtown cluster the nearest venue wins only when every other venue with a game then is
/// more than four times as far. Everything else goes to the user, the games whose windows hold the photo first.
/// See docs/REPORT.md for every rule.
public struct GameMatcher: Sendable {
    /// The venues and games photos are matched against.
    public let catalog: Catalog
    /// The radii, windows and other thresholds every decision uses.
    public let rules: MatchingRules
    /// Only games of this league, when the user knows.
    public let league: LeagueID?
    private let proximity: StadiumProximityMatcher
    /// Each venue zone's UTC offsets, worked out when a photo first needs them.
    let timelines = OffsetTimelines()

    /// Prepares a matcher; `league` limits the candidates to one league (`--league`).
    public init(catalog: Catalog, rules: MatchingRules = MatchingRules(), league: LeagueID? = nil) {
        self.catalog = catalog
        self.rules = rules
        self.league = league
        proximity = StadiumProximityMatcher(catalog: catalog, rules: rules)
    }

    /// The UTC offsets of the zone a venue (by position) is in.
    private func timeline(at venue: Int) -> OffsetTimeline {
        timelines.timeline(forZone: catalog.venues[venue].timeZone)
    }

    /// Matches one photo, given what reading it produced.
    public func match(path: String, metadata result: Result<PhotoMetadata, PhotoMetadataError>) -> PhotoMatch {
        let metadata: PhotoMetadata
        switch result {
        case .success(let value): metadata = value
        case .failure(let error):
            return PhotoMatch(
                path: path, status: .error, spatial: .none, confidence: .manualOnly, candidates: [],
                reason: error.isUnsupportedFormat ? .unsupportedFormat : .unreadable,
                readError: error)
        }
        var match = PhotoMatch(
            path: path, status: .unmatched, capture: metadata.capture, location: metadata.location,
            spatial: .none, confidence: .manualOnly, candidates: [], camera: metadata.cameraBody,
            clockCorrection: metadata.clockCorrection, captureOrigin: metadata.captureOrigin,
            locationOrigin: metadata.locationOrigin)
        guard let location = metadata.location else {
            match.reason = .missingLocation
            return match
        }
        let nearby = proximity.nearby(location, on: metadata.capture?.local.date)
        guard let nearest = nearby.first else {
            match.reason = .noVenueNearby
            return match
        }
        guard let capture = metadata.capture else {
            match.reason = .missingDate
            report(nearest, on: nil, in: &match)
            return match
        }
        var scored: [Scored] = []
        for venue in nearby { score(at: venue, capture: capture, into: &scored) }
        scored.sort(by: Self.isBetter)
        guard let best = scored.first else {
            match.reason = .noGamesOnDate
            match.capture = capture.resolved(in: timeline(at: nearest.index))
            report(nearest, on: localDay(of: capture, at: nearest.index), in: &match)
            return match
        }
        let decision = decide(scored)
        let shown = decision.game ?? best
        match.capture = capture.resolved(in: timeline(at: shown.venue.index))
        report(shown.venue, on: localDay(of: capture, at: shown.venue.index), in: &match)
        match.temporal = shown.temporal
        match.confidence = shown.confidence
        match.timeRule = decision.rule
        match.afterMidnight = shown.afterMidnight
        if let game = decision.game {
            match.status = .matched
            match.game = catalog.game(game.facts.reference)
            match.gameOfDay = decision.numberOfDay
        } else {
            // A question only when a game's window holds the photo near enough to ask; else it is near a game, listed
            // with it but not asked (a fan who lives by a park would drown in questions about the mornings there).
            if decision.rule.asksTheFan {
                match.status = .needsConfirmation
            } else {
                match.reason = .lowConfidence
            }
            match.candidates = scored.map { $0.candidate(in: catalog) }
        }
        return match
    }

    private typealias Nearby = (index: Int, distance: Double, spatial: SpatialConfidence)

    /// A game near the photo with its scores; the `Game` value is made only if the report needs it.
    private struct Scored {
        let facts: GameFacts
        let venue: Nearby
        let window: GameWindow
        let temporal: TemporalConfidence
        let confidence: MatchConfidence
        /// The game's window holds the photo.
        let inWindow: Bool
        /// The photo falls within the game's play for some start the catalog allows.
        let duringPlay: Bool
        /// The photo falls within the game's play for every start the catalog allows.
        let certainlyDuringPlay: Bool
        let secondsFromStart: Double?
        /// The photo was taken after midnight and belongs to the evening before.
        let afterMidnight: Bool

        func candidate(in catalog: Catalog) -> GameCandidate {
            GameCandidate(
                game: catalog.game(facts.reference), distanceMeters: venue.distance, spatial: venue.spatial,
                temporal: temporal, confidence: confidence, duringGame: inWindow, secondsFromStart: secondsFromStart,
                window: window.basis)
        }
    }

    /// Games at one nearby venue from the fan day before to the fan day after the photo's, scored.
    private func score(at venue: Nearby, capture: CaptureTime, into scored: inout [Scored]) {
        let timeline = timeline(at: venue.index)
        let instant = capture.resolved(in: timeline).instant!.timeIntervalSince1970
        let fanDay = dayNumber(atInstant: instant - rules.fanDayStart, venue: venue.index)
        let afterMidnight = fanDay != dayNumber(atInstant: instant, venue: venue.index)
        for facts in catalog.gameFacts(atVenue: venue.index, from: fanDay - 1, through: fanDay + 1, league: league) {
            let window = GameWindow(facts, timeline: timeline, rules: rules)
            let inWindow = window.holds(instant)
            let difference = abs(facts.day - fanDay)
            let temporal: TemporalConfidence =
                inWindow || difference == 0
                ? .exactDay
                : difference == 1 ? .adjacentDay : .outOfRange
            // On the game's day but outside a window the catalog knows (a tour, a tailgate, another event): at most
            // a question for the user, never an automatic match.
            var confidence = MatchConfidence(spatial: venue.spatial, temporal: temporal)
            if confidence == .autoSelect && !inWindow { confidence = .userConfirm }
            scored.append(
                Scored(
                    facts: facts, venue: venue, window: window, temporal: temporal, confidence: confidence,
                    inWindow: inWindow, duringPlay: window.isDuringPlay(instant),
                    certainlyDuringPlay: window.isCertainlyDuringPlay(instant),
                    secondsFromStart: facts.start.map { abs(instant - Double($0)) },
                    afterMidnight: afterMidnight))
        }
    }

    /// The rules that settle a photo, in order; a game only when they leave exactly one.
    private func decide(_ scored: [Scored]) -> (game: Scored?, rule: TimeRule, numberOfDay: GameOfDay?) {
        let held = scored.filter { $0.inWindow && $0.confidence != .manualOnly }
        guard let nearest = held.min(by: { $0.venue.distance < $1.venue.distance }) else {
            let outside = scored.contains { $0.temporal == .exactDay && $0.window.basis != .fanDay }
            return (nil, outside ? .outsideWindow : .noGameAtThatTime, nil)
        }
        let atNearest = held.filter { $0.venue.index == nearest.venue.index }
        let elsewhere = held.filter { $0.venue.index != nearest.venue.index }
        guard nearest.venue.spatial == .high,
            elsewhere.allSatisfy({ $0.venue.distance > rules.clusterFactor * nearest.venue.distance })
        else {
            return (nil, .venuesTooClose, nil)
        }
        let cluster = !elsewhere.isEmpty
        if atNearest.count == 1 {
            let game = atNearest[0]
            return (game, cluster ? .nearestVenue : game.window.basis == .fanDay ? .onlyGameOfFanDay : .duringGame, nil)
        }
        // Several games at one venue that day (a doubleheader, two tenants, a tournament): only play tells them apart,
        // and only when it is certain — the photo inside one game's play for every start the catalog allows, and
        // inside no other's for any — else it may be between the games, after one or before the next: the fan says.
        let certain = atNearest.filter(\.certainlyDuringPlay)
        guard certain.count == 1, let game = certain.first,
            atNearest.allSatisfy({ $0.facts.reference == game.facts.reference || !$0.duringPlay })
        else { return (nil, .severalGamesThen, nil) }
        let ordered = atNearest.sorted {
            ($0.window.play?.lowerBound ?? 0, $0.facts.reference.index)
                < ($1.window.play?.lowerBound ?? 0, $1.facts.reference.index)
        }
        let number = (ordered.firstIndex { $0.facts.reference == game.facts.reference } ?? 0) + 1
        return (game, .duringOneOfSeveral, GameOfDay(number: number, count: atNearest.count))
    }

    /// The photo's calendar day at a nearby venue: its instant in the venue's zone, or its wall clock read as venue
    /// time. The one rule for "which day was it there" (the games asked of providers for uncovered days use it too).
    public func localDay(of capture: CaptureTime, at nearby: StadiumProximityMatcher.Nearby) -> LocalDate {
        localDay(of: capture, at: nearby.index)
    }

    private func localDay(of capture: CaptureTime, at venue: Int) -> LocalDate {
        guard let instant = capture.instant?.timeIntervalSince1970 else { return capture.local.date }
        return LocalDate(daysSinceEpoch: dayNumber(atInstant: instant, venue: venue))
    }

    /// Days since 1970 of the venue-local date at an instant.
    private func dayNumber(atInstant instant: Double, venue: Int) -> Int {
        Int(((instant + Double(timeline(at: venue).offset(atInstant: instant))) / 86_400).rounded(.down))
    }

    private func report(_ nearby: Nearby, on day: LocalDate?, in match: inout PhotoMatch) {
        let venue = catalog.venues[nearby.index]
        match.venue = VenueHit(
            id: venue.id, name: day.map(venue.name(on:)) ?? venue.currentName,
            currentName: venue.currentName, distanceMeters: nearby.distance)
        match.spatial = nearby.spatial
    }

    /// Best first: surer confidence, inside the game's window, during its play, same day, nearer venue, nearer start
    /// time, then by position.
    private static func isBetter(_ a: Scored, _ b: Scored) -> Bool {
        if a.confidence != b.confidence { return a.confidence < b.confidence }
        if a.inWindow != b.inWindow { return a.inWindow }
        if a.duringPlay != b.duringPlay { return a.duringPlay }
        if a.temporal != b.temporal { return a.temporal < b.temporal }
        if a.venue.distance != b.venue.distance { return a.venue.distance < b.venue.distance }
        if a.secondsFromStart != b.secondsFromStart {
            return (a.secondsFromStart ?? .infinity) < (b.secondsFromStart ?? .infinity)
        }
        if a.facts.day != b.facts.day { return a.facts.day < b.facts.day }
        return a.facts.reference < b.facts.reference
    }
}
