import Catalog
import Foundation
import TimeAndPlace

/// Photos one camera took close together belong to one outing. A confident match in an outing is evidence for its
/// photos without a position — but only evidence: they become suggestions for the user, never matches.
enum PhotoSessions {
    /// Turns `missingLocation` photos of a session with exactly one matched game into `needsConfirmation`.
    static func suggest(in matches: inout [PhotoMatch], rules: MatchingRules, catalog: Catalog) {
        let dated = matches.indices.filter { matches[$0].capture != nil && matches[$0].status != .error }
        for (_, indexes) in Dictionary(grouping: dated, by: { matches[$0].camera ?? "" }) {
            for session in sessions(of: indexes, in: matches, gap: rules.sessionGap) {
                suggest(session: session, in: &matches, catalog: catalog)
            }
        }
        CameraClocks.align(&matches, rules: rules, catalog: catalog)
        suggestAcrossCameras(in: &matches, rules: rules, catalog: catalog)
    }

    /// The photos at `indexes` (dated, of one camera) in clock order, cut where two are more than `gap` apart.
    static func sessions(of indexes: [Int], in matches: [PhotoMatch], gap: TimeInterval) -> [[Int]] {
        var sessions: [[Int]] = []
        var last: TimeInterval = -.infinity
        for index in indexes.sorted(by: { matches[$0].capture!.local < matches[$1].capture!.local }) {
            let seconds = matches[index].capture!.local.wallClockSeconds
            if sessions.isEmpty || seconds - last > gap { sessions.append([]) }
            sessions[sessions.count - 1].append(index)
            last = seconds
        }
        return sessions
    }

    /// A second camera at the same outing (a DSLR beside the phone): a photo from a camera that records neither a
    /// position nor a zone is suggested the one game other cameras' photos were matched to within
    /// ``MatchingRules/sessionGap`` of it, its clock read as the venue's local time (cameras are set to the time where
    /// they are, or were set right by ``CameraClocks``) — and the suggestion says so (``PhotoMatch/fromAnotherCamera``). Several games near it leave it
    /// alone; a photo that knows its zone but not its place (a phone with location off, a picture a friend sent) is
    /// not taken for part of the outing.
    private static func suggestAcrossCameras(in matches: inout [PhotoMatch], rules: MatchingRules, catalog: Catalog) {
        let matched = matches.filter { $0.status == .matched && $0.game != nil && $0.capture != nil }
        guard !matched.isEmpty else { return }
        for index in matches.indices where matches[index].reason == .missingLocation && matches[index].status == .unmatched {
            guard let capture = matches[index].capture, capture.utcOffset == nil, let camera = matches[index].camera else { continue }
            let games = Set(
                matched.filter { other in
                    guard other.camera != camera, let theirs = other.capture else { return false }
                    return abs(capture.local.wallClockSeconds - theirs.local.wallClockSeconds) <= rules.sessionGap
                }.compactMap(\.game))
            guard games.count == 1 else { continue }
            suggest(session: [index], in: &matches, catalog: catalog, game: games.first!)
            matches[index].fromAnotherCamera = true
        }
    }

    private static func suggest(session: [Int], in matches: inout [PhotoMatch], catalog: Catalog, game only: Game? = nil) {
        let games = only.map { Set([$0]) } ?? Set(session.compactMap { matches[$0].status == .matched ? matches[$0].game : nil })
        guard games.count == 1, let game = games.first, let venue = catalog.venue(id: game.venueId) else { return }
        for index in session where matches[index].reason == .missingLocation {
            let day = matches[index].capture!.local.date
            let difference = abs(day.daysSinceEpoch - game.localDate.daysSinceEpoch)
            let temporal: TemporalConfidence = difference == 0 ? .exactDay : difference == 1 ? .adjacentDay : .outOfRange
            matches[index].status = .needsConfirmation
            matches[index].venue = VenueHit(
                id: venue.id, name: venue.name(on: day), currentName: venue.currentName,
                distanceMeters: nil)
            matches[index].temporal = temporal
            matches[index].confidence = MatchConfidence(spatial: .none, temporal: temporal)
            matches[index].candidates = [
                GameCandidate(
                    game: game, distanceMeters: nil, spatial: .none, temporal: temporal,
                    confidence: matches[index].confidence, duringGame: false)
            ]
            if let zone = TimeZone(identifier: venue.timeZone) {
                matches[index].capture = matches[index].capture?.resolved(in: zone)
            }
        }
    }
}
