import Foundation
import TimeAndPlace

/// Google location history's place visits, in the three shapes it has been written in (docs/EVIDENCE.md): Takeout's
/// semantic history (`timelineObjects`), Android's on-device Timeline export (`semanticSegments`, `"latLng":
/// "42.3467°, -71.0972°"`) and iOS's (`location-history.json`, a list; `"geo:42.3467,-71.0972"`, numbers as strings).
/// Activity segments and paths are passing by, never a visit: they are not read. Home and work, which Google labels,
/// are never kept.
enum GoogleTimeline {
    /// Semantic types Google gives the fan's own places.
    static let privatePlaces: Set<String> = [
        "TYPE_HOME", "TYPE_WORK", "HOME", "WORK", "INFERRED_HOME", "INFERRED_WORK", "Home", "Work", "Inferred Home",
        "Inferred Work", "ALIASED_LOCATION",
    ]

    /// A visit probability under this is the service's own doubt.
    static let doubtfulProbability = 0.5

    // MARK: Takeout semantic history

    struct Semantic: Decodable {
        var timelineObjects: [Object]?

        struct Object: Decodable { var placeVisit: PlaceVisit? }
        struct PlaceVisit: Decodable {
            var location: Location
            var duration: Duration
            var placeConfidence: String?
            var visitConfidence: Double?
        }
        struct Location: Decodable {
            var latitudeE7: Int?
            var longitudeE7: Int?
            var name: String?
            var semanticType: String?
        }
        struct Duration: Decodable {
            var startTimestamp: String?
            var endTimestamp: String?
            var startTimestampMs: String?
            var endTimestampMs: String?
        }
    }

    static func semantic(_ data: Data, source: String) throws -> [Sighting] {
        try JSONDecoder().decode(Semantic.self, from: data).timelineObjects?.compactMap(\.placeVisit).compactMap { visit in
            guard !privatePlaces.contains(visit.location.semanticType ?? ""),
                let latitude = visit.location.latitudeE7, let longitude = visit.location.longitudeE7,
                let position = GeoCoordinate(latitude: Double(latitude) / 1e7, longitude: Double(longitude) / 1e7),
                let start = (visit.duration.startTimestamp ?? visit.duration.startTimestampMs).flatMap(RecordedTime.date),
                let end = (visit.duration.endTimestamp ?? visit.duration.endTimestampMs).flatMap(RecordedTime.date)
            else { return nil }
            return Sighting(
                kind: .placeVisit, source: source, start: start, end: end, location: position,
                placeName: visit.location.name, isSure: visit.placeConfidence != "LOW_CONFIDENCE")
        } ?? []
    }

    // MARK: Timeline exports (2024 on)

    /// A number the iOS export writes as a string, the Android one as a number.
    struct Number: Decodable {
        var value: Double?
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            value = (try? container.decode(Double.self)) ?? (try? container.decode(String.self)).flatMap(Double.init)
        }
    }

    struct Segment: Decodable {
        var startTime: String?
        var endTime: String?
        var visit: Visit?

        struct Visit: Decodable {
            var probability: Number?
            var topCandidate: Candidate?
            /// 0 for a place, 1 for a place inside it, written for the same span.
            var hierarchyLevel: Number?
        }
        struct Candidate: Decodable {
            var semanticType: String?
            var placeLocation: PlaceLocation?
        }
        /// Android writes `{"latLng": "42.3467°, -71.0972°"}`, iOS `"geo:42.3467,-71.0972"`.
        struct PlaceLocation: Decodable {
            var position: GeoCoordinate?
            private enum Keys: String, CodingKey { case latLng }
            init(from decoder: any Decoder) throws {
                if let text = try? decoder.singleValueContainer().decode(String.self) {
                    position = GoogleTimeline.position(text)
                } else {
                    position = try decoder.container(keyedBy: Keys.self).decodeIfPresent(String.self, forKey: .latLng)
                        .flatMap(GoogleTimeline.position)
                }
            }
        }
    }

    struct Android: Decodable { var semanticSegments: [Segment]? }

    static func android(_ data: Data, source: String) throws -> [Sighting] {
        try sightings(JSONDecoder().decode(Android.self, from: data).semanticSegments ?? [], source: source)
    }

    static func iOS(_ data: Data, source: String) throws -> [Sighting] {
        try sightings(JSONDecoder().decode([Segment].self, from: data), source: source)
    }

    /// The visits of the segments: one per span, the outermost place's (Android writes a place and the place inside it
    /// for the same span; they are one stay).
    private static func sightings(_ segments: [Segment], source: String) -> [Sighting] {
        var spans = Set<[String?]>()
        let outermostFirst = segments.filter { $0.visit != nil }.enumerated().sorted {
            ($0.element.visit?.hierarchyLevel?.value ?? 0, $0.offset) < ($1.element.visit?.hierarchyLevel?.value ?? 0, $1.offset)
        }
        return outermostFirst.map(\.element).filter { spans.insert([$0.startTime, $0.endTime]).inserted }.compactMap { segment in
            guard let visit = segment.visit, let candidate = visit.topCandidate,
                !privatePlaces.contains(candidate.semanticType ?? ""), let position = candidate.placeLocation?.position,
                let start = segment.startTime.flatMap(RecordedTime.date), let end = segment.endTime.flatMap(RecordedTime.date)
            else { return nil }
            return Sighting(
                kind: .placeVisit, source: source, start: start, end: end, location: position,
                isSure: (visit.probability?.value ?? 1) >= doubtfulProbability)
        }
    }

    /// "42.3467°, -71.0972°", "geo:42.3467,-71.0972" or "42.3467,-71.0972".
    static func position(_ text: String) -> GeoCoordinate? {
        var body = Substring(text)
        if body.hasPrefix("geo:") { body = body.dropFirst(4) }
        let parts = body.split(separator: ",").map { $0.filter { !$0.isWhitespace && $0 != "°" } }
        guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]) else { return nil }
        return GeoCoordinate(latitude: latitude, longitude: longitude)
    }
}
