import Catalog
import Crypto
import Foundation
import Matching
import PhotoMetadata
import TimeAndPlace
import VisitStore

/// A photo an import read and left out, as the Not imported page lists it: its path and the key that names it in an
/// address (a page never takes a path from a request).
public struct LeftOutPhoto: Hashable, Sendable {
    /// The first 16 hex digits of the SHA-256 of its path.
    public var key: String
    /// Where it is, as the file system has it.
    public var originalPath: String
    /// The path, safe to show (``ShownText``).
    public var path: String
    /// Why it was left out, in the import's own words for it (``MatchWords/explanation(of:)``), when it was just read;
    /// nil on a page, which knows only its group's reason.
    public var why: String?

    init(path: String) {
        key = Self.key(of: path)
        originalPath = path
        self.path = ShownText.safe(path)
    }

    /// A photo the import just read and left out, with its reason in words.
    public init(_ match: PhotoMatch, words: MatchWords) {
        self.init(path: match.path)
        why = ShownText.safe(words.explanation(of: match))
    }

    /// The key of a path.
    static func key(of path: String) -> String {
        SHA256.hash(data: Data(path.utf8)).prefix(8).map { String(format: "%02x", $0) }.joined()
    }
}

/// The photos imports left out for one reason (and, near a game, one game; near a venue on a day without one, one
/// venue and day), in the words the import's summary counts them by, with what filing them takes.
public struct LeftOutGroup: Hashable, Sendable {
    /// Why they were left out.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        case nearGame, noGameThatDay, notNearAnyVenue, noPlaceOrTime, notAPhoto

        /// The reason in the words `import` counts it by (``MatchWords/kind(of:)``).
        public var title: String {
            switch self {
            case .nearGame: MatchWords.nearGameKind
            case .noGameThatDay: MatchWords.noGameThatDayKind + " (a tour?)"
            case .notNearAnyVenue: MatchWords.notNearAnyVenue
            case .noPlaceOrTime: "no GPS position or no capture date"
            case .notAPhoto: "not a photo StadiumLog reads (empty, damaged, or another format)"
            }
        }
    }

    /// Why.
    public var kind: Kind
    /// Names the group in an address: its kind, with the game or the venue and day.
    public var key: String
    /// "Near a game…: Atlanta Braves at Boston Red Sox, 2015-06-15, Fenway Park", "near a venue… — Fenway Park,
    /// 2015-06-14": the reason and what the group shares.
    public var heading: String
    /// The game they were near (filed into it with one click).
    public var game: GameChoice?
    /// The venue they were taken at, when that is what they share and every one was taken within the high radius of it
    /// (500 m): a tour of it is offered. Nil for photos farther off, near it but not at it.
    public var venueId: String?
    /// The day they were taken, with ``venueId``.
    public var day: LocalDate?
    /// How many photos the group holds.
    public var count: Int
    /// Its photos: the first few, or all when asked.
    public var photos: [LeftOutPhoto]

    /// The paths of the photos `keys` name (every one shown for no keys).
    public func paths(_ keys: [String]) -> [String] {
        photos.filter { keys.isEmpty || keys.contains($0.key) }.map(\.originalPath)
    }
}

extension FanHistory {
    /// The photos imports left out and not filed since, by reason and then by game or by venue and day: with `examples`
    /// photos each, or all of them (nil); only the group `key` when given.
    public func leftOut(examples: Int?, only key: String? = nil) throws(LibraryError) -> [LeftOutGroup] {
        let limit = examples ?? Int.max
        // Only the source of the group asked for is read: a thumbnail asks for one photo of one group.
        let wanted = { (kind: LeftOutGroup.Kind) in key.map { Self.kind(ofGroup: $0) == kind } ?? true }
        var groups: [LeftOutGroup] = []
        for (game, paths) in try (wanted(.nearGame) ? photosNearGames() : []) {
            groups.append(
                LeftOutGroup(
                    kind: .nearGame, key: "near-\(game.id)",
                    heading: "\(catalog.matchup(of: game)), \(game.localDate.iso8601), "
                        + (catalog.venue(id: game.venueId)?.name(on: game.localDate) ?? game.venueId),
                    game: GameChoice(game, catalog: catalog, library: library), count: paths.count,
                    photos: paths.prefix(limit).map(LeftOutPhoto.init)))
        }
        // A day at a venue without a game: a tour is offered for the photos taken at it (within the high radius);
        // those taken farther off — across the river, kilometres away — are near it, not at it, and group apart.
        let atVenue = MatchingRules().highRadius
        var byPlace: [String: [NoGameDayPhoto]] = [:]
        for photo in try (wanted(.noGameThatDay) ? library.noGameDayPhotosLeftOut() : []) {
            guard let venue = photo.venueId else { continue }
            let at = (photo.distanceMeters ?? .infinity) < atVenue
            byPlace["\(at ? "tour" : "around")|\(venue)|\(photo.day.iso8601)", default: []].append(photo)
        }
        for (place, photos) in byPlace.sorted(by: { ($0.value[0].day, $0.key) < ($1.value[0].day, $1.key) }) {
            let parts = place.split(separator: "|").map(String.init)
            let (at, venueId, day) = (parts[0] == "tour", parts[1], photos[0].day)
            let farthest = photos.compactMap(\.distanceMeters).max().map { String(format: "%.1f km", $0 / 1000) }
            groups.append(
                LeftOutGroup(
                    kind: .noGameThatDay, key: "\(parts[0])-\(venueId)-\(day.iso8601)",
                    heading: at
                        ? "\(catalog.venueName(venueId, on: day)), \(day.iso8601)"
                        : "Around \(catalog.venueName(venueId, on: day)) (up to \(farthest ?? "5 km") away), \(day.iso8601)",
                    venueId: at ? venueId : nil, day: day, count: photos.count,
                    photos: photos.prefix(limit).map { LeftOutPhoto(path: $0.path) }))
        }
        let others = [LeftOutGroup.Kind.notNearAnyVenue, .noPlaceOrTime, .notAPhoto].contains(where: wanted)
        for (outcome, count, paths) in try (others ? library.filesLeftOut(examples: limit) : []) {
            let kind: LeftOutGroup.Kind =
                switch outcome {
                case .noVenueNearby: .notNearAnyVenue
                case .noPlaceOrTime: .noPlaceOrTime
                default: .notAPhoto
                }
            guard wanted(kind) else { continue }
            groups.append(
                LeftOutGroup(
                    kind: kind, key: kind.rawValue, heading: kind.title, count: count, photos: paths.map(LeftOutPhoto.init)))
        }
        return key.map { key in groups.filter { $0.key == key } } ?? groups
    }

    /// The kind of the group a key names (`near-…`, `tour-…`, `around-…`, or a kind's own name).
    static func kind(ofGroup key: String) -> LeftOutGroup.Kind? {
        if key.hasPrefix("near-") { return .nearGame }
        if key.hasPrefix("tour-") || key.hasPrefix("around-") { return .noGameThatDay }
        return LeftOutGroup.Kind(rawValue: key)
    }

    /// The paths of the left-out photos `keys` name in the group `group` (every one of the group for no keys).
    public func leftOutPaths(_ keys: [String], in group: String) throws(LibraryError) -> [String] {
        try leftOut(examples: nil, only: group).flatMap { $0.paths(keys) }
    }
}
