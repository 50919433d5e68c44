#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A position on Earth in signed decimal degrees (north and east positive).
public struct GeoCoordinate: Hashable, Sendable, Codable {
    /// Degrees north of the equator (negative south), within ±90.
    public let latitude: Double
    /// Degrees east of Greenwich (negative west), within ±180.
    public let longitude: Double

    /// Returns nil outside ±90° latitude / ±180° longitude, or for non-finite values.
    public init?(latitude: Double, longitude: Double) {
        guard latitude.isFinite, longitude.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else { return nil }
        self.latitude = latitude
        self.longitude = longitude
    }

    /// (0, 0) — "Null Island" in the Gulf of Guinea — is what GPS chips write when they have no fix.
    public var isNullIsland: Bool { abs(latitude) < 1e-7 && abs(longitude) < 1e-7 }

    /// Great-circle distance in metres (haversine, mean Earth radius).
    public func distance(to other: GeoCoordinate) -> Double {
        let radians = Double.pi / 180
        let dLat = (other.latitude - latitude) * radians
        let dLon = (other.longitude - longitude) * radians
        let a =
            sin(dLat / 2) * sin(dLat / 2)
            + cos(latitude * radians) * cos(other.latitude * radians) * sin(dLon / 2) * sin(dLon / 2)
        return 2 * 6_371_008.8 * asin(min(1, a.squareRoot()))
    }
}
