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
    private let timeZones: [TimeZone]

    public init(catalog: Catalog, rules: MatchingRules = MatchingRules(), sport: Sport? = nil) {
        self.catalog = catalog
        self.rules = rules
        self.sport = sport
        proximity = StadiumProximityMatcher(catalog: catalog, rules: rules)
        timeZones = catalog.venues.map { TimeZone(identifier: $0.timeZone) ?? TimeZone(secondsFromGMT: 0)! }
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
                               spatial: .none, confidence: .manualOnly, candidates: [], camera: metadata.camera)
        guard let location = metadata.location else {
            match.reason = .missingLocation
            return match
        }
        let nearby = proximity.venues(near: location, on: metadata.capture?.local.date)
        guard let nearest = nearby.first else {
            match.reason = .noVenueNearby
            return match
        }
        guard let capture = metadata.capture else {
            match.reason = .missingDate
            report(nearest, on: nil, in: &match)
            return match
        }
        let candidates = nearby.flatMap { self.candidates(at: $0, capture: capture) }.sorted(by: Self.isBetter)
        guard let best = candidates.first else {
            match.reason = .noGamesOnDate
            match.capture = capture.resolved(in: timeZones[nearest.index])
            report(nearest, on: localDay(of: capture, at: nearest.index), in: &match)
            return match
        }
        let bestVenue = nearby.first { $0.venue.id == best.game.venueId }!
        match.capture = capture.resolved(in: timeZones[bestVenue.index])
        report(bestVenue, on: localDay(of: capture, at: bestVenue.index), in: &match)
        match.temporal = best.temporal
        match.confidence = best.confidence
        let sameDay = candidates.filter { $0.temporal == .exactDay }
        if best.confidence == .autoSelect && sameDay.count == 1 {
            match.status = .matched
            match.game = best.game
        } else if best.confidence == .manualOnly {
            match.reason = .lowConfidence
            match.candidates = candidates
        } else {
            match.status = .needsConfirmation
            match.candidates = candidates
        }
        return match
    }

    /// Games at one nearby venue from the day before to the day after the photo (venue-local), scored.
    private func candidates(at venue: StadiumProximityMatcher.Nearby, capture: CaptureTime) -> [GameCandidate] {
        let day = localDay(of: capture, at: venue.index)
        let instant = capture.resolved(in: timeZones[venue.index]).instant!.timeIntervalSince1970
        return catalog.gameFacts(atVenue: venue.index, from: day.adding(days: -1), through: day.adding(days: 1), sport: sport)
            .map { facts in
                let during = facts.start.map { start in
                    (Double(start) - rules.beforeStart)...(Double(start) + rules.afterStart) ~= instant
                } ?? false
                let difference = abs(facts.day.daysSinceEpoch - day.daysSinceEpoch)
                let temporal: TemporalConfidence = during || difference == 0 ? .exactDay
                    : difference == 1 ? .adjacentDay : .outOfRange
                return GameCandidate(game: catalog.game(facts.reference), distanceMeters: venue.distance,
                                     spatial: venue.spatial, temporal: temporal,
                                     confidence: MatchConfidence(spatial: venue.spatial, temporal: temporal),
                                     duringGame: during,
                                     secondsFromStart: facts.start.map { abs(instant - Double($0)) })
            }
    }

    /// The photo's calendar day at a venue: its instant in the venue's zone, or its wall clock read as venue time.
    private func localDay(of capture: CaptureTime, at venue: Int) -> LocalDate {
        let zone = timeZones[venue]
        guard let instant = capture.instant,
              let offset = UTCOffset(seconds: zone.secondsFromGMT(for: instant)),
              let local = LocalDateTime(instant: instant, offset: offset)
        else { return capture.local.date }
        return local.date
    }

    private func report(_ venue: StadiumProximityMatcher.Nearby, on day: LocalDate?, in match: inout PhotoMatch) {
        match.venue = VenueHit(id: venue.venue.id, name: day.map(venue.venue.name(on:)) ?? venue.venue.currentName,
                               currentName: venue.venue.currentName, distanceMeters: venue.distance)
        match.spatial = venue.spatial
    }

    /// Best first: surer confidence, during the game, same day, nearer venue, nearer start time, then by id.
    static func isBetter(_ a: GameCandidate, _ b: GameCandidate) -> Bool {
        if a.confidence != b.confidence { return a.confidence < b.confidence }
        if a.duringGame != b.duringGame { return a.duringGame }
        if a.temporal != b.temporal { return a.temporal < b.temporal }
        if a.distanceMeters != b.distanceMeters { return (a.distanceMeters ?? .infinity) < (b.distanceMeters ?? .infinity) }
        if a.secondsFromStart != b.secondsFromStart {
            return (a.secondsFromStart ?? .infinity) < (b.secondsFromStart ?? .infinity)
        }
        return a.game.id < b.game.id
    }
}
