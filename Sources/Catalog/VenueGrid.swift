import Foundation
import TimeAndPlace

/// A coarse latitude/longitude grid of the venues with coordinates, so a "what is near this photo" query looks at
/// a handful of cells instead of every venue.
struct VenueGrid: Sendable {
    /// A quarter of a degree: about 28 km north-south.
    static let cellDegrees = 0.25

    private let cells: [Cell: [Int]]

    private struct Cell: Hashable {
        var row: Int
        var column: Int

        static func containing(latitude: Double, longitude: Double) -> Cell {
            Cell(row: Int((latitude / cellDegrees).rounded(.down)), column: Int((longitude / cellDegrees).rounded(.down)))
        }
    }

    init(venues: [Venue]) {
        var cells: [Cell: [Int]] = [:]
        for (index, venue) in venues.enumerated() {
            guard let point = venue.coordinate else { continue }
            cells[.containing(latitude: point.latitude, longitude: point.longitude), default: []].append(index)
        }
        self.cells = cells
    }

    /// Indexes of venues within `radius` metres of `point`, with their distances, nearest first.
    func venues(near point: GeoCoordinate, within radius: Double, in venues: [Venue]) -> [(index: Int, distance: Double)] {
        let latitudeSpan = radius / 111_000
        let longitudeSpan = radius / (111_000 * max(0.01, cos(point.latitude * .pi / 180)))
        let low = Cell.containing(latitude: point.latitude - latitudeSpan, longitude: point.longitude - longitudeSpan)
        let high = Cell.containing(latitude: point.latitude + latitudeSpan, longitude: point.longitude + longitudeSpan)
        var found: [(index: Int, distance: Double)] = []
        for row in low.row...high.row {
            for column in low.column...high.column {
                for index in cells[Cell(row: row, column: column)] ?? [] {
                    let distance = point.distance(to: venues[index].coordinate!)
                    if distance <= radius { found.append((index, distance)) }
                }
            }
        }
        return found.sorted { ($0.distance, $0.index) < ($1.distance, $1.index) }
    }
}
