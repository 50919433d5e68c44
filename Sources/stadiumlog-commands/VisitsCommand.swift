import ArgumentParser
import Catalog
import CommandLineBasics
import Foundation
import UseCases
import VisitStore

/// `stadiumlog visits`: the fan's history, listed (the default), corrected or deleted.
struct VisitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "visits", abstract: "List, show, correct, move or delete the visits in the library.",
        subcommands: [
            VisitsListCommand.self, VisitsShowCommand.self, VisitsEditCommand.self, VisitsMoveCommand.self,
            VisitsDeleteCommand.self, VisitsAddCommand.self,
        ],
        defaultSubcommand: VisitsListCommand.self
    )
}

/// `stadiumlog visits [list]`.
struct VisitsListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the visits in the library.")

    @OptionGroup var library: LibraryOptions

    @Option(name: [.customLong("league"), .customLong("sport")], help: "Only visits of this league.")
    var league: LeagueID?

    @Option(help: "Only games this team played, home or away: its name, nickname, abbreviation or id.")
    var team: String?

    @Option(help: "Only visits to this venue: any of its names, or its id.")
    var venue: String?

    @Option(help: ArgumentHelp("Only visits of this season (its first year: 2015 for 2015-16).", valueName: "year"))
    var season: Int?

    @Option(help: "Output format: table, json or csv.")
    var format: OutputFormat = .table

    func run() throws {
        let catalog = try library.catalog()
        let history = FanHistory(library: try library.openForReading(), catalog: catalog)
        let query = VisitQuery(
            league: league, teamId: try team.map { try TypedNames.team($0, in: catalog) },
            season: season, venueId: try venue.map { try TypedNames.venue($0, in: catalog) }, newestFirst: false)
        let visits = history.filter(try history.visits(), by: query)
        switch format {
        case .json:
            let evidence = try history.evidence(ofVisits: visits.map(\.id))
            print(try JSONOutput.string(visits.map { VisitAndMoments($0, catalog: catalog, evidence: evidence[$0.id] ?? []) }))
        case .csv:
            let header = [
                "id", "localDate", "venueId", "venueName", "sport", "visitType", "gameId", "awayTeamName",
                "homeTeamName", "awayScore", "homeScore", "dataSource",
            ]
            let rows = visits.map { v in
                [
                    v.id, v.localDate.iso8601, v.venueId, v.venueName, v.league?.rawValue ?? "", v.visitType.rawValue,
                    v.gameId?.rawValue ?? "", v.awayTeamName ?? "", v.homeTeamName ?? "", v.awayScore.map(String.init) ?? "",
                    v.homeScore.map(String.init) ?? "", v.dataSource.rawValue,
                ]
            }
            print(([header] + rows).map { $0.map(CSVField.quoted).joined(separator: ",") }.joined(separator: "\n"))
        case .table:
            print(VisitsTable(visits: visits, photoCounts: try history.photoCounts(), catalog: catalog).rendered, terminator: "")
            print("\(visits.count) visit\(visits.count == 1 ? "" : "s")")
        }
    }
}

/// Visits for people: date, venue as it was called, game, score, photos, and the start of the visit's id (enough to
/// type: every command takes a unique start of an id).
struct VisitsTable {
    let visits: [StadiumVisit]
    /// Photos per visit id.
    let photoCounts: [String: Int]
    /// Where the cities of the teams' names are, to shorten the matchups when the full names do not fit.
    let catalog: Catalog

    /// A row fits a terminal of 100 columns: the teams' full names when they fit, their names less their cities
    /// when not, and a venue's long name cut last (the full names are in `--format csv` and `json`).
    static let width = 100

    var rendered: String {
        var table = self.table(matchup: \.matchup)
        guard table.width > Self.width else { return table.rendered }
        table = self.table { $0.shortMatchup(in: catalog) }
        table.fit(Self.width, cutting: 1)
        return table.rendered
    }

    private func table(matchup: (StadiumVisit) -> String) -> TextTable {
        let rows = visits.map { v -> [String] in
            let score = v.finalScore.map(String.init(describing:)) ?? (v.scoreResolutionPending ? "pending" : "")
            return [v.localDate.iso8601, v.venueName, matchup(v), score, "\(photoCounts[v.id] ?? 0)", String(v.id.prefix(TypedID.shown))]
        }
        return TextTable(header: ["DATE", "VENUE", "GAME", "SCORE", "PHOTOS", "VISIT"], rows: rows)
    }
}
