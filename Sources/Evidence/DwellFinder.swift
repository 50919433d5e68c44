import Foundation
import TimeAndPlace

/// Turns a stream of raw points (a Records.json, a GPS track) into stays near venues: runs of consecutive points within
/// ``PlacesOfInterest/dwellRadius`` of one venue. A run is a stay only when it lasts ``staying`` — points that pass
/// (a drive by the park) are never a visit — and it breaks where a point lies elsewhere or the points fall silent for
/// longer than ``silence``. Everything else is let go as it is read: memory holds one run.
struct DwellFinder {
    let places: PlacesOfInterest
    let kind: EvidenceKind
    let source: String
    /// How long points must stay to be a stay rather than a pass: 15 minutes.
    static let staying: TimeInterval = 15 * 60
    /// Points with an accuracy worse than this (metres) say nothing of where the fan was, and are skipped.
    static let vagueness = 1_000.0
    /// A gap longer than this between two points near a venue ends the stay (a phone off overnight).
    static let silence: TimeInterval = 3 * 3_600

    private struct Run {
        var place: Int
        var first: Double
        var last: Double
        var earliest: Double
        var latest: Double
        var latitudes = 0.0
        var longitudes = 0.0
        var count = 0
    }

    private var run: Run?
    private(set) var stays: [Sighting] = []

    init(places: PlacesOfInterest, kind: EvidenceKind, source: String) {
        self.places = places
        self.kind = kind
        self.source = source
    }

    /// Takes the next point of the file, in the file's order (oldest or newest first).
    mutating func add(latitude: Double, longitude: Double, seconds: Double, accuracy: Double? = nil) {
        guard (accuracy ?? 0) <= Self.vagueness, let position = GeoCoordinate(latitude: latitude, longitude: longitude),
            !position.isNullIsland
        else { return }
        guard let near = places.nearest(to: position, within: places.dwellRadius) else {
            end()
            return
        }
        if var current = run, current.place == near.index, abs(seconds - current.last) <= Self.silence {
            current.last = seconds
            current.earliest = min(current.earliest, seconds)
            current.latest = max(current.latest, seconds)
            current.latitudes += latitude
            current.longitudes += longitude
            current.count += 1
            run = current
            return
        }
        end()
        run = Run(
            place: near.index, first: seconds, last: seconds, earliest: seconds, latest: seconds, latitudes: latitude,
            longitudes: longitude, count: 1)
    }

    /// Ends the run in progress: a stay if it lasted, else a pass, forgotten.
    mutating func end() {
        defer { run = nil }
        guard let run, run.count >= 2, run.latest - run.earliest >= Self.staying,
            let middle = GeoCoordinate(latitude: run.latitudes / Double(run.count), longitude: run.longitudes / Double(run.count))
        else { return }
        stays.append(
            Sighting(
                kind: kind, source: source, start: Date(timeIntervalSince1970: run.earliest),
                end: Date(timeIntervalSince1970: run.latest), location: middle))
    }
}
