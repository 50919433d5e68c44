import Catalog
import Foundation
import TimeAndPlace

/// Where a fan's photos gather on days without a game — home, work, a friend's flat — learned from the photos
/// themselves. A fan who lives 1.6 km from a ballpark takes photos at home on game days too: they are near a game, but
/// no question. Only places outside the high radius of every venue count (a fan at the park on days without a game,
/// for a tour or a concert, is still asked about the park on game days), and a spot the library has never seen is
/// still asked about.
public struct UsualPlaces: Sendable {
    /// A photo taken within 5 km of a venue on a day without a game there: which, where and on which day.
    public struct Sighting: Hashable, Sendable {
        /// The photo's path, which identifies it.
        public var path: String
        /// Where the photo was taken.
        public var location: GeoCoordinate
        /// The photo's local date.
        public var day: LocalDate

        /// The photo at `path`, taken at `location` on `day`.
        public init(path: String, location: GeoCoordinate, day: LocalDate) {
            self.path = path
            self.location = location
            self.day = day
        }
    }

    /// Photos this close together are at one place: a phone's position indoors wanders by about 100 m.
    public static let radius = 150.0
    /// A place is usual once photos were taken there on this many different days without a game.
    public static let days = 3
    /// Cells of 0.004° (at least 220 m up to 60° of latitude), so every sighting within ``radius`` of a point is in
    /// its cell or the eight around it.
    private static let cell = 0.004

    private struct Cell: Hashable {
        var latitude: Int
        var longitude: Int

        init(latitude: Int, longitude: Int) {
            self.latitude = latitude
            self.longitude = longitude
        }

        init(_ location: GeoCoordinate) {
            self.init(
                latitude: Int((location.latitude / UsualPlaces.cell).rounded(.down)),
                longitude: Int((location.longitude / UsualPlaces.cell).rounded(.down)))
        }
    }

    private var cells: [Cell: [Sighting]] = [:]

    /// The places `sightings` make.
    public init(_ sightings: some Sequence<Sighting> = []) { add(sightings) }

    /// Learns from more sightings.
    public mutating func add(_ sightings: some Sequence<Sighting>) {
        for sighting in sightings { cells[Cell(sighting.location), default: []].append(sighting) }
    }

    /// On how many days without a game the fan's photos were taken within ``radius`` of `location`, when that makes
    /// it a usual place; nil otherwise.
    public func days(at location: GeoCoordinate) -> Int? {
        let center = Cell(location)
        var days: Set<LocalDate> = []
        for latitude in (center.latitude - 1)...(center.latitude + 1) {
            for longitude in (center.longitude - 1)...(center.longitude + 1) {
                for sighting in cells[Cell(latitude: latitude, longitude: longitude)] ?? []
                where sighting.location.distance(to: location) < Self.radius {
                    days.insert(sighting.day)
                }
            }
        }
        return days.count >= Self.days ? days.count : nil
    }

    /// The sightings a report holds: its photos near a venue on days without a game around (`noGamesOnDate`), and not
    /// inside any venue's high radius.
    public static func sightings(in report: MatchReport, rules: MatchingRules = MatchingRules()) -> [Sighting] {
        report.photos.compactMap { photo in
            guard photo.reason == .noGamesOnDate, let location = photo.location, let day = photo.capture?.local.date,
                (photo.venue?.distanceMeters ?? 0) >= rules.highRadius
            else { return nil }
            return Sighting(path: photo.path, location: location, day: day)
        }
    }
}

extension MatchReport {
    /// Questions about photos taken at a usual place, beyond the high radius of every venue in reach, become photos near
    /// a game (`lowConfidence`, with ``PhotoMatch/usualPlaceDays`` saying why): listed, not asked.
    public mutating func notAsking(at places: UsualPlaces, rules: MatchingRules = MatchingRules()) {
        for index in photos.indices where photos[index].status == .needsConfirmation {
            let photo = photos[index]
            guard let location = photo.location, photo.candidates.allSatisfy({ ($0.distanceMeters ?? 0) >= rules.highRadius }),
                let days = places.days(at: location)
            else { continue }
            photos[index].status = .unmatched
            photos[index].reason = .lowConfidence
            photos[index].usualPlaceDays = days
        }
        self = MatchReport(photos: photos)
    }
}
