import Catalog
import Foundation
import PhotoMetadata
import TimeAndPlace

/// The result of matching a set of photos: each photo's outcome, the visits they would make, and counts.
/// Its JSON form is the contract of docs/REPORT.md.
public struct MatchReport: Sendable {
    public var photos: [PhotoMatch]
    public var visits: [Visit]
    public var summary: Summary

    /// A would-be visit: the matched photos of one game.
    public struct Visit: Hashable, Sendable {
        public var venueId: String
        public var gameId: String?
        public var localDate: LocalDate
        public var photos: [String]
    }

    public struct Summary: Hashable, Sendable, Codable {
        public var photos = 0
        public var matched = 0
        public var needsConfirmation = 0
        public var unmatched = 0
        public var errors = 0
    }

    /// Matches photos (in the given order) and groups them; sessions turn GPS-less photos into suggestions.
    public init(matching inputs: [(path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)],
                with matcher: GameMatcher) {
        var photos = inputs.map { matcher.match(path: $0.path, metadata: $0.metadata) }
        PhotoSessions.suggest(in: &photos, rules: matcher.rules, catalog: matcher.catalog)
        self.init(photos: photos)
    }

    public init(photos: [PhotoMatch]) {
        self.photos = photos
        var visits: [String: Visit] = [:]
        var order: [String] = []
        for photo in photos where photo.status == .matched {
            guard let game = photo.game else { continue }
            if visits[game.id] == nil {
                order.append(game.id)
                visits[game.id] = Visit(venueId: game.venueId, gameId: game.id, localDate: game.localDate, photos: [])
            }
            visits[game.id]!.photos.append(photo.path)
        }
        self.visits = order.map { visits[$0]! }.sorted { ($0.localDate, $0.gameId ?? "") < ($1.localDate, $1.gameId ?? "") }
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
