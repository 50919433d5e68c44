import Catalog
import PhotoMetadata
import TimeAndPlace
import VisitStore

/// One moment waiting for the fan — the pending photos of one venue and fan day — as `confirm` asks about it and the
/// confirm page shows it: built once here, so the terminal and the browser name the same place, times, reason and
/// candidates in the same words.
public struct PendingMoment: Hashable, Sendable {
    /// A photo of the moment.
    public struct Photo: Hashable, Sendable {
        /// The pending match's id (what `confirm ID` takes).
        public var pendingId: String
        /// The photo's content hash (its thumbnail and preview are found by it).
        public var sha256: String
        /// The path it was imported from, as the file system has it (to open it).
        public var originalPath: String
        /// The path, safe to show (``ShownText``).
        public var path: String
        /// Whether a thumbnail is kept for it.
        public var hasThumbnail: Bool
        /// When it was taken, on the venue's clock when its offset is known ("2015-06-15 20:50"), else as the camera read
        /// it; "no time" without one.
        public var taken: String
        /// "20:50", when it has a time.
        public var hourAndMinute: String?
    }

    /// The moment's pending photos, in capture order, with the facts a decision is made on.
    public var group: MatchConfirmer.Group
    /// Its photos, as shown.
    public var photos: [Photo]
    /// Where: the venue's name on the day ("SBC Park" in 2004), or "an unknown place".
    public var place: String
    /// The fan day, when the photos have a date.
    public var day: LocalDate?
    /// "15:00–16:30" (or "15:00" for one time), on the venue's clock; nil when no photo has a time.
    public var hours: String?
    /// Why it waits for the fan (nil: several games, or one the import is not sure of).
    public var reason: PendingReason?
    /// Why it waits, in words (``MatchWords/reason(of:)``), safe to show.
    public var why: String
    /// The candidate games, best first, numbered from 1 as the fan chooses them.
    public var candidates: [GameChoice]
    /// Whether it can be a tour: it has a venue and a day.
    public var canTour: Bool

    /// "2 photos at Citi Field, 2010-04-27 (taken 15:00–16:30, local time)": stored, as pages read values by
    /// reflection, which sees stored properties only.
    public var headline: String

    /// The headline of `count` photos at `place` on `day`, taken in `hours`.
    static func headline(_ count: Int, at place: String, on day: LocalDate?, hours: String?) -> String {
        "\(count == 1 ? "1 photo" : "\(count) photos") at \(place), \(day?.iso8601 ?? "unknown day")"
            + (hours.map { " (taken \($0), local time)" } ?? "")
    }
}

extension MatchConfirmer {
    /// The moments of these pending matches (``groups(_:)``), as every front end shows them.
    public func moments(_ pending: [PendingMatch]) -> [PendingMoment] {
        let words = MatchWords(catalog: catalog)
        return groups(pending).map { group in
            let first = group.photos[0]
            let venue = group.venueId.flatMap(catalog.venue(id:))
            let clock = group.photos.map { photo in
                photo.captureLocal.map { catalog.wallClock(at: venue?.id, of: $0, offset: photo.utcOffset) }
            }
            let hours = clock.compactMap { $0?.hourAndMinute }
            let place =
                venue.map { venue in (group.fanDay ?? first.localDate).map(venue.name(on:)) ?? venue.currentName } ?? "an unknown place"
            let span = hours.first.map { $0 + (hours.count > 1 && hours.last != $0 ? "–" + hours.last! : "") }
            let day = group.fanDay ?? first.localDate
            return PendingMoment(
                group: group,
                photos: zip(group.photos, clock).map { photo, time in
                    PendingMoment.Photo(
                        pendingId: photo.id, sha256: photo.sha256, originalPath: photo.originalPath,
                        path: ShownText.safe(photo.originalPath), hasThumbnail: photo.thumbnailFile != nil,
                        taken: time.map { "\($0.date.iso8601) \($0.hourAndMinute)" } ?? "no time", hourAndMinute: time?.hourAndMinute)
                },
                place: place, day: day, hours: span,
                reason: first.reason, why: ShownText.safe(words.reason(of: first)),
                candidates: candidates(of: group).map { candidate in
                    GameChoice(
                        candidate.game, distanceMeters: candidate.distanceMeters, fit: words.fit(of: candidate.game, to: first),
                        catalog: catalog, library: library)
                },
                canTour: venue != nil && day != nil,
                headline: PendingMoment.headline(group.photos.count, at: place, on: day, hours: span))
        }
    }
}
