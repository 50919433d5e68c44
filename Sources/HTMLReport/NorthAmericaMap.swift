import Catalog
import Foundation

/// A map of North America as inline SVG: country outlines from bundled Natural Earth geometry, drawn in an Albers
/// equal-area projection (the usual one for maps of the United States and Canada), with a dot per venue.
struct NorthAmericaMap {
    /// What a dot shows: a venue visited, or one of the leagues' current venues not visited yet.
    struct Dot {
        var name: String
        var latitude: Double
        var longitude: Double
        var visited: Bool
        /// A visited venue's fill: its league's colour.
        var color: String?
        /// Where a click on the dot leads, when anywhere.
        var link: String?
    }

    static let width = 960.0
    /// The frame: the continent from Vancouver Island to Newfoundland, Edmonton to Mexico City.
    static let west = -128.0, east = -60.0, south = 17.0, north = 57.0

    private let projection = AlbersProjection()
    private let origin: (x: Double, y: Double)
    private let scale: Double
    let height: Double

    init() {
        var xs: [Double] = []
        var ys: [Double] = []
        for step in 0...20 {
            let t = Double(step) / 20
            for (longitude, latitude) in [
                (Self.west + (Self.east - Self.west) * t, Self.south),
                (Self.west + (Self.east - Self.west) * t, Self.north),
                (Self.west, Self.south + (Self.north - Self.south) * t),
                (Self.east, Self.south + (Self.north - Self.south) * t),
            ] {
                let point = projection.project(longitude: longitude, latitude: latitude)
                xs.append(point.x)
                ys.append(point.y)
            }
        }
        origin = (xs.min()!, ys.max()!)
        scale = Self.width / (xs.max()! - xs.min()!)
        height = ((ys.max()! - ys.min()!) * scale).rounded()
    }

    /// A point on the SVG canvas.
    func point(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        let projected = projection.project(longitude: longitude, latitude: latitude)
        return ((projected.x - origin.x) * scale, (origin.y - projected.y) * scale)
    }

    /// Each country's outlines, read and projected once a process: every page and card with a map shows the same.
    static let countries = NorthAmericaMap().countryRings()

    /// The countries' outlines as SVG, made once a process.
    private static let outlines = countryPaths()

    /// The countries' outlines, one `path` each.
    private static func countryPaths() -> String {
        countries.map { code, rings in
            let path = rings.map { ring in
                ring.enumerated().map { index, p in (index == 0 ? "M" : "L") + String(format: "%.1f %.1f", p.x, p.y) }.joined() + "Z"
            }
            return "<path class=\"country\" data-country=\"\(code)\" d=\"\(path.joined())\"/>"
        }.joined(separator: "\n")
    }

    /// Each country's outlines (country code, closed rings of projected points), from the bundled geometry.
    private func countryRings() -> [(code: String, rings: [[(x: Double, y: Double)]])] {
        guard let url = Bundle.module.url(forResource: "north-america", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let geometry = try? JSONDecoder().decode(Geometry.self, from: data)
        else { return [] }
        return geometry.countries.sorted { $0.key < $1.key }.map { code, polygons in
            (code, polygons.flatMap { $0 }.map { ring in ring.map { point(longitude: $0[0], latitude: $0[1]) } })
        }
    }

    /// Whether a place falls inside the map's frame.
    static func frames(longitude: Double, latitude: Double) -> Bool {
        (west...east).contains(longitude) && (south...north).contains(latitude)
    }

    /// Whether a dot falls inside the map's frame (Wembley and the Tokyo Dome do not).
    func frames(_ dot: Dot) -> Bool { Self.frames(longitude: dot.longitude, latitude: dot.latitude) }

    /// The whole map: outlines, then dots (remaining ones under visited ones), each with its name as a tooltip; a
    /// visited dot in its league's colour, and a link around it when it has one.
    func svg(dots: [Dot]) -> String {
        let circles = dots.sorted { !$0.visited && $1.visited }.map { dot in
            let p = point(longitude: dot.longitude, latitude: dot.latitude)
            let circle = String(
                format: "<circle class=\"venue %@\" cx=\"%.1f\" cy=\"%.1f\" r=\"%@\"%@><title>%@</title></circle>",
                dot.visited ? "visited" : "remaining", p.x, p.y, dot.visited ? "6" : "4",
                dot.color.map { " fill=\"\(HTML.escape($0))\"" } ?? "",
                HTML.escape(dot.name + (dot.visited ? " — visited" : "")))
            return dot.link.map { "<a href=\"\(HTML.escape($0))\">\(circle)</a>" } ?? circle
        }
        return """
            <svg class="map" viewBox="0 0 \(Int(Self.width)) \(Int(height))" role="img" aria-label="Map of the venues">
            <rect class="sea" width="100%" height="100%"/>
            \(Self.outlines)
            \(circles.joined(separator: "\n"))
            </svg>
            """
    }

    private struct Geometry: Decodable {
        /// Country code → polygons → rings → [longitude, latitude].
        var countries: [String: [[[[Double]]]]]
    }
}

/// The Albers equal-area conic projection with the standard parallels of maps of North America (29.5° and 45.5°
/// north), centred on 96° west. Output in radians of the unit sphere.
struct AlbersProjection {
    private let n: Double, c: Double, rho0: Double, lambda0: Double

    init(parallels: (Double, Double) = (29.5, 45.5), origin: (longitude: Double, latitude: Double) = (-96, 23)) {
        let phi1 = parallels.0 * .pi / 180
        let phi2 = parallels.1 * .pi / 180
        let phi0 = origin.latitude * .pi / 180
        n = (sin(phi1) + sin(phi2)) / 2
        c = cos(phi1) * cos(phi1) + 2 * n * sin(phi1)
        rho0 = (c - 2 * n * sin(phi0)).squareRoot() / n
        lambda0 = origin.longitude * .pi / 180
    }

    func project(longitude: Double, latitude: Double) -> (x: Double, y: Double) {
        let phi = latitude * .pi / 180
        let lambda = longitude * .pi / 180
        let rho = (c - 2 * n * sin(phi)).squareRoot() / n
        let theta = n * (lambda - lambda0)
        return (rho * sin(theta), rho0 - rho * cos(theta))
    }
}

/// The report's map of North America as shapes rather than SVG — the outlines and where a place falls — for a
/// picture drawn elsewhere (the share card), so both show one map.
public enum MapOfNorthAmerica {
    private static let map = NorthAmericaMap()

    /// The map's size, in its own coordinates.
    public static var size: (width: Double, height: Double) { (NorthAmericaMap.width, map.height) }

    /// The countries' outlines, closed rings of points in the map's coordinates (read once a process).
    public static var outlines: [[(x: Double, y: Double)]] { NorthAmericaMap.countries.flatMap(\.rings) }

    /// Where a place falls on the map; nil when it is beyond the map's frame (London, Tokyo).
    public static func point(longitude: Double, latitude: Double) -> (x: Double, y: Double)? {
        NorthAmericaMap.frames(longitude: longitude, latitude: latitude) ? map.point(longitude: longitude, latitude: latitude) : nil
    }
}
