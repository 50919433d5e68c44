import Catalog
import Foundation
import Matching
import PhotoMetadata
import TimeAndPlace
import VisitStore

/// The photos of an import that only another camera's photos can place — no position and no zone: a camera beside
/// the phone — held back until every folder is read, since the phone's photos may lie in a folder read after them
/// (`Canon/` before `iPhone/`), then matched beside the photos matched in every folder and those earlier imports filed
/// (``MatchReport/init(matching:with:outing:)``): sessions across cameras and ``CameraClocks`` span folders and imports.
struct CameraOuting {
    typealias Photo = (path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)

    /// Photos held at most: beyond, a folder's are matched with it, beside what was matched before.
    static let mostHeld = 20_000

    /// A photo matched to a game, as little of it as sessions need: an import of a million photos keeps every one.
    private struct Seen {
        var path: String
        var camera: String?
        var capture: CaptureTime
        var location: GeoCoordinate?
        var gameId: GameID
    }

    /// The photos held, with their files as they were looked at (remembered once they are stored).
    private(set) var held: [Photo] = []
    private(set) var files: [String: SeenFile] = [:]
    private var seen: [Seen] = []
    private var seenPaths: Set<String> = []

    /// Whether only another camera's photos can place it: read, dated, from a known camera, with no zone and no
    /// position but one a GPS track gave by its clock (which the phone may prove wrong).
    static func needsAnotherCamera(_ photo: Photo) -> Bool {
        guard case .success(let metadata) = photo.metadata, let capture = metadata.capture else { return false }
        return isUnplaced(metadata) && capture.utcOffset == nil && metadata.camera != nil
    }

    /// No position, or one a GPS track gave.
    private static func isUnplaced(_ metadata: PhotoMetadata) -> Bool {
        metadata.location == nil || metadata.locationOrigin == .gpsTrack
    }

    /// Takes out of `photos` those to hold, while there is room; `looked` has their files as they were looked at.
    mutating func hold(from photos: inout [Photo], looked: [String: SeenFile] = [:]) {
        var kept: [Photo] = []
        for photo in photos {
            if held.count < Self.mostHeld && Self.needsAnotherCamera(photo) {
                held.append(photo)
                files[photo.path] = looked[photo.path]
            } else {
                kept.append(photo)
            }
        }
        photos = kept
    }

    /// Learns the photos a batch matched.
    mutating func learn(_ report: MatchReport) {
        for photo in report.photos where photo.status == .matched {
            guard let capture = photo.capture, let game = photo.game else { continue }
            seen.append(Seen(path: photo.path, camera: photo.camera, capture: capture, location: photo.location, gameId: game.id))
            seenPaths.insert(absolutePath(photo.path))
        }
    }

    /// Learns the photos earlier imports filed into games' visits, their moments known (a phone's, imported before the
    /// camera's photos), but those matched now.
    mutating func learn(filed photos: [(photo: VisitPhoto, gameId: GameID)]) {
        for (photo, gameId) in photos where !seenPaths.contains(photo.originalPath) {
            guard let local = photo.captureLocal, let offset = photo.utcOffset, let source = photo.timeSource else { continue }
            let location = photo.latitude.flatMap { latitude in photo.longitude.flatMap { GeoCoordinate(latitude: latitude, longitude: $0) }
            }
            seen.append(
                Seen(
                    path: photo.originalPath, camera: nil, capture: CaptureTime(local: local, utcOffset: offset, source: source),
                    location: location, gameId: gameId))
        }
    }

    /// The photos matched so far that `photos` may be matched beside: within a session's gap and a camera clock's
    /// largest error of one without a position.
    func beside(_ photos: [Photo], catalog: Catalog, rules: MatchingRules = MatchingRules()) -> [PhotoMatch] {
        let margin = rules.sessionGap + rules.largestClockError + rules.sameMoment
        let times = photos.compactMap { photo -> Double? in
            guard case .success(let metadata) = photo.metadata, Self.isUnplaced(metadata) else { return nil }
            return metadata.capture?.local.wallClockSeconds
        }.sorted()
        guard !times.isEmpty else { return [] }
        return seen.compactMap { photo in
            let seconds = photo.capture.local.wallClockSeconds
            var low = 0
            var high = times.count
            while low < high {
                let middle = (low + high) / 2
                if times[middle] < seconds - margin { low = middle + 1 } else { high = middle }
            }
            guard low < times.count, times[low] <= seconds + margin, let game = catalog.game(id: photo.gameId) else { return nil }
            return PhotoMatch.matched(path: photo.path, camera: photo.camera, capture: photo.capture, location: photo.location, game: game)
        }
    }

    /// The photos held, let go.
    mutating func release() -> (photos: [Photo], files: [String: SeenFile]) {
        defer { (held, files) = ([], [:]) }
        return (held, files)
    }
}
