import Foundation
import TimeAndPlace

/// A coarse latitude/longitude grid of the venues with coordinates, so a "what is near this photo" query looks at
/// a handful of cells instead of every venue. Cells are kept as a sorted array of keys: a lookup is a binary
/// search, with no hashing on the matcher's hot path.
struct VenueGrid: Sendable {
    /// A quarter of a degree: about 28 km north-south.
    static let cellDegrees = 0.25
    private static let columns = Int(360 / cellDegrees) + 2

    /// Cell key of each entry, ascending, and the venue in it.
    private let keys: [Int]
    private let venueIndexes: [Int]
    private let points: [GeoCoordinate]

    private static func row(_ latitude: Double) -> Int { Int(((latitude + 90) / cellDegrees).rounded(.down)) }
    private static func column(_ longitude: Double) -> Int { Int(((longitude + 180) / cellDegrees).rounded(.down)) }

    init(venues: [Venue]) {
        let entries = venues.enumerated().compactMap { index, venue -> (key: Int, index: Int, point: GeoCoordinate)? in
            guard let point = venue.coordinate else { return nil }
            return (Self.row(point.latitude) * Self.columns + Self.column(point.longitude), index, point)
        }.sorted { ($0.key, $0.index) < ($1.key, $1.index) }
        keys = entries.map(\.key)
        venueIndexes = entries.map(\.index)
        points = entries.map(\.point)
    }

    /// Indexes of venues within `radius` metres of `point`, with their distances, nearest first.
    func venues(near point: GeoCoordinate, within radius: Double) -> [(index: Int, distance: Double)] {
        let latitudeSpan = radius / 111_000
        let longitudeSpan = radius / (111_000 * max(0.01, cos(point.latitude * .pi / 180)))
        let firstColumn = max(0, Self.column(point.longitude - longitudeSpan))
        let lastColumn = min(Self.columns - 1, Self.column(point.longitude + longitudeSpan))
        var found: [(index: Int, distance: Double)] = []
        for row in Self.row(point.latitude - latitudeSpan)...Self.row(point.latitude + latitudeSpan) {
            var position = lowerBound(row * Self.columns + firstColumn)
            let end = row * Self.columns + lastColumn
            while position < keys.count && keys[position] <= end {
                let distance = point.distance(to: points[position])
                if distance <= radius { found.append((venueIndexes[position], distance)) }
                position += 1
            }
        }
        return found.count < 2 ? found : found.sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
    }

    private func lowerBound(_ key: Int) -> Int { keys.partitionPoint { $0 >= key } }
}
