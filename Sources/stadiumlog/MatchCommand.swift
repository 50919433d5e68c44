import ArgumentParser
import Catalog
import Foundation
import Matching
import PhotoMetadata
import UseCases

/// `stadiumlog match`: which venue and game each photo shows, and how sure we are. Reads, matches, writes nothing.
struct MatchCommand: AsyncParsableCommand {
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

    @Option(name: [.customLong("league"), .customLong("sport")], help: "Only consider games of this league.")
    var sport: LeagueID?

    func run() async throws {
        try PhotoBatch.requireExisting(paths)
        let catalog = try library.catalog()
        let report = try await ImportSession.matchReport(
            paths, catalog: catalog,
            options: ImportSession.Options(sport: sport, followsLinks: walking.followLinks),
            progress: ImportProgressDisplay().handler())
        try Self.print(report, catalog: catalog, as: format)
    }

    /// The report as a table for people or as the JSON other tools read.
    static func print(_ report: MatchReport, catalog: Catalog, as format: ReportFormat) throws {
        switch format {
        case .json: Swift.print(try JSONOutput.string(MatchReportJSON(report: report, catalog: catalog)))
        case .table: Swift.print(MatchTable(report: report, catalog: catalog).rendered, terminator: "")
        }
    }
}
