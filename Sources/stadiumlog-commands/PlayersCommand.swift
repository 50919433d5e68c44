import ArgumentParser
import Catalog
import CommandLineBasics
import UseCases

/// `stadiumlog players`: everyone the fan saw start, and the managers and head coaches they saw, from the catalog's
/// lineups.
struct PlayersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "players",
        abstract: "List every player you saw start (and pitchers of record in relief), how often and the first time, with their honours.",
        discussion: """
            From the lineups the catalog holds: MLB starting lineups, starting pitchers and pitchers of record from \
            Retrosheet's game logs (1950-2024), NFL starting quarterbacks and head coaches from nflverse (2000 on). \
            Honours: the Hall of Fame and the major awards (the Lahman tables).
            """
    )

    @OptionGroup var library: LibraryOptions

    @Option(name: [.customLong("league"), .customLong("sport")], help: "Only this league.") var league: LeagueID?
    @Flag(help: "Only Hall of Famers and award winners.") var honoured = false
    @Option(help: "Show at most this many players (0: all).") var limit = 0
    @Option(help: "Output format: table or json.") var format: ReportFormat = .table

    func validate() throws {
        guard limit >= 0 else { throw ValidationError("--limit must be 0 (all) or more, not \(limit)") }
    }

    func run() throws {
        let library = try library.openForReading()
        let history = FanHistory(library: library, catalog: try library.catalog())
        let seen = try history.playersSeen(league: league, honouredOnly: honoured, limit: limit > 0 ? limit : nil)
        if format == .json { return print(try JSONOutput.string(seen)) }
        print(seen.coverage)
        for (title, people, isPlayers) in [
            ("Players you saw start", seen.players, true), ("Managers and head coaches", seen.managers, false),
        ]
        where !people.isEmpty {
            print("\n\(title)")
            let header =
                isPlayers ? ["NAME", "GAMES", "STARTS", "DECISIONS", "FIRST GAME", "HONOURS"] : ["NAME", "GAMES", "FIRST GAME", "HONOURS"]
            let rows = people.map { person in
                [person.name, String(person.games)] + (isPlayers ? [String(person.starts), person.decisions] : [])
                    + [person.first.text, person.honours.joined(separator: "; ")]
            }
            print(TextTable(header: header, rows: rows).rendered, terminator: "")
        }
        if let best = seen.players.first { print("\n\(best.line)") }
    }
}
