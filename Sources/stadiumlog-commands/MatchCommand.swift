import ArgumentParser
import Catalog
import CommandLineBasics
import Foundation
import Matching
import PhotoMetadata
import UseCases

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
    @OptionGroup var cameras: CameraOptions

    @OptionGroup var library: LibraryOptions

    @Option(help: "Output format: table or json.")
    var format: ReportFormat = .table

    @Option(name: [.customLong("league"), .customLong("sport")], help: "Only consider games of this league.")
    var league: LeagueID?

    @Flag(
        name: [.customLong("list-unmatched"), .customLong("verbose")],
        help: "List every photo left without a game (the table shows a screenful of them and the counts by reason).")
    var listUnmatched = false

    func run() throws {
        try PhotoBatch.requireExisting(paths)
        var options = ImportSession.Options(
            league: league, followsLinks: walking.followLinks, countsFilesFirst: standardErrorIsTerminal)
        options.cameraOffsets = cameras.offsets
        try Self.report(paths, catalog: try library.catalog(), options: options, as: format, listingAllUnmatched: listUnmatched)
    }

    /// Matches the photos a batch at a time and prints the report: the JSON other tools read, written as it goes, or
    /// the table for people, printed at the end (`match`, `import --dry-run`).
    static func report(
        _ paths: [String], catalog: Catalog, options: ImportSession.Options, as format: ReportFormat, listingAllUnmatched: Bool
    ) throws {
        let json = format == .json ? ReportJSONWriter() : nil
        var table = MatchTable(catalog: catalog, listsAllUnmatched: listingAllUnmatched)
        let found = EvidenceImporter.read(paths, catalog: catalog)
        let tally = try ImportSession.matchReports(
            paths, catalog: catalog, options: options, tracks: found.tracks, progress: ImportProgressDisplay(label: "Reading").handler()
        ) { report in
            if let json { try json.add(report, catalog: catalog) } else { table.add(report) }
        }
        let evidence = EvidenceImporter.report(found, catalog: catalog, league: options.league)
        if let json {
            try json.finish(tally, evidence: evidence.files.isEmpty && evidence.errors.isEmpty ? nil : evidence)
            return Swift.print("\n}")
        }
        Swift.print(table.rendered(tally), terminator: "")
        Swift.print(
            EvidenceSummary(evidence: evidence, catalog: catalog, dryRun: true, listsLeftOut: listingAllUnmatched).rendered, terminator: "")
        if tally.summary.photos == 0 && evidence.files.isEmpty { Swift.print(ImportSummaryTable.noPhotos(in: paths), terminator: "") }
    }
}
