import ArgumentParser
import Catalog
import CommandLineBasics
import Foundation
import TimeAndPlace

/// `stadiumlog venues`: look up venues by name, place and date — what a user reaches for when a match looks wrong.
struct VenuesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "venues",
        abstract: "Find venues by name, position or date.",
        discussion: """
            TEXT matches any current or former name, case and punctuation ignored ("sbc park" finds Oracle Park), \
            or a city: its venues and those within 40 km of them ("Boston" finds Gillette Stadium, in Foxborough). \
            With --on, names are shown as they were that day and only venues open then are listed.
            """
    )

    @Argument(help: "Part of a venue's name, current or former, or a city.")
    var text: String?

    @Option(
        help: "Only venues within --within metres of LATITUDE,LONGITUDE, nearest first.",
        transform: parseCoordinate)
    var near: GeoCoordinate?

    @Option(help: "Radius for --near, in metres.")
    var within: Double = 5_000

    @Option(
        name: [.customLong("on"), .customLong("date")],
        help: ArgumentHelp("Only venues open on this date; names as of that day.", valueName: "YYYY-MM-DD"), transform: parseLocalDate)
    var on: LocalDate?

    @Option(name: [.customLong("league"), .customLong("sport")], help: "Only venues where this league has played.")
    var league: LeagueID?

    @Option(help: "Output format: table or json.")
    var format: ReportFormat = .table

    func run() throws {
        let catalog = try Catalog.bundled()
        var found: [(venue: Venue, distance: Double?)]
        if let near {
            found = catalog.venues(near: near, within: within).map { ($0.venue, $0.distance) }
        } else {
            found = catalog.venues.map { ($0, nil) }
        }
        let city = text.map { Set(catalog.venues(around: $0).map(\.id)) } ?? []
        if let text {
            let named = Set(catalog.venues(matching: text).map(\.id)).union(city)
            found = found.filter { named.contains($0.venue.id) }
        }
        /// The name a search matched, or the city a venue was found in or near.
        func matched(_ venue: Venue) -> String? {
            guard let text else { return nil }
            return catalog.name(of: venue, matching: text)
                ?? (city.contains(venue.id) ? "in or near " + text : nil)
        }
        if let on { found = found.filter { $0.venue.isOpen(on: on) } }
        if let league { found = found.filter { $0.venue.leagues.contains(league) } }

        switch format {
        case .json:
            let rows = found.map { venue, distance in
                VenueRow(venue: venue, distance: distance, on: on, matchedName: matched(venue))
            }
            print(try JSONOutput.string(rows))
        case .table:
            let header =
                ["ID", "NAME", "CITY", "LEAGUES", "OPENED", "CLOSED", "COORDINATE"] + (near == nil ? [] : ["DISTANCE"])
                + (text == nil ? [] : ["MATCHED NAME"])
            let rows = found.map { venue, distance in
                [
                    venue.id, on.map(venue.name(on:)) ?? venue.currentName,
                    [venue.city, venue.region].compactMap { $0 }.joined(separator: ", "),
                    venue.leagues.sorted().map(\.rawValue).joined(separator: ","), venue.opened?.iso8601 ?? "",
                    venue.closed?.iso8601 ?? "", venue.coordinateStatus,
                ]
                    + (distance.map { [String(format: "%.0f m", $0)] } ?? [])
                    + (text == nil ? [] : [matched(venue) ?? ""])
            }
            print(TextTable(header: header, rows: rows).rendered, terminator: "")
            print("\(found.count) venue\(found.count == 1 ? "" : "s")")
        }
    }
}

/// A venue in `venues --format json`: the catalog record plus the name on the requested day and the distance.
struct VenueRow: Encodable {
    var venue: Venue
    var distance: Double?
    var on: LocalDate?
    /// The name or nickname the search text matched.
    var matchedName: String?

    enum CodingKeys: String, CodingKey { case venue, nameOnDate, distanceMeters, matchedName }

    func encode(to encoder: any Encoder) throws {
        try venue.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(on.map(venue.name(on:)), forKey: .nameOnDate)
        try container.encode(distance.map { ($0 * 10).rounded() / 10 }, forKey: .distanceMeters)
        try container.encode(matchedName, forKey: .matchedName)
    }
}
