import ArgumentParser
import Catalog
import Foundation

/// `stadiumlog catalog stats`: the coverage table of docs/DATA.md, computed from the bundled data.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Facts about the bundled catalog.",
        subcommands: [Stats.self]
    )

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Games per league and season, and how many have coordinates, final scores, start times, day/night flags and lengths."
        )

        @Option(help: "Output format: table or json.")
        var format: ReportFormat = .table

        func run() throws {
            let catalog = try Catalog.bundled()
            let coverage = catalog.coverage()
            if format == .json { return print(try JSONOutput.string(coverage)) }
            func percent(_ part: Int, _ whole: Int) -> String {
                whole == 0 ? "-" : String(format: "%.1f%%", Double(part) * 100 / Double(whole))
            }
            let rows = coverage.map { row in
                [row.sport.displayName, seasonLabel(row.sport, row.season), "\(row.games)", "\(row.postseasonGames)",
                 percent(row.withCoordinates, row.games), percent(row.withScores, row.games),
                 percent(row.withStartTimes, row.games), percent(row.withDayNightOnly, row.games), percent(row.withLength, row.games)]
            }
            print(TextTable(header: ["LEAGUE", "SEASON", "GAMES", "POSTSEASON", "COORDINATES", "FINAL SCORES", "START TIMES",
                                     "DAY/NIGHT ONLY", "LENGTH"],
                            rows: rows).rendered, terminator: "")
            print("\(catalog.venues.count) venues, \(catalog.teams.count) teams, "
                + "\(coverage.reduce(0) { $0 + $1.games }) games")
        }

        private func seasonLabel(_ sport: Sport, _ season: Int) -> String {
            sport == .mlb ? "\(season)" : "\(season)-\(String(season + 1).suffix(2))"
        }
    }
}
