import Catalog
import Evidence
import Foundation
import Matching
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

    /// A question about evidence of the moment (a short stay, a calendar's teams and day).
    public struct Evidence: Hashable, Sendable {
        /// The pending match's id (what `confirm ID` takes).
        public var pendingId: String
        /// What it is ("A check-in (Fenway Park)").
        public var what: String
        /// When, on the venue's clock ("2015-06-15 19:02 to 19:20"), or the day.
        public var when: String
        /// The file it came from, safe to show.
        public var source: String
    }

    /// The moment's pending photos, in capture order, with the facts a decision is made on.
    public var group: MatchConfirmer.Group
    /// Its photos, as shown.
    public var photos: [Photo]
    /// Its questions about evidence, as shown.
    public var evidence: [Evidence]
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

    /// "3 photos and 1 piece of evidence": what pending matches ask about.
    public static func count(_ pending: [PendingMatch]) -> String {
        let evidence = pending.filter { $0.evidence != nil }.count
        return MatchConfirmer.count(pending.count - evidence, evidence: evidence)
    }

    /// The headline of `count` photos and `evidence` pieces of evidence at `place` on `day`, taken in `hours`.
    static func headline(_ count: Int, evidence: Int = 0, at place: String, on day: LocalDate?, hours: String?) -> String {
        MatchConfirmer.count(count, evidence: evidence) + " at \(place), \(day?.iso8601 ?? "unknown day")"
            + (hours.map { " (\(count > 0 ? "taken " : "")\($0), local time)" } ?? "")
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
            let photos = zip(group.photos, clock).filter { $0.0.evidence == nil }
            return PendingMoment(
                group: group,
                photos: photos.map { photo, time in
                    PendingMoment.Photo(
                        pendingId: photo.id, sha256: photo.sha256, originalPath: photo.originalPath,
                        path: ShownText.safe(photo.originalPath), hasThumbnail: photo.thumbnailFile != nil,
                        taken: (time.map { "\($0.date.iso8601) \($0.hourAndMinute)" } ?? "no time")
                            + (photo.clockCorrection.map { " (camera clock \(CameraOffset.text($0)))" } ?? ""),
                        hourAndMinute: time?.hourAndMinute)
                },
                evidence: zip(group.photos, clock).compactMap { pending, time in
                    pending.evidence.map { evidence in
                        let kind = EvidenceKind(rawValue: evidence.kind)
                        let until = evidence.until.flatMap { until in
                            pending.utcOffset.flatMap { LocalDateTime(instant: until, offset: $0) }
                        }
                        return PendingMoment.Evidence(
                            pendingId: pending.id,
                            what: (kind.map {
                                $0 == .calendar ? "A calendar event" : $0.words.prefix(1).uppercased() + $0.words.dropFirst()
                            }
                                ?? evidence.kind) + (evidence.detail.map { " (\(ShownText.safe($0)))" } ?? ""),
                            when: time.map { time in
                                pending.utcOffset == nil
                                    ? time.date.iso8601
                                    : "\(time.date.iso8601) \(time.hourAndMinute)" + (until.map { " to \($0.hourAndMinute)" } ?? "")
                            } ?? "",
                            source: ShownText.safe(pending.originalPath))
                    }
                },
                place: place, day: day, hours: span,
                reason: first.reason,
                why: ShownText.safe(
                    first.evidence.flatMap { EvidenceReason(rawValue: $0.why)?.words } ?? words.reason(of: first)),
                candidates: candidates(of: group).map { candidate in
                    GameChoice(
                        candidate.game, distanceMeters: candidate.distanceMeters, fit: words.fit(of: candidate.game, to: first),
                        catalog: catalog, library: library)
                },
                canTour: venue != nil && day != nil,
                headline: PendingMoment.headline(
                    photos.count, evidence: group.photos.count - photos.count, at: place, on: day, hours: span))
        }
    }
}
