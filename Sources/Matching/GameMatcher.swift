import Catalog
import Foundation
import PhotoMetadata
import TimeAndPlace

/// Decides which game a photo shows — deterministically, and never by guessing.
///
/// Exactly one game on the photo's day at a venue in range, with high spatial confidence, is `matched`. A
/// doubleheader, two tenants playing the same day, or games at several venues in range go to the user
/// (`needsConfirmation`, every candidate listed best first). See docs/REPORT.md for every rule.
public struct GameMatcher: Sendable {
    public let catalog: Catalog
    public let rules: MatchingRules
    /// Only games of this sport, when the user knows.
    public let sport: Sport?
    private let proximity: StadiumProximityMatcher
    /// Each venue's UTC offsets, precomputed once (venues sharing a zone share a timeline).
    private let timelines: [OffsetTimeline]

    public init(catalog: Catalog, rules: MatchingRules = MatchingRules(), sport: Sport? = nil) {
        self.catalog = catalog
        self.rules = rules
        self.sport = sport
        proximity = StadiumProximityMatcher(catalog: catalog, rules: rules)
        var byZone: [String: OffsetTimeline] = [:]
        timelines = catalog.venues.map { venue in
            if let timeline = byZone[venue.timeZone] { return timeline }
            let timeline = OffsetTimeline(timeZone: TimeZone(identifier: venue.timeZone) ?? TimeZone(secondsFromGMT: 0)!)
            byZone[venue.timeZone] = timeline
            return timeline
        }
    }

    /// Matches one photo, given what reading it produced.
    public func match(path: String, metadata result: Result<PhotoMetadata, PhotoMetadataError>) -> PhotoMatch {
        let metadata: PhotoMetadata
        switch result {
        case .success(let value): metadata = value
        case .failure(let error):
            return PhotoMatch(path: path, status: .error, spatial: .none, confidence: .manualOnly, candidates: [],
                              reason: error.reportReason == "unsupportedFormat" ? .unsupportedFormat : .unreadable,
                              errorMessage: error.description)
        }
        var match = PhotoMatch(path: path, status: .unmatched, capture: metadata.capture, location: metadata.location,
                               spatial: .none, confidence: .manualOnly, candidates: [], camera: metadata.camera,
                               captureOrigin: metadata.captureOrigin, locationOrigin: metadata.locationOrigin)
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
            match.capture = capture.resolved(in: timelines[nearest.index])
            report(nearest, on: localDay(of: capture, at: nearest.index), in: &match)
            return match
        }
        match.capture = capture.resolved(in: timelines[best.venue.index])
        report(best.venue, on: localDay(of: capture, at: best.venue.index), in: &match)
        match.temporal = best.temporal
        match.confidence = best.confidence
        if best.confidence == .autoSelect && scored.filter({ $0.temporal == .exactDay }).count == 1 {
            match.status = .matched
            match.game = catalog.game(best.facts.reference)
        } else {
            if best.confidence == .manualOnly { match.reason = .lowConfidence } else { match.status = .needsConfirmation }
            match.candidates = scored.map { $0.candidate(in: catalog) }
        }
        return match
    }

    private typealias Nearby = (index: Int, distance: Double, spatial: SpatialConfidence)

    /// A game near the photo with its scores; the `Game` value is made only if the report needs it.
    private struct Scored {
        let facts: GameFacts
        let venue: Nearby
        let temporal: TemporalConfidence
        let confidence: MatchConfidence
        let during: Bool
        let secondsFromStart: Double?

        func candidate(in catalog: Catalog) -> GameCandidate {
            GameCandidate(game: catalog.game(facts.reference), distanceMeters: venue.distance, spatial: venue.spatial,
                          temporal: temporal, confidence: confidence, duringGame: during, secondsFromStart: secondsFromStart)
        }
    }

    /// Games at one nearby venue from the day before to the day after the photo (venue-local), scored.
    private func score(at venue: Nearby, capture: CaptureTime, into scored: inout [Scored]) {
        let instant = capture.resolved(in: timelines[venue.index]).instant!.timeIntervalSince1970
        let day = dayNumber(atInstant: instant, venue: venue.index)
        for facts in catalog.gameFacts(atVenue: venue.index, from: day - 1, through: day + 1, sport: sport) {
                let during = facts.start.map { start in
                    (Double(start) - rules.beforeStart)...(Double(start) + rules.afterStart) ~= instant
                } ?? false
                let difference = abs(facts.day - day)
                let temporal: TemporalConfidence = during || difference == 0 ? .exactDay
                    : difference == 1 ? .adjacentDay : .outOfRange
                scored.append(Scored(facts: facts, venue: venue, temporal: temporal,
                                     confidence: MatchConfidence(spatial: venue.spatial, temporal: temporal),
                                     during: during, secondsFromStart: facts.start.map { abs(instant - Double($0)) }))
        }
    }

    /// The photo's calendar day at a venue: its instant in the venue's zone, or its wall clock read as venue time.
    private func localDay(of capture: CaptureTime, at venue: Int) -> LocalDate {
        guard let instant = capture.instant?.timeIntervalSince1970 else { return capture.local.date }
        return LocalDate(daysSinceEpoch: dayNumber(atInstant: instant, venue: venue))
    }

    /// Days since 1970 of the venue-local date at an instant.
    private func dayNumber(atInstant instant: Double, venue: Int) -> Int {
        Int(((instant + Double(timelines[venue].offset(atInstant: instant))) / 86_400).rounded(.down))
    }

    private func report(_ nearby: Nearby, on day: LocalDate?, in match: inout PhotoMatch) {
        let venue = catalog.venues[nearby.index]
        match.venue = VenueHit(id: venue.id, name: day.map(venue.name(on:)) ?? venue.currentName,
                               currentName: venue.currentName, distanceMeters: nearby.distance)
        match.spatial = nearby.spatial
    }

    /// Best first: surer confidence, during the game, same day, nearer venue, nearer start time, then by position.
    private static func isBetter(_ a: Scored, _ b: Scored) -> Bool {
        if a.confidence != b.confidence { return a.confidence < b.confidence }
        if a.during != b.during { return a.during }
        if a.temporal != b.temporal { return a.temporal < b.temporal }
        if a.venue.distance != b.venue.distance { return a.venue.distance < b.venue.distance }
        if a.secondsFromStart != b.secondsFromStart {
            return (a.secondsFromStart ?? .infinity) < (b.secondsFromStart ?? .infinity)
        }
        if a.facts.day != b.facts.day { return a.facts.day < b.facts.day }
        return (a.facts.reference.sport, a.facts.reference.index) < (b.facts.reference.sport, b.facts.reference.index)
    }
}
