import Foundation
import TimeAndPlace

/// Turns a stream of raw points (a Records.json, a GPS track) into stays near venues: runs of consecutive points within
/// ``PlacesOfInterest/dwellRadius`` of one venue. A run is a stay only when it lasts ``staying`` with at least
/// ``fewestPoints`` points — points that pass (a drive by the park) are never a visit — and it breaks where a point lies
/// elsewhere, where a point is moving (a recorded speed of ``moving`` or more, or a jump from the point before of
/// ``jump`` metres at ``moving`` twice over), or where the points fall silent for longer than ``silence`` (two drives
/// past, hours apart, are not a stay between them). Everything else is let go as it is read: memory holds one run.
struct DwellFinder {
    let places: PlacesOfInterest
    let kind: EvidenceKind
    let source: String
    /// How long points must stay to be a stay rather than a pass: 15 minutes.
    static let staying: TimeInterval = 15 * 60
    /// Points with an accuracy worse than this (metres) say nothing of where the fan was, and are skipped.
    static let vagueness = 1_000.0
    /// A gap longer than this between two points near a venue ends the stay: a phone records every few minutes even
    /// when still, so 90 minutes without a point is no evidence of staying.
    static let silence: TimeInterval = 90 * 60
    /// A run of fewer points is no stay, however long: one point on each of two drives past is not a visit.
    static let fewestPoints = 3
    /// A speed (metres a second) no one sitting in a stand reaches: a car, a bus, a train.
    static let moving = 5.0
    /// A jump (metres) from the point before that, made at twice ``moving``, is travel rather than a phone's jitter.
    static let jump = 250.0

    private struct Run {
        var place: Int
        var first: Double
        var last: Double
        var earliest: Double
        var latest: Double
        var latitudes = 0.0
        var longitudes = 0.0
        var count = 0
        var lastPosition: GeoCoordinate
    }

    private var run: Run?
    private(set) var stays: [Sighting] = []

    init(places: PlacesOfInterest, kind: EvidenceKind, source: String) {
        self.places = places
        self.kind = kind
        self.source = source
    }

    /// Takes the next point of the file, in the file's order (oldest or newest first), with its recorded speed in
    /// metres a second when the file gives one.
    mutating func add(latitude: Double, longitude: Double, seconds: Double, accuracy: Double? = nil, speed: Double? = nil) {
        guard (accuracy ?? 0) <= Self.vagueness, let position = GeoCoordinate(latitude: latitude, longitude: longitude),
            !position.isNullIsland
        else { return }
        guard let near = places.nearest(to: position, within: places.dwellRadius), !isMoving(to: position, at: seconds, speed: speed)
        else {
            end()
            return
        }
        if var current = run, current.place == near.index, abs(seconds - current.last) <= Self.silence {
            current.last = seconds
            current.lastPosition = position
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
            longitudes: longitude, count: 1, lastPosition: position)
    }

    /// Whether the fan was travelling at this point: a recorded speed, or a jump from the run's last point.
    private func isMoving(to position: GeoCoordinate, at seconds: Double, speed: Double?) -> Bool {
        if let speed, speed >= Self.moving { return true }
        guard let run else { return false }
        let meters = run.lastPosition.distance(to: position)
        return meters >= Self.jump && meters / max(1, abs(seconds - run.last)) >= 2 * Self.moving
    }

    /// Ends the run in progress: a stay if it lasted, else a pass, forgotten.
    mutating func end() {
        defer { run = nil }
        guard let run, run.count >= Self.fewestPoints, run.latest - run.earliest >= Self.staying,
            let middle = GeoCoordinate(latitude: run.latitudes / Double(run.count), longitude: run.longitudes / Double(run.count))
        else { return }
        stays.append(
            Sighting(
                kind: kind, source: source, start: Date(timeIntervalSince1970: run.earliest),
                end: Date(timeIntervalSince1970: run.latest), location: middle))
    }
}
