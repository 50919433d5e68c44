import Foundation
import TimeAndPlace

/// Swarm / Foursquare check-ins (docs/EVIDENCE.md): `{"items": [{"createdAt", "timeZoneOffset", "venue": {"name",
/// "location": {"lat", "lng"}}}]}` in the older export; the newer one writes `createdAt` as text and the position
/// beside the venue (`lat`, `lng` on the check-in). A check-in is a moment at a named place: like a photo there then.
enum SwarmCheckins {
    /// The export's `items`, or an API response saved as it came (`{"meta", "response": {"checkins": {"items"}}}`).
    struct Export: Decodable {
        var items: [Checkin]?
        var response: Response?
        struct Response: Decodable { var checkins: Items? }
        struct Items: Decodable { var items: [Checkin]? }
        var checkins: [Checkin] { items ?? response?.checkins?.items ?? [] }
    }

    struct Checkin: Decodable {
        var createdAt: Moment?
        var venue: Venue?
        var lat: Double?
        var lng: Double?
    }

    struct Venue: Decodable {
        var name: String?
        var location: Location?
        struct Location: Decodable {
            var lat: Double?
            var lng: Double?
        }
    }

    /// Seconds since 1970, or text: `2015-06-15 23:02:41.000000` (UTC) or ISO 8601.
    struct Moment: Decodable {
        var date: Date?
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) {
                date = Date(timeIntervalSince1970: seconds)
            } else if let text = try? container.decode(String.self) {
                let iso =
                    text.count >= 19 && !text.contains("T") ? String(text.prefix(19)).replacingOccurrences(of: " ", with: "T") + "Z" : text
                date = RecordedTime.date(iso)
            }
        }
    }

    static func sightings(_ data: Data, source: String) throws -> [Sighting] {
        try JSONDecoder().decode(Export.self, from: data).checkins.compactMap { checkin in
            guard let date = checkin.createdAt?.date,
                let latitude = checkin.venue?.location?.lat ?? checkin.lat,
                let longitude = checkin.venue?.location?.lng ?? checkin.lng,
                let position = GeoCoordinate(latitude: latitude, longitude: longitude)
            else { return nil }
            return Sighting(kind: .checkIn, source: source, start: date, end: date, location: position, placeName: checkin.venue?.name)
        }
    }
}
