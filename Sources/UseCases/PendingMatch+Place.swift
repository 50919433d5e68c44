import Catalog
import Matching
import TimeAndPlace
import VisitStore

extension PendingMatch {
    /// The capture day on the camera's clock.
    public var localDate: LocalDate? { captureLocal?.date }

    /// The fan day of the capture: before 05:00 it is the evening before (``MatchingRules/fanDay(of:)``).
    public var fanDay: LocalDate? { captureLocal.map(MatchingRules().fanDay(of:)) }

    /// The venue the photo is filed at: the one the match report named, else the nearest to where it was taken.
    public func venueOrNearest(in catalog: Catalog) -> String? {
        if let venueId { return venueId }
        guard let latitude, let longitude, let point = GeoCoordinate(latitude: latitude, longitude: longitude) else { return nil }
        return StadiumProximityMatcher(catalog: catalog).venues(near: point, on: nil).first?.venue.id
    }
}
