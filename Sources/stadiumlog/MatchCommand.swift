import ArgumentParser
import Catalog
import Foundation
import Matching
import PhotoMetadata

/// `stadiumlog match`: which venue and game each photo shows, and how sure we are. Reads, matches, writes nothing.
struct MatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "Match photos to venues and games, without writing anything.",
        discussion: """
            The table groups matched photos into the visits an import would create and lists every photo that needs \
            you, with the reason. --format json writes the report other tools read (docs/REPORT.md).
            """
    )

    @Argument(help: "Folders or photo files.", completion: .file())
    var paths: [String]

    @OptionGroup var walking: WalkOptions

    @OptionGroup var library: LibraryOptions

    @Option(help: "Output format: table or json.")
    var format: ReportFormat = .table

    @Option(help: "Only consider games of this sport: mlb, nba or nhl.")
    var sport: Sport?

    func run() throws {
        let batch = try PhotoBatch.read(paths, followingLinks: walking.followLinks)
        let catalog = try library.catalog()
        let report = MatchReport(matching: batch.photos, with: GameMatcher(catalog: catalog, sport: sport))
        switch format {
        case .json: print(try JSONOutput.string(MatchReportJSON(report: report, catalog: catalog)))
        case .table: print(MatchTable(report: report, catalog: catalog).rendered, terminator: "")
        }
    }
}
