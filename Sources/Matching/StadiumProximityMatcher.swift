import Catalog
import Foundation
import TimeAndPlace

/// Finds the venues near a photo that stood and were in use around its date.
///
/// Uses the catalog's spatial grid, so a photo far from every venue costs a hash lookup or two. Closing-aware:
/// a 2007 photo in the Bronx finds the Yankee Stadium of 1923, a 2010 photo the one of 2009.
public struct StadiumProximityMatcher: Sendable {
    public let catalog: Catalog
    public let rules: MatchingRules

    /// A venue near a photo.
    public struct Nearby: Sendable {
        public let venue: Venue
        public let distance: Double
        public let spatial: SpatialConfidence
        let index: Int
    }

    public init(catalog: Catalog, rules: MatchingRules = MatchingRules()) {
        self.catalog = catalog
        self.rules = rules
    }

    /// Venues within `rules.lowRadius` of a point, open on `day` (or the day before or after), nearest first.
    /// Without a day, every venue in range.
    public func venues(near point: GeoCoordinate, on day: LocalDate?) -> [Nearby] {
        catalog.venueIndexes(near: point, within: rules.lowRadius).compactMap { index, distance in
            let venue = catalog.venues[index]
            if let day, !(venue.isOpen(on: day) || venue.isOpen(on: day.adding(days: -1)) || venue.isOpen(on: day.adding(days: 1))) {
                return nil
            }
            return Nearby(venue: venue, distance: distance, spatial: rules.spatialConfidence(forDistance: distance), index: index)
        }
    }
}
