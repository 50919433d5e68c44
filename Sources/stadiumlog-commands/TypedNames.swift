import Catalog
import CommandLineBasics
import TimeAndPlace

/// Teams and venues as a fan types them on the command line, through the catalog's one lookup: exactly one is the
/// answer; several are listed with their ids; none says so, with the names it was near ("did you mean").
enum TypedNames {
    /// The one team `text` names (on `day`, when given).
    static func team(_ text: String, on day: LocalDate? = nil, in catalog: Catalog) throws -> TeamID {
        try only(
            catalog.teams(named: text, on: day).map { ($0.id, day.map($0.name(on:)) ?? $0.currentName) }, named: text,
            kind: "teams", none: noTeam(text, catalog))
    }

    /// The one venue `text` names (on `day`, when given): an id, any name it had or part of one, a city, a team.
    static func venue(_ text: String, on day: LocalDate? = nil, in catalog: Catalog) throws -> String {
        try only(
            catalog.venues(meant: text, on: day).map { ($0.id, day.map($0.name(on:)) ?? $0.currentName) }, named: text,
            kind: "venues", none: noVenue(text, catalog))
    }

    /// That no team is called `text`, with the names it is near.
    static func noTeam(_ text: String, _ catalog: Catalog) -> String {
        "no team is called '\(text)'\(nearby(text, catalog, venues: false)); try its city, nickname or abbreviation"
    }

    /// That no venue is called `text`, with the names it is near.
    static func noVenue(_ text: String, _ catalog: Catalog) -> String {
        "no venue is called '\(text)'\(nearby(text, catalog)); try `stadiumlog venues \(text)`"
    }

    /// " (did you mean New York Yankees?)" when a name is a letter or two away; else nothing.
    private static func nearby(_ text: String, _ catalog: Catalog, venues: Bool = true) -> String {
        let near = catalog.names(near: text, includingVenues: venues)
        return near.isEmpty ? "" : " (did you mean \(near.joined(separator: " or "))?)"
    }

    /// The id of the only thing found; none is said with `none`, several are listed with their ids.
    private static func only<ID: CustomStringConvertible>(
        _ found: [(id: ID, name: String)], named text: String, kind: String, none: @autoclosure () -> String
    ) throws -> ID {
        guard found.count <= 1 else {
            throw RuntimeError(
                "'\(text)' names \(found.count) \(kind): "
                    + found.prefix(6).map { "\($0.name) (\($0.id))" }.joined(separator: ", ") + "; give one of the ids")
        }
        guard let one = found.first else { throw RuntimeError(none()) }
        return one.id
    }
}
