import Catalog
import Foundation
import TimeAndPlace

/// Finds the venues near a photo that stood and were in use around its date.
///
/// Uses the catalog's spatial grid, so a photo far from every venue costs a hash lookup or two. Closing-aware:
/// a 2007 photo in the Bronx finds the Yankee Stadium of 1923, a 2010 photo the one of 2009.
public struct StadiumProximityMatcher: Sendable {
    /// The venues searched.
    public let catalog: Catalog
    /// The search radius (``MatchingRules/lowRadius``) and the spatial confidence of each distance.
    public let rules: MatchingRules

    /// A venue near a photo.
    public struct Nearby: Sendable {
        /// The venue found.
        public let venue: Venue
        /// Distance from the photo to the venue, in metres.
        public let distance: Double
        /// The spatial confidence of that distance.
        public let spatial: SpatialConfidence
        let index: Int
    }

    /// A matcher over the catalog's venues, with the radii of `rules`.
    public init(catalog: Catalog, rules: MatchingRules = MatchingRules()) {
        self.catalog = catalog
        self.rules = rules
    }

    /// Venues within `rules.lowRadius` of a point, open on `day` (or the day before or after), nearest first.
    /// Without a day, every venue in range.
    public func venues(near point: GeoCoordinate, on day: LocalDate?) -> [Nearby] {
        nearby(point, on: day).map { Nearby(venue: catalog.venues[$0.index], distance: $0.distance, spatial: $0.spatial, index: $0.index) }
    }

    /// The same by position, without copying venues (the matcher's hot path).
    func nearby(_ point: GeoCoordinate, on day: LocalDate?) -> [(index: Int, distance: Double, spatial: SpatialConfidence)] {
        catalog.venueIndexes(near: point, within: rules.lowRadius).compactMap { index, distance in
            if let day {
                let venue = catalog.venues[index]
                guard venue.isOpen(on: day) || venue.isOpen(on: day.adding(days: -1)) || venue.isOpen(on: day.adding(days: 1))
                else { return nil }
            }
            return (index, distance, rules.spatialConfidence(forDistance: distance))
        }
    }
}
