import Catalog
import Evidence
import Foundation
import PhotoMetadata
import TimeAndPlace

/// Positions for photos without one, from the GPS tracks imported with them (``GPSTrack/position(at:)``): a photo
/// whose moment the file tells is placed by it; one with only a camera's wall clock is read in the zone the track was
/// in (its nearest venue's) — and such a photo is then at most a question (``doubt(_:)``). Tracks that disagree (two
/// places more than the high radius apart) place nothing.
public struct TrackGeotagger: Sendable {
    private let tracks: [(track: GPSTrack, zone: TimeZone?)]
    private let rules: MatchingRules

    /// A geotagger over `tracks`, zones read from `catalog`'s venues.
    public init(tracks: [GPSTrack], catalog: Catalog, rules: MatchingRules = MatchingRules()) {
        self.rules = rules
        self.tracks = tracks.compactMap { track in
            guard !track.points.isEmpty else { return nil }
            let middle = track.points[track.points.count / 2].position
            let nearest = catalog.venues.min { a, b in
                (a.coordinate?.distance(to: middle) ?? .infinity) < (b.coordinate?.distance(to: middle) ?? .infinity)
            }
            return (track, nearest.flatMap { TimeZone(identifier: $0.timeZone) })
        }
    }

    /// Whether there is no track to place photos by.
    public var isEmpty: Bool { tracks.isEmpty }

    /// The photos, those without a position but with a time placed where a track was then (``MetadataOrigin/gpsTrack``).
    public func geotag(
        _ photos: [(path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)]
    ) -> [(path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)] {
        guard !tracks.isEmpty else { return photos }
        return photos.map { photo in
            guard case .success(var metadata) = photo.metadata, metadata.location == nil, let capture = metadata.capture,
                let position = position(at: capture)
            else { return photo }
            (metadata.location, metadata.locationOrigin) = (position, .gpsTrack)
            return (photo.path, .success(metadata))
        }
    }

    /// Photos placed by a camera's clock alone (``PhotoMatch/isPlacedByCameraClock``) matched to a game become
    /// questions of that game: the track proves where it was, not that the camera's clock was right.
    static func doubt(_ matches: inout [PhotoMatch]) {
        for index in matches.indices where matches[index].status == .matched && matches[index].isPlacedByCameraClock {
            guard let game = matches[index].game else { continue }
            (matches[index].status, matches[index].game, matches[index].confidence) = (.needsConfirmation, nil, .userConfirm)
            if !matches[index].candidates.contains(where: { $0.game.id == game.id }) {
                matches[index].candidates.insert(
                    GameCandidate(
                        game: game, distanceMeters: matches[index].venue?.distanceMeters, spatial: matches[index].spatial,
                        temporal: matches[index].temporal ?? .exactDay, confidence: .userConfirm, duringGame: true), at: 0)
            }
        }
    }

    /// Where the tracks were when a photo was taken; nil when none was recording or they disagree.
    func position(at capture: CaptureTime) -> GeoCoordinate? {
        let found = tracks.compactMap { track, zone -> GeoCoordinate? in
            let seconds: Double
            if let instant = capture.instant {
                seconds = instant.timeIntervalSince1970
            } else if let zone {
                let wall = capture.local.wallClockSeconds
                seconds = wall - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: wall)))
            } else {
                return nil
            }
            return track.position(at: seconds)
        }
        guard let first = found.first, found.allSatisfy({ $0.distance(to: first) <= rules.highRadius }) else { return nil }
        return first
    }
}
