import Catalog
import Foundation
import TimeAndPlace

/// Photos one camera took close together belong to one outing. A confident match in an outing is evidence for its
/// photos without a position — but only evidence: they become suggestions for the user, never matches.
enum PhotoSessions {
    /// Turns `missingLocation` photos of a session with exactly one matched game into `needsConfirmation`; `outing`
    /// holds photos matched elsewhere (another folder of the import) that sessions may span, and is left as it is.
    static func suggest(in matches: inout [PhotoMatch], beside outing: [PhotoMatch] = [], rules: MatchingRules, catalog: Catalog) {
        let count = matches.count
        matches += within(reach(of: matches, rules: rules), outing)
        defer { matches.removeLast(matches.count - count) }
        TrackGeotagger.doubt(&matches)
        let dated = matches.indices.filter { matches[$0].capture != nil && matches[$0].status != .error }
        for (_, indexes) in Dictionary(grouping: dated, by: { matches[$0].camera ?? "" }) {
            for session in sessions(of: indexes, in: matches, gap: rules.sessionGap) {
                suggest(session: session, in: &matches, catalog: catalog)
            }
        }
        CameraClocks.align(&matches, rules: rules, catalog: catalog)
        suggestAcrossCameras(in: &matches, rules: rules, catalog: catalog)
    }

    /// The wall-clock times around the photos without a position (or placed on a track by a camera's clock alone) that
    /// photos matched elsewhere could place: a session's gap either side, and a camera clock's largest error beyond it.
    private static func reach(of matches: [PhotoMatch], rules: MatchingRules) -> [ClosedRange<TimeInterval>] {
        let margin = rules.sessionGap + rules.largestClockError + rules.sameMoment
        return matches.compactMap { photo in
            guard photo.reason == .missingLocation || photo.isPlacedByCameraClock, let seconds = photo.capture?.local.wallClockSeconds
            else { return nil }
            return (seconds - margin)...(seconds + margin)
        }
    }

    /// The photos of `outing` inside any of `ranges`: a batch's sessions never sort the import's every matched photo.
    private static func within(_ ranges: [ClosedRange<TimeInterval>], _ outing: [PhotoMatch]) -> [PhotoMatch] {
        guard !ranges.isEmpty, !outing.isEmpty else { return [] }
        var merged: [ClosedRange<TimeInterval>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = merged.last, range.lowerBound <= last.upperBound {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        return outing.filter { photo in
            guard let seconds = photo.capture?.local.wallClockSeconds else { return false }
            var low = 0
            var high = merged.count
            while low < high {
                let middle = (low + high) / 2
                if merged[middle].upperBound < seconds { low = middle + 1 } else { high = middle }
            }
            return low < merged.count && merged[low].contains(seconds)
        }
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
        let matched = matches.compactMap { photo in
            photo.status == .matched
                ? photo.game.flatMap { game in photo.capture.map { (photo.camera, $0.local.wallClockSeconds, game) } } : nil
        }.sorted { $0.1 < $1.1 }
        guard !matched.isEmpty else { return }
        for index in matches.indices where matches[index].reason == .missingLocation && matches[index].status == .unmatched {
            guard let capture = matches[index].capture, capture.utcOffset == nil, let camera = matches[index].camera else { continue }
            let seconds = capture.local.wallClockSeconds
            var low = 0
            var high = matched.count
            while low < high {
                let middle = (low + high) / 2
                if matched[middle].1 < seconds - rules.sessionGap { low = middle + 1 } else { high = middle }
            }
            let games = Set(matched[low...].prefix { $0.1 <= seconds + rules.sessionGap }.filter { $0.0 != camera }.map(\.2))
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
