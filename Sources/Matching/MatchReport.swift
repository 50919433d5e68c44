import Catalog
import Foundation
import PhotoMetadata
import TimeAndPlace

/// The result of matching a set of photos: each photo's outcome, the visits they would make, and counts.
/// Its JSON form is the contract of docs/REPORT.md.
public struct MatchReport: Sendable {
    /// Each photo's outcome, in the order the photos were given.
    public var photos: [PhotoMatch]
    /// What an import would create: the `matched` photos grouped by game, ordered by date.
    public var visits: [Visit]
    /// How many photos ended in each status.
    public var summary: Summary

    /// A would-be visit: the matched photos of one game.
    public struct Visit: Hashable, Sendable {
        /// The canonical id of the venue (`stadium_mlb_fenway_park`).
        public var venueId: String
        /// The canonical id of the game (`game_mlb_2015_bos_nyy_0615`); the contract allows nil, though matching always
        /// sets it.
        public var gameId: GameID?
        /// The game's date at the venue.
        public var localDate: LocalDate
        /// Paths of the photos matched to the game, in input order.
        public var photos: [String]
    }

    /// How many photos ended in each status: the report's `summary` object.
    public struct Summary: Hashable, Sendable, Codable {
        /// Every photo in the report.
        public var photos = 0
        /// Photos matched to exactly one game.
        public var matched = 0
        /// Photos with candidates for the user to confirm.
        public var needsConfirmation = 0
        /// Photos left without a game (no position, no venue or game near, or too uncertain); the reason says which.
        public var unmatched = 0
        /// Files that could not be read.
        public var errors = 0
    }

    /// Matches photos (in the given order) and groups them; sessions turn GPS-less photos into suggestions, spanning
    /// the photos of `outing` (matched in other folders of the same import), which the report does not hold.
    public init(
        matching inputs: [(path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)],
        with matcher: GameMatcher, outing: [PhotoMatch] = []
    ) {
        var photos = inputs.map { matcher.match(path: $0.path, metadata: $0.metadata) }
        PhotoSessions.suggest(in: &photos, beside: outing, rules: matcher.rules, catalog: matcher.catalog)
        self.init(photos: photos)
    }

    /// Groups photos already matched into visits and counts them; no session suggestions are made here.
    public init(photos: [PhotoMatch]) {
        self.photos = photos
        var visits: [GameID: Visit] = [:]
        var order: [GameID] = []
        for photo in photos where photo.status == .matched {
            guard let game = photo.game else { continue }
            if visits[game.id] == nil {
                order.append(game.id)
                visits[game.id] = Visit(venueId: game.venueId, gameId: game.id, localDate: game.localDate, photos: [])
            }
            visits[game.id]!.photos.append(photo.path)
        }
        self.visits = order.map { visits[$0]! }.sorted {
            ($0.localDate, $0.gameId?.rawValue ?? "") < ($1.localDate, $1.gameId?.rawValue ?? "")
        }
        var summary = Summary()
        summary.photos = photos.count
        for photo in photos {
            switch photo.status {
            case .matched: summary.matched += 1
            case .needsConfirmation: summary.needsConfirmation += 1
            case .unmatched: summary.unmatched += 1
            case .error: summary.errors += 1
            }
        }
        self.summary = summary
    }
}

/// The visits and counts of reports made a batch at a time, as one report of every photo would have them, without
/// holding the photos: an import of a million photos keeps this, and each batch's report only while it is stored.
public struct MatchTally: Sendable {
    private var visitsByGame: [GameID: MatchReport.Visit] = [:]
    /// The counts of every photo added.
    public private(set) var summary = MatchReport.Summary()

    /// An empty tally.
    public init() {}

    /// Adds a batch's report: its photos' counts, and its matched photos to their games' visits.
    public mutating func add(_ report: MatchReport) {
        for visit in report.visits {
            guard let id = visit.gameId else { continue }
            visitsByGame[id, default: MatchReport.Visit(venueId: visit.venueId, gameId: id, localDate: visit.localDate, photos: [])]
                .photos += visit.photos
        }
        summary.photos += report.summary.photos
        summary.matched += report.summary.matched
        summary.needsConfirmation += report.summary.needsConfirmation
        summary.unmatched += report.summary.unmatched
        summary.errors += report.summary.errors
    }

    /// The would-be visits, ordered by date as ``MatchReport/visits`` are.
    public var visits: [MatchReport.Visit] {
        visitsByGame.values.sorted { ($0.localDate, $0.gameId?.rawValue ?? "") < ($1.localDate, $1.gameId?.rawValue ?? "") }
    }
}
