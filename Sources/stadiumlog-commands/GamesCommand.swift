import ArgumentParser
import Catalog
import CommandLineBasics
import Foundation
import Matching
import TimeAndPlace
import UseCases

/// `stadiumlog games`: the games the catalog (bundled, with the library's overlay) holds for a venue or team on a date.
struct GamesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "games",
        abstract: "List the games at a venue, or of a team, on a date."
    )

    @Option(help: "A venue id (stadium_mlb_fenway_park) or any of its names.")
    var venue: String?

    @Option(help: "A team id (team_mlb_bos), abbreviation or name.")
    var team: String?

    @Option(
        name: [.customLong("on"), .customLong("date")], help: ArgumentHelp("The local date at the venue.", valueName: "YYYY-MM-DD"),
        transform: parseLocalDate)
    var on: LocalDate

    @Option(help: "Output format: table or json.")
    var format: ReportFormat = .table

    @OptionGroup var library: LibraryOptions

    func validate() throws {
        if (venue == nil) == (team == nil) { throw ValidationError("give either --venue or --team") }
    }

    func run() throws {
        let catalog = try library.catalog()
        // A name several teams share (PHI: the Phillies, the Flyers, …) lists each one's games that day.
        let games = GameLookup(catalog: catalog).games(team: team, venue: venue, on: on)
        if games.isEmpty {
            if let team, catalog.teams(named: team, on: on).isEmpty { throw RuntimeError(TypedNames.noTeam(team, catalog)) }
            if let venue, catalog.venues(meant: venue, on: on).isEmpty { throw RuntimeError(TypedNames.noVenue(venue, catalog)) }
        }

        switch format {
        case .json:
            print(try JSONOutput.string(games.map { GameJSON(game: $0, catalog: catalog) }))
        case .table:
            let rows = games.map { game -> [String] in
                let start: String? = catalog.localStart(of: game).map { "\($0.time) (UTC\($0.offset))" }
                return [
                    game.id.rawValue, catalog.venueName(game.venueId, on: game.localDate), catalog.matchup(of: game),
                    game.finalScore?.description ?? "",
                    start ?? game.dayNight.map { $0 == "N" ? "night" : "day" } ?? "",
                    game.seasonType.rawValue + (game.isNeutralSite ? ", neutral site" : ""),
                ]
            }
            print(
                TextTable(header: ["GAME", "VENUE", "MATCHUP", "SCORE", "START (LOCAL)", "TYPE"], rows: rows).rendered,
                terminator: "")
            print("\(games.count) game\(games.count == 1 ? "" : "s") on \(on)")
        }
    }
}
