import Catalog
import Evidence
import Foundation
import PhotoMetadata
import TimeAndPlace
import VisitStore

/// One visit as `visits show` prints it and its page shows it: the game as it was called that day, when it started,
/// the final and where it came from, its moments, the fan's seat and notes, the photos on the venue's clock, and the
/// corrections made to it — built once, in the same words for both.
public struct VisitSheet: Sendable {
    /// A photo of the visit.
    public struct Photo: Hashable, Sendable {
        /// Its content hash (its thumbnail and preview are found by it).
        public var sha256: String
        /// Where it was imported from, as the file system has it (to check it is still there).
        public var originalPath: String
        /// The path, safe to show (``ShownText``).
        public var path: String
        /// Whether a thumbnail is kept for it.
        public var hasThumbnail: Bool
        /// When it was taken on the venue's clock ("2015-06-15 20:50:12"); nil without a time.
        public var taken: String?
    }

    /// A correction made to the visit.
    public struct Change: Hashable, Sendable {
        /// When, in ISO 8601 UTC (`2026-12-06T04:33:21Z`).
        public var madeAt: String
        /// What it did, in words.
        public var summary: String
        /// Whether it was taken back since.
        public var undone: Bool
    }

    /// The visit, as stored.
    public var visit: StadiumVisit
    /// "Los Angeles Dodgers at New York Mets (game 1)", or "A tour" for a visit without a game.
    public var matchup: String
    /// "19:10 local time (UTC-04:00)", when the catalog knows the game's start.
    public var start: String?
    /// "Los Angeles Dodgers 0, New York Mets 4", when the visit has a final.
    public var score: String?
    /// Where the final came from: "from the bundled game index", "from mlb-statsapi", "entered by you".
    public var scoreSource: String?
    /// The official final a score typed by hand would replace (the index's or a provider's), when it has one.
    public var officialScore: String?
    /// What the game proves happened in it (``StadiumVisit/moments(in:)``), safe to show.
    public var moments: [String]
    /// Who was on the field, when the catalog names them.
    public var onTheField: OnTheField?
    /// The fan's seat, safe to show.
    public var seat: String?
    /// The fan's notes, safe to show.
    public var notes: String?
    /// The photos, in the order they were taken.
    public var photos: [Photo]
    /// What else shows the fan was there: check-ins, place visits, tickets, stays in tracks, in order of time.
    public var evidence: [Evidence] = []
    /// The corrections, oldest first.
    public var corrections: [Change]

    /// Where a visit's final came from, in words.
    static func source(of visit: StadiumVisit) -> String {
        switch visit.scoreSource {
        case .app?: "from the bundled game index"
        case .api?, .scraped?: "from \(visit.scoreProvider ?? "a score provider")"
        case .user?: "entered by you"
        case nil: "source unknown"
        }
    }
}

extension VisitSheet {
    /// One piece of evidence, as the fan reads it.
    public struct Evidence: Hashable, Sendable {
        /// The record, as kept.
        public var record: VisitEvidence
        /// What it is, in words ("a check-in at Fenway Park").
        public var what: String
        /// When, on the venue's clock ("2015-06-15 19:02 to 22:41").
        public var when: String
        /// How far from the venue ("40 m from Fenway Park"), when known.
        public var distance: String?
        /// The file it came from, safe to show.
        public var source: String

        init(_ record: VisitEvidence, catalog: Catalog, venueName: String) {
            self.record = record
            let kind = EvidenceKind(rawValue: record.kind)
            let named = record.detail.map { " (\(ShownText.safe($0)))" } ?? ""
            what =
                (kind.map { $0 == .calendar ? "A calendar event" : $0.words.prefix(1).uppercased() + $0.words.dropFirst() } ?? record.kind)
                + named
            let clock = { (date: Date) in
                LocalDateTime(instant: date, in: catalog.venue(id: record.venueId).flatMap { TimeZone(identifier: $0.timeZone) } ?? .gmt)
            }
            let start = clock(record.at)
            let end = record.until.flatMap(clock)
            when =
                (start.map { "\($0.date.iso8601) \($0.hourAndMinute)" } ?? UTCTimestamp.string(record.at))
                + (end.map { " to \($0.hourAndMinute)" } ?? "")
            distance = record.distanceMeters.map { "\(Int($0.rounded())) m from \(venueName)" }
            source = ShownText.safe(record.source)
        }
    }
}

extension VisitEditor {
    /// The visit `typed` names (its id or a unique start of it), as every front end shows it.
    public func sheet(of typed: String) throws -> VisitSheet {
        let (visit, photos, history) = try details(of: typed)
        let game = visit.gameId.flatMap(catalog.game(id:))
        return VisitSheet(
            visit: visit, matchup: visit.matchup.prefix(1).uppercased() + visit.matchup.dropFirst(),
            start: game.flatMap(catalog.localStart(of:)).map { "\($0.time) local time (UTC\($0.offset))" },
            score: visit.spokenScore, scoreSource: visit.finalScore == nil ? nil : VisitSheet.source(of: visit),
            officialScore: try officialScore(ofVisit: visit.id), moments: visit.moments(in: catalog).map { ShownText.safe($0.text) },
            onTheField: visit.onTheField(in: catalog),
            seat: visit.seat.map(ShownText.safe), notes: visit.notes.map(ShownText.safe),
            photos: photos.map { photo in
                VisitSheet.Photo(
                    sha256: photo.sha256, originalPath: photo.originalPath, path: ShownText.safe(photo.originalPath),
                    hasThumbnail: photo.thumbnailFile != nil,
                    taken: photo.captureLocal.map {
                        catalog.wallClock(at: visit.venueId, of: $0, offset: photo.utcOffset).readable
                            + (photo.clockCorrection.map { " (camera clock \(CameraOffset.text($0)))" } ?? "")
                    })
            },
            evidence: try library.evidence(ofVisit: visit.id).map { VisitSheet.Evidence($0, catalog: catalog, venueName: visit.venueName) },
            corrections: history.map {
                VisitSheet.Change(madeAt: UTCTimestamp.string($0.madeAt), summary: ShownText.safe($0.summary), undone: $0.undoneAt != nil)
            })
    }
}

/// A visit as `visits show --format json` writes it: the visit's keys and `moments`, as `visits --format json` has
/// them, and beside them `lineup` (``GameLineup``) when the catalog names who was on the field.
public struct ShownVisit: Encodable, Sendable {
    /// The visit and its moments.
    public let visit: VisitAndMoments
    /// Who was on the field.
    public let lineup: GameLineup?

    /// The sheet's visit, moments, evidence and lineup.
    public init(_ sheet: VisitSheet, catalog: Catalog) {
        visit = VisitAndMoments(sheet.visit, catalog: catalog, evidence: sheet.evidence.map(\.record))
        lineup = sheet.onTheField?.lineup
    }

    private enum Keys: String, CodingKey { case lineup }

    /// The visit's own keys (with its moments and evidence), then `lineup` beside them.
    public func encode(to encoder: any Encoder) throws {
        try visit.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encodeIfPresent(lineup, forKey: .lineup)
    }
}
