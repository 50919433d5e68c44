import ArgumentParser
import Catalog
import CommandLineBasics
import Foundation
import TimeAndPlace
import UseCases
import VisitStore

/// `stadiumlog visits add`: a game attended without a photo, found in the catalog.
struct VisitsAddCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Record a game you attended without a photo: by its id, or by a team or venue and the date.",
        discussion: """
            Only a game in the catalog can be added (as in `confirm`). When the team's name or abbreviation fits several \
            games that day (PHI: the Phillies and the Flyers), they are listed with their ids; add one by --game.
              stadiumlog visits add --team "Red Sox" --on 2015-06-15
              stadiumlog visits add --venue "Jacobs Field" --on 2007-10-05
              stadiumlog visits add --game game_mlb_2015_bos_atl_0615
            """)

    @OptionGroup var library: LibraryOptions
    @Option(help: "A game id (stadiumlog games).") var game: GameID?
    @Option(help: "A team: name, nickname, abbreviation or id.") var team: String?
    @Option(help: "A venue: id or any name it had.") var venue: String?
    @Option(
        name: [.customLong("on"), .customLong("date")], help: ArgumentHelp("The day of the game.", valueName: "YYYY-MM-DD"),
        transform: parseLocalDate) var on: LocalDate?

    func validate() throws {
        if game == nil, team == nil, venue == nil { throw ValidationError("name the game: --game ID, or --team or --venue with --on DATE") }
        if game == nil, on == nil { throw ValidationError("--team and --venue need the day: --on YYYY-MM-DD") }
    }

    func run() throws {
        let catalog = try library.catalog()
        let id = try game ?? chosen(from: GameLookup(catalog: catalog).games(team: team, venue: venue, on: on!), catalog: catalog)
        let library = try library.openOrCreate()
        let added = try Corrections(library: library, catalog: catalog).add(game: id)
        print("Added \(added.value.summary)")
        announce(added.achievements)
    }

    /// The one game found, or a list of what was found and how to name one.
    private func chosen(from games: [Game], catalog: Catalog) throws -> GameID {
        let what = [team, venue].compactMap { $0 }.map { "'\($0)'" }.joined(separator: " or ")
        guard let first = games.first else {
            throw RuntimeError("no game for \(what) on \(on!.iso8601) in the catalog; check the name and the date (nothing was changed)")
        }
        guard games.count == 1 else {
            let lines = games.map { "  \($0.id)  \(catalog.describe($0))" }.joined(separator: "\n")
            throw RuntimeError(
                "\(games.count) games fit \(what) on \(on!.iso8601):\n\(lines)\nadd one by --game ID (nothing was changed)")
        }
        return first.id
    }
}
