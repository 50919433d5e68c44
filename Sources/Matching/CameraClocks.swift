import Catalog
import Foundation
import PhotoMetadata
import TimeAndPlace

/// A camera whose clock was off, set right by the fan's phone beside it at a game.
///
/// A camera without GPS knows neither where it was nor, often, the right time: a clock left on winter time, or on home
/// time on a trip. When the fan took a photo with it and one with a phone at the same moment, the difference of the
/// two clocks is the camera's error. Only whole hours are set right — the errors of zones and daylight saving; drift
/// of a minute or two is left — and only when the photos prove it. A pair is a photo of the camera's session, its clock
/// moved by some hours, within ``MatchingRules/sameMoment`` of a photo another camera took at a matched game with a
/// clock that knows its zone (an offset tag or the GPS clock). Photos a few minutes apart pair by chance at some
/// number of hours one time in fifteen — even seconds apart, one outing in twenty of a few photos each — so one pair
/// proves nothing: two pairs of other photos must agree to the minute (the fan shot with both twice), and any pair at
/// another number of hours, chance or not, leaves the clock as it is. A session already set right by `--camera-offset`
/// is left to it.
enum CameraClocks {
    /// Moves the clock of each session of unplaced photos (no position, no zone — or placed on a track by that clock
    /// alone) that pairs prove wrong, recording the correction (``PhotoMatch/clockCorrection``) and the photo that
    /// proved it (``PhotoMatch/clockSetBy``). A photo a track placed by the wrong clock loses that place.
    static func align(_ matches: inout [PhotoMatch], rules: MatchingRules, catalog: Catalog) {
        let anchors = matches.compactMap { Anchor($0, catalog: catalog) }.sorted { $0.seconds < $1.seconds }
        guard !anchors.isEmpty else { return }
        let unplaced = matches.indices.filter { index in
            let photo = matches[index]
            let loose = photo.status == .unmatched && photo.reason == .missingLocation && photo.capture?.utcOffset == nil
            return (loose || photo.isPlacedByCameraClock) && photo.clockCorrection == nil && photo.camera != nil
        }
        for (camera, indexes) in Dictionary(grouping: unplaced, by: { matches[$0].camera! }) {
            let others = anchors.filter { $0.camera != camera }
            for session in PhotoSessions.sessions(of: indexes, in: matches, gap: rules.sessionGap) {
                let found = session.flatMap { index in pairs(of: matches[index], with: others, rules: rules).map { (index, $0) } }
                guard let best = found.map(\.1).min(by: { ($0.apart, $0.anchor.path) < ($1.apart, $1.anchor.path) }), best.hours != 0,
                    found.allSatisfy({ $0.1.hours == best.hours }), Self.proves(found)
                else { continue }
                for index in session {
                    if matches[index].locationOrigin == .gpsTrack { matches[index] = matches[index].withoutPlace }
                    guard let local = matches[index].capture?.local.adding(seconds: best.hours * 3_600) else { continue }
                    matches[index].capture?.local = local
                    matches[index].clockCorrection = best.hours * 3_600
                    matches[index].clockSetBy = best.anchor.path
                }
            }
        }
    }

    /// Whether pairs (all at one number of hours) prove it: two pairs of different photos, on both sides, whose clocks
    /// differ alike to the minute.
    static func proves(_ pairs: [(photo: Int, pair: Pair)]) -> Bool {
        pairs.contains { one in
            pairs.contains { other in
                one.photo != other.photo && one.pair.anchor.path != other.pair.anchor.path
                    && abs(one.pair.difference - other.pair.difference) <= 60
            }
        }
    }

    /// A photo matched to a game whose clock knows its zone, its moment read on the venue's wall clock. A zone that is
    /// not the venue's then (a GPS clock an hour stale) says the clock is not to be trusted.
    struct Anchor {
        var path: String
        var camera: String?
        var seconds: TimeInterval

        init?(_ photo: PhotoMatch, catalog: Catalog) {
            guard photo.status == .matched, photo.clockCorrection == nil, let game = photo.game, let capture = photo.capture,
                capture.source == .offsetTimeOriginal || capture.source == .gpsClock, let instant = capture.instant,
                let zone = catalog.venue(id: game.venueId).flatMap({ TimeZone(identifier: $0.timeZone) }),
                zone.secondsFromGMT(for: instant) == capture.utcOffset?.seconds, let local = LocalDateTime(instant: instant, in: zone)
            else { return nil }
            (path, camera, seconds) = (photo.path, photo.camera, local.wallClockSeconds)
        }
    }

    /// A photo of the camera and an anchor at the same moment once the camera's clock is moved by `hours`.
    struct Pair {
        var hours: Int
        /// How far apart they are then.
        var apart: TimeInterval
        var anchor: Anchor
        /// The anchor's clock less the photo's.
        var difference: TimeInterval
    }

    /// The anchors `photo` is at the same moment as, for some whole number of hours within
    /// ``MatchingRules/largestClockError``.
    static func pairs(of photo: PhotoMatch, with anchors: [Anchor], rules: MatchingRules) -> [Pair] {
        guard let seconds = photo.capture?.local.wallClockSeconds else { return [] }
        let reach = rules.largestClockError + rules.sameMoment
        var low = 0
        var high = anchors.count
        while low < high {
            let middle = (low + high) / 2
            if anchors[middle].seconds < seconds - reach { low = middle + 1 } else { high = middle }
        }
        return anchors[low...].prefix { $0.seconds <= seconds + reach }.compactMap { anchor in
            let hours = ((anchor.seconds - seconds) / 3_600).rounded()
            let apart = abs(anchor.seconds - seconds - hours * 3_600)
            return apart <= rules.sameMoment
                ? Pair(hours: Int(hours), apart: apart, anchor: anchor, difference: anchor.seconds - seconds) : nil
        }
    }
}

extension PhotoMatch {
    /// This photo as matching takes one without a position: what a photo placed on a track by a clock since proved
    /// wrong really is.
    var withoutPlace: PhotoMatch {
        var photo = PhotoMatch(
            path: path, status: .unmatched,
            capture: capture.map { CaptureTime(local: $0.local, utcOffset: nil, source: .unresolved, clockTag: $0.clockTag) },
            location: nil, spatial: .none, confidence: .manualOnly, candidates: [], camera: camera,
            clockCorrection: clockCorrection, captureOrigin: captureOrigin, locationOrigin: nil)
        photo.reason = .missingLocation
        return photo
    }
}
