import TimeAndPlace

/// The venues' positions, looked up by grid: what a location history is read for. A point or a stay farther than
/// ``reach`` from every venue is let go as it is read — the fan's home, work and travels are never kept.
public struct PlacesOfInterest: Sendable {
    /// The positions, in the caller's order (a venue's index in the catalog).
    public let positions: [GeoCoordinate?]
    /// How far from a venue a stay may be and still be kept (the low radius: 5 km).
    public let reach: Double
    /// How near to one venue points must stay to make a dwell (the high radius: 500 m).
    public let dwellRadius: Double
    private let cells: [Cell: [Int]]

    private struct Cell: Hashable {
        var row: Int
        var column: Int
    }

    /// A tenth of a degree: a cell and its neighbours hold every venue within 5 km up to 60° of latitude.
    private static let cellSize = 0.1

    /// Places at `positions`, kept within `reach`, dwelt at within `dwellRadius`.
    public init(_ positions: [GeoCoordinate?], reach: Double, dwellRadius: Double) {
        self.positions = positions
        self.reach = reach
        self.dwellRadius = dwellRadius
        var cells: [Cell: [Int]] = [:]
        for (index, position) in positions.enumerated() {
            if let position { cells[Self.cell(of: position), default: []].append(index) }
        }
        self.cells = cells
    }

    private static func cell(of position: GeoCoordinate) -> Cell {
        Cell(row: Int((position.latitude / cellSize).rounded(.down)), column: Int((position.longitude / cellSize).rounded(.down)))
    }

    /// The nearest place within `radius` (at most ``reach``) of a position, with its distance.
    public func nearest(to position: GeoCoordinate, within radius: Double? = nil) -> (index: Int, distance: Double)? {
        let limit = min(radius ?? reach, reach)
        let home = Self.cell(of: position)
        var best: (index: Int, distance: Double)?
        for row in (home.row - 1)...(home.row + 1) {
            for column in (home.column - 1)...(home.column + 1) {
                for index in cells[Cell(row: row, column: column)] ?? [] {
                    guard let place = positions[index] else { continue }
                    let distance = place.distance(to: position)
                    if distance <= limit, distance < best?.distance ?? .infinity { best = (index, distance) }
                }
            }
        }
        return best
    }
}
