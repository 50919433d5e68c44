import ArgumentParser
import Catalog
import Foundation
import Matching
import TimeAndPlace

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
        let games: [Game]
        if let venue {
            let venues = catalog.venue(id: venue).map { [$0] } ?? catalog.venues(named: venue, on: on)
            guard !venues.isEmpty else { throw RuntimeError("no venue is called '\(venue)'; try `stadiumlog venues \(venue)`") }
            games = venues.flatMap { catalog.games(atVenue: $0.id, on: on) }
        } else {
            let teams = catalog.teams(named: team!, on: on)
            guard !teams.isEmpty else {
                throw RuntimeError("no team is called '\(team!)' on \(on); try its city, nickname or abbreviation")
            }
            guard teams.count == 1 else {
                throw RuntimeError("'\(team!)' could be \(teams.map { $0.name(on: on) }.joined(separator: ", ")) on \(on); be more precise")
            }
            games = teams.flatMap { catalog.games(ofTeam: $0.id, on: on) }
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
