import Foundation
import TimeAndPlace

/// One physical building, forever under one canonical id (`stadium_mlb_fenway_park`), whatever it is called.
///
/// Renames add names, not venues; a team moving to a new building is a new venue. Closed buildings stay, so old
/// photos still resolve.
public struct Venue: Hashable, Sendable, Codable, Identifiable {
    /// The canonical id, `stadium_{league}_{name}` (`stadium_mlb_fenway_park`), kept whatever the building is called.
    public var id: String
    /// Official names with the days they were valid, oldest first.
    public var names: [DatedName]
    /// Other strings sources use for the building (sponsor spellings, "at Rogers Place (Edmonton AB)").
    public var aliases: [DatedName]
    /// The city the building stands in ("Boston"), when known.
    public var city: String?
    /// The state or province as the sources abbreviate it (`MA`, `ON`, `CDMX`), when known.
    public var region: String?
    /// The country, mostly as an ISO 3166 code (`US`, `CA`, `JP`), when known.
    public var country: String?
    /// Degrees north (negative south); nil when the coordinate is missing. ``coordinate`` pairs it with ``longitude``.
    public var latitude: Double?
    /// Degrees east (negative west); nil when the coordinate is missing.
    public var longitude: Double?
    /// How far the coordinate can be trusted: `verified_independent`, `verified_two_wikipedia_editions`,
    /// `sources_agree`, `single_source` or `missing` (see docs/DATA.md).
    public var coordinateStatus: String
    /// Where the coordinate came from, one entry per source with the point it gave; empty when it is missing.
    public var coordinateSources: [String]
    /// IANA time zone identifier, such as `America/New_York`.
    public var timeZone: String
    /// The first day the building was in use; nil when not known, so ``isOpen(on:)`` sets no start.
    public var opened: LocalDate?
    /// The last day the building was in use; nil while it still is, or when not known.
    public var closed: LocalDate?
    /// Who played there and when: homes, and neutral-site, outdoor and bubble events.
    public var tenants: [Tenancy]
    /// A curator's remark on the entry (a coordinate withheld, and why), when there is one.
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

    /// The leagues whose games were played there, from its tenancies.
    public var leagues: Set<LeagueID> { Set(tenants.map(\.league)) }
}

/// A team's use of a venue: home, a temporary or shared home, or a single neutral-site or outdoor event.
public struct Tenancy: Hashable, Sendable, Codable, DatedValue {
    /// The keys of the catalog files: `sport` for the league, as it has always been written.
    enum CodingKeys: String, CodingKey {
        case teamId
        case league = "sport"
        case from, to, usage
    }

    /// Nil for league-wide uses such as the 2020 bubbles.
    public var teamId: TeamID?
    /// The league of the games played there under this tenancy.
    public var league: LeagueID
    /// The first day of the tenancy; nil when the start is open.
    public var from: LocalDate?
    /// The last day of the tenancy, included; nil while it lasts.
    public var to: LocalDate?
    /// `home`, `shared_home`, `temporary_home`, `occasional`, `occasional_home`, `neutral`, `neutral_preseason`,
    /// `outdoor` or `bubble`.
    public var usage: String

    /// A home of the team, as opposed to an event there.
    public var isHome: Bool { ["home", "shared_home", "temporary_home"].contains(usage) }
}
