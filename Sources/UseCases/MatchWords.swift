import Catalog
import Foundation
import Matching
import PhotoMetadata
import VisitStore

/// What matching concluded for a photo, in the words every front end shows: which rule matched it, why it was left
/// for the fan or without a game, and the kind of reason a summary counts.
public struct MatchWords: Sendable {
    /// The catalog games, teams and venues are named from.
    public let catalog: Catalog

    /// Words for photos matched against `catalog`.
    public init(catalog: Catalog) { self.catalog = catalog }

    /// A distance as fans read it: "360 m", "1.2 km"; empty when unknown.
    public static func distance(_ meters: Double?) -> String {
        guard let meters else { return "" }
        return meters < 1_000 ? String(format: "%.0f m", meters) : String(format: "%.1f km", meters / 1_000)
    }

    /// Which rule matched a photo, or why it was not matched, in words a fan understands.
    public func explanation(of photo: PhotoMatch) -> String {
        let venue = photo.venue.map { "\($0.name) (\(Self.distance($0.distanceMeters)) away)" } ?? "the venue"
        let midnight = photo.afterMidnight ? "after midnight: the evening before; " : ""
        if photo.status == .matched, let game = photo.game {
            switch photo.timeRule {
            case .onlyGameOfFanDay?: return midnight + "the only game there that day (no start time known)"
            case .duringOneOfSeveral?:
                let which = photo.gameOfDay.map { "\($0.count) games that day: the photo is during game \($0.number)" } ?? ""
                return midnight + which + " (\(catalog.timing(of: game)))"
            case .nearestVenue?:
                return midnight + "during the game (\(catalog.timing(of: game))); other venues with games then are more than 4 times as far"
            default: return midnight + "during the game (\(catalog.timing(of: game)))"
            }
        }
        switch (photo.status, photo.reason) {
        case (.error, _): return photo.errorMessage ?? "unreadable"
        case (.needsConfirmation, _) where photo.timeRule == .severalGamesThen:
            let held = photo.candidates.filter(\.duringGame)
            return midnight + "\(held.count) games at \(venue) at that time: "
                + held.prefix(3).map { catalog.matchup(of: $0.game) + " (" + catalog.timing(of: $0.game) + ")" }.joined(separator: "; ")
        case (.needsConfirmation, _) where photo.isPlacedByCameraClock:
            let game = photo.candidates.first.map { catalog.matchup(of: $0.game) } ?? "a game"
            return midnight + Self.trackByCameraClock + ": \(game)"
        case (.needsConfirmation, .missingLocation?):
            let game = photo.candidates.first.map { catalog.matchup(of: $0.game) } ?? "a game"
            return photo.fromAnotherCamera
                ? "no GPS position; \(Self.anotherCamera) photos matched to \(game)"
                    + Self.clock(photo.clockCorrection, setBy: photo.clockSetBy)
                : "no GPS position; taken during an outing matched to \(game)"
        case (.needsConfirmation, _):
            let venues = Set(photo.candidates.map(\.game.venueId))
            let sameDay = photo.candidates.filter { $0.temporal == .exactDay }
            let choices = photo.candidates.prefix(3).map { catalog.matchup(of: $0.game) + " " + $0.game.localDate.iso8601 }
                .joined(separator: "; ")
            let why =
                venues.count > 1
                ? midnight + "games at \(venues.count) venues nearby"
                : sameDay.count > 1
                    ? "\(sameDay.count) games at \(venue) that day"
                    : photo.spatial == .high ? "the day before or after the game" : "\(venue), not inside it"
            return "\(why): \(choices)"
        case (_, .missingLocation?): return "no GPS position in the photo"
        case (_, .missingDate?): return "no capture date in the photo (near \(venue))"
        case (_, .noVenueNearby?): return Self.notNearAnyVenue
        case (_, .noGamesOnDate?):
            if let day = photo.capture?.local.date, let id = photo.venue?.id,
                let uncovered = catalog.venue(id: id)?.leagues.filter({ !catalog.covers($0, on: day) }), !uncovered.isEmpty
            {
                let names = uncovered.sorted().map { catalog.league($0)?.displayName ?? $0.rawValue.uppercased() }.joined(separator: "/")
                // A season the catalog does not reach yet is fetched by `catalog update`; an older gap (a preseason)
                // only by the providers an online import asks.
                let recent = uncovered.contains { league in
                    catalog.seasons(of: league).map { $0.upperBound <= catalog.season(of: league, on: day) } ?? true
                }
                return "no game at \(venue) in the catalog, which does not cover \(names) on \(day.iso8601) "
                    + (recent
                        ? "(`stadiumlog catalog update` fetches recent seasons; an online import asks the score providers)"
                        : "(an online import asks the score providers)")
            }
            return "no game at \(venue) that day or the days around it (a tour?)"
        case (_, .lowConfidence?):
            guard let near = photo.candidates.first else { return "too far from \(venue) to be sure" }
            let usual = photo.usualPlaceDays.map {
                "taken where your photos gather on days without a game (\($0) days: home? work?); "
            }
            return midnight + (usual ?? "") + nearGame(near, photo: photo)
        default: return photo.reason?.rawValue ?? ""
        }
    }

    /// The kind of reason a photo was not imported, for counts by reason ("no GPS position"): not the particulars.
    public static func kind(of photo: PhotoMatch) -> String {
        if photo.status == .error {
            if photo.readError?.isVerdictOnContent == false { return "could not be read now (read again next time)" }
            return photo.reason == .unsupportedFormat ? "a format not read yet" : "unreadable file"
        }
        switch photo.reason {
        case .noVenueNearby?: return notNearAnyVenue
        case .missingLocation?: return "no GPS position"
        case .missingDate?: return "no capture date"
        case .noGamesOnDate?: return noGameThatDayKind
        case .lowConfidence?: return photo.usualPlaceDays == nil ? nearGameKind : "near a game, at a place your photos gather (home? work?)"
        default: return photo.reason?.rawValue ?? "not matched"
        }
    }

    static var anotherCamera: String { "taken by another camera within \(duration(MatchingRules().sessionGap)) of" }
    /// How a second camera's clock was read: as the venue's local time, or set right (by `--camera-offset`, or by a
    /// photo of another camera taken at the same moment: ``CameraClocks``).
    static func clock(_ correction: Int?, setBy photo: String? = nil) -> String {
        guard let correction else { return " (its clock taken as the venue's local time)" }
        let by = photo.map { ", as \(URL(fileURLWithPath: $0).lastPathComponent) taken at the same moment shows" } ?? ""
        return " (its clock set right by \(CameraOffset.text(correction))\(by))"
    }

    static let trackByCameraClock =
        "placed on your GPS track by the camera's clock, read as the venue's local time: is that clock right?"

    /// The kind of photo taken near a venue on a day without a game around it.
    public static let noGameThatDayKind = "near a venue, no game around that day"

    /// The kind of photo listed near a game rather than asked about.
    public static let nearGameKind = "near a game, but not during it or too far to ask"

    /// A photo near a game but no question: the game named (with its id, to file the photo), how far and when.
    private func nearGame(_ near: GameCandidate, photo: PhotoMatch) -> String {
        let game = near.game
        let place = catalog.venue(id: game.venueId).map { " from " + $0.name(on: game.localDate) } ?? ""
        let when = photo.capture.map {
            Self.words(for: GameMatcher(catalog: catalog).playTiming(of: game, photoTakenAt: $0.local, offset: $0.utcOffset))
        }
        return "near \(catalog.matchup(of: game)) on \(game.localDate.iso8601) (\(game.id)): "
            + [near.distanceMeters.map { Self.distance($0) + place }, when].compactMap { $0 }.joined(separator: ", ")
            + " — not asked"
    }

    /// How a candidate game fits a pending photo, in words that are true: "during the game" only when the photo is
    /// inside its play; otherwise how far ("ended 3 h before the photo", "starts 2 h after the photo").
    public func fit(of game: Game, to photo: PendingMatch) -> String {
        guard let time = photo.captureLocal else { return "the photo has no time" }
        return Self.words(for: GameMatcher(catalog: catalog).playTiming(of: game, photoTakenAt: time, offset: photo.utcOffset))
    }

    /// Why a pending photo waits for the fan, in words (never a code like `missingLocation`).
    public func reason(of photo: PendingMatch) -> String {
        let distance = photo.candidates.first?.distanceMeters.map { Self.distance($0) + " from the venue" }
        switch photo.reason {
        case .missingLocation?: return "no GPS position in the photo; its time fits a game of the same outing"
        case .trackByCameraClock?: return Self.trackByCameraClock
        case .otherCameraSession?:
            return "no GPS position in the photo; \(Self.anotherCamera) photos of this game" + Self.clock(photo.clockCorrection)
        case .missingDate?: return "no capture date in the photo"
        case .lowConfidence?: return (distance ?? "far from the venue") + ": too far, or too far from the game's day, to be sure"
        case nil, .attachedByHand?, .other?:
            let count = photo.candidates.count
            if count > 1 { return "\(count) games could be it" + (distance.map { " (\($0))" } ?? "") }
            return "near the venue on a game day, but not sure it was the game" + (distance.map { " (\($0))" } ?? "")
        }
    }

    /// ``PlayTiming`` in words.
    public static func words(for timing: PlayTiming) -> String {
        switch timing {
        case .during: "during the game"
        case .maybeDuring: "maybe during the game (its start time is not known)"
        case .startsAfter(let seconds): "starts \(duration(seconds)) after the photo"
        case .endedBefore(let seconds): "ended \(duration(seconds)) before the photo"
        case .unknown: "on the photo's day (the game's time is not known)"
        }
    }

    /// A span as fans say it: "40 min", "3 h", "2 days".
    static func duration(_ seconds: Double) -> String {
        let minutes = Int((seconds / 60).rounded())
        if minutes < 60 { return "\(max(minutes, 1)) min" }
        let hours = Int((seconds / 3_600).rounded())
        return hours < 36 ? "\(hours) h" : "\(Int((seconds / 86_400).rounded())) days"
    }

    /// A photo farther than the low-confidence radius from every venue.
    static let notNearAnyVenue = "not within 5 km of any venue"
}
