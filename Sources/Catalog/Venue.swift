import Foundation
import TimeAndPlace

/// One physical building, forever under one canonical id (`stadium_mlb_fenway_park`), whatever it is called.
///
/// Renames add names, not venues; a team moving to a new building is a new venue. Closed buildings stay, so old
/// photos still resolve.
public struct Venue: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    /// Official names with the days they were valid, oldest first.
    public var names: [DatedName]
    /// Other strings sources use for the building (sponsor spellings, "at Rogers Place (Edmonton AB)").
    public var aliases: [DatedName]
    public var city: String?
    public var region: String?
    public var country: String?
    public var latitude: Double?
    public var longitude: Double?
    /// How far the coordinate can be trusted: `verified_independent`, `verified_two_wikipedia_editions`,
    /// `sources_agree`, `single_source` or `missing` (see docs/DATA.md).
    public var coordinateStatus: String
    public var coordinateSources: [String]
    /// IANA time zone identifier, such as `America/New_York`.
    public var timeZone: String
    public var opened: LocalDate?
    public var closed: LocalDate?
    public var tenants: [Tenancy]
    public var note: String?

    /// Where the building stands, when a coordinate is known.
    public var coordinate: GeoCoordinate? {
        guard let latitude, let longitude else { return nil }
        return GeoCoordinate(latitude: latitude, longitude: longitude)
    }

    /// The name on a day ("Staples Center" on 2021-12-24, "Crypto.com Arena" the next day).
    public func name(on day: LocalDate) -> String { names.name(on: day) ?? id }

    /// The latest name.
    public var currentName: String { names.last?.name ?? id }

    /// Whether the building stood and was in use on a day.
    public func isOpen(on day: LocalDate) -> Bool {
        (opened.map { $0 <= day } ?? true) && (closed.map { day <= $0 } ?? true)
    }

    /// The sports played there, from its tenancies.
    public var sports: Set<Sport> { Set(tenants.map(\.sport)) }
}

/// A team's use of a venue: home, a temporary or shared home, or a single neutral-site or outdoor event.
public struct Tenancy: Hashable, Sendable, Codable, DatedValue {
    /// Nil for league-wide uses such as the 2020 bubbles.
    public var teamId: String?
    public var sport: Sport
    public var from: LocalDate?
    public var to: LocalDate?
    /// `home`, `shared_home`, `temporary_home`, `occasional`, `occasional_home`, `neutral`, `neutral_preseason`,
    /// `outdoor` or `bubble`.
    public var usage: String

    /// A home of the team, as opposed to an event there.
    public var isHome: Bool { ["home", "shared_home", "temporary_home"].contains(usage) }
}
