import ArgumentParser
import Catalog
import Foundation
import Matching
import Thumbnails
import UseCases
import VisitStore

/// `stadiumlog import`: the main job — a folder of photos becomes visits in the library.
struct ImportCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import photos into the library as stadium visits.",
        discussion: """
            Matched photos become visits (one per game, many photos each) with thumbnails; photos that need you \
            become pending matches for `stadiumlog confirm`; the rest are listed with the reason. Importing the same \
            photos again changes nothing. An interrupted import leaves a consistent library; run it again to finish.

            Unless --offline, games of dates the bundled index does not cover are asked of the score providers, and \
            final scores it lacks are looked up online; those that cannot be found yet stay pending for \
            `stadiumlog scores --retry`.
            """
    )

    @Argument(help: "Folders or photo files.", completion: .file())
    var paths: [String]

    @OptionGroup var walking: WalkOptions

    @OptionGroup var library: LibraryOptions
    @OptionGroup var network: NetworkOptions

    @Flag(help: "Print the match report and write nothing.")
    var dryRun = false

    @Option(help: "Only consider games of this sport: mlb, nba or nhl.")
    var sport: Sport?

    @Option(help: "Output format: table or json.")
    var format: ReportFormat = .table

    @Flag(inversion: .prefixedNo, help: "Make thumbnails from the previews cameras embed in photos when they are good enough.")
    var embeddedPreviews = true

    @Flag(
        name: [.customLong("list-unmatched"), .customLong("verbose")],
        help: "List every photo not imported (the table shows the counts by reason and a screenful of examples).")
    var listUnmatched = false

    @Option(help: .hidden)
    var chunkSize = 50

    var options: ImportSession.Options {
        ImportSession.Options(
            sport: sport, followsLinks: walking.followLinks, usesEmbeddedPreviews: embeddedPreviews,
            chunkSize: chunkSize)
    }

    func run() async throws {
        try PhotoBatch.requireExisting(paths)
        if dryRun {
            let catalog = try library.catalog()
            let report = try ImportSession.matchReport(
                paths, catalog: catalog, options: options,
                progress: ImportProgressDisplay().handler())
            return try MatchCommand.print(report, catalog: catalog, as: format)
        }
        let library = try library.open()
        let session = ImportSession(
            library: library, api: network.api(library: library, catalog: try library.catalog()),
            options: options)
        let outcome = try await session.run(paths, progress: ImportProgressDisplay(bars: format == .table).handler())
        let scores = outcome.scores
        if !scores.stillPending.isEmpty || !scores.noFinal.isEmpty {
            printError(
                "\(scores.resolved.count) final score(s) found online; \(scores.stillPending.count + scores.noFinal.count) "
                    + "visit(s) still wait for one: `stadiumlog scores --retry` looks again.")
        }
        switch format {
        case .json:
            print(
                try JSONOutput.string(
                    ImportSummaryJSON(
                        result: outcome.result, catalog: outcome.catalog, library: library,
                        unchanged: outcome.unchanged)))
        case .table:
            print(
                ImportSummaryTable(
                    result: outcome.result, catalog: outcome.catalog, library: library, unchanged: outcome.unchanged,
                    listsAll: listUnmatched
                ).rendered, terminator: "")
            announce(outcome.achievements)
        }
    }
}

/// The import's outcome for people.
struct ImportSummaryTable {
    let result: PhotoImporter.Result
    let catalog: Catalog
    let library: VisitLibrary
    /// Files not read again: unchanged since an import settled them.
    var unchanged = 0
    /// Every photo not imported, not just a screenful of examples.
    var listsAll = false

    /// As many example rows as fit a screen beside the counts.
    static let examples = 20

    var rendered: String {
        var text =
            "Imported \(result.attached) photo\(result.attached == 1 ? "" : "s") into visits "
            + "(\(result.visitsCreated) new visit\(result.visitsCreated == 1 ? "" : "s")), "
            + "\(result.pendingAdded) to confirm, \(result.alreadyInLibrary) already in the library"
            + (result.relinked > 0 ? " (\(result.relinked) of them moved; the library follows them)" : "") + ".\n"
            + (unchanged > 0 ? "\(counted(unchanged, "file")) unchanged since an earlier import: not read again.\n" : "")
        let games = result.matchedGameIds
        let visits = (try? library.visits(ofGames: games)) ?? []
        if !visits.isEmpty {
            text += "\n" + VisitsTable(visits: visits.sorted { $0.localDate < $1.localDate }, library: library).rendered
        }
        let others = result.report.photos.filter { $0.status == .unmatched || $0.status == .error }
        if !others.isEmpty {
            let reasons = Dictionary(grouping: others, by: Self.reason).map { ($0.key, $0.value.count) }
                .sorted { ($1.1, $0.0) < ($0.1, $1.0) }
            text +=
                "\nNot imported: \(counted(others.count, "photo"))\n"
                + TextTable(header: ["WHY", "PHOTOS"], rows: reasons.map { [$0.0, "\($0.1)"] }).rendered
            let shown = listsAll ? others[...] : others.prefix(Self.examples)
            text +=
                "\n" + (shown.count < others.count ? "Examples (`--list-unmatched` lists all \(others.count)):\n" : "")
                + TextTable(
                    header: ["PHOTO", "WHY"],
                    rows: shown.map {
                        [$0.path, MatchTable(report: result.report, catalog: catalog).explanation(of: $0)]
                    }
                ).rendered
        }
        for failure in result.failures + result.thumbnailFailures {
            text += TerminalText.safe("warning: \(failure.path): \(failure.reason)") + "\n"
        }
        if result.pendingAdded > 0 { text += "\nRun `stadiumlog confirm` to settle the \(result.pendingAdded) pending match(es).\n" }
        return text
    }
}

extension ImportSummaryTable {
    /// A photo's reason in the counts: the kind, not the particulars.
    static func reason(_ photo: PhotoMatch) -> String {
        if photo.status == .error { return photo.reason == .unsupportedFormat ? "a format not read yet" : "unreadable file" }
        switch photo.reason {
        case .noVenueNearby?: return "not within 5 km of any venue"
        case .missingLocation?: return "no GPS position"
        case .missingDate?: return "no capture date"
        case .noGamesOnDate?: return "near a venue, no game around that day"
        case .lowConfidence?: return "too far from the venue or the game to be sure"
        default: return photo.reason?.rawValue ?? "not matched"
        }
    }
}

/// `import --format json`: the counts, the failures, and the full match report.
struct ImportSummaryJSON: Encodable {
    let result: PhotoImporter.Result
    let catalog: Catalog
    let library: VisitLibrary

    /// Files not read again: unchanged since an import settled them (added to the format later).
    var unchanged = 0

    enum Keys: String, CodingKey {
        case attached, visitsCreated, pendingAdded, alreadyInLibrary, relinked, unchanged, failures, thumbnailFailures, report
    }
    struct Failure: Encodable {
        var path: String
        var reason: String
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(result.attached, forKey: .attached)
        try container.encode(result.visitsCreated, forKey: .visitsCreated)
        try container.encode(result.pendingAdded, forKey: .pendingAdded)
        try container.encode(result.alreadyInLibrary, forKey: .alreadyInLibrary)
        try container.encode(result.relinked, forKey: .relinked)
        try container.encode(unchanged, forKey: .unchanged)
        try container.encode(result.failures.map { Failure(path: $0.path, reason: $0.reason) }, forKey: .failures)
        try container.encode(result.thumbnailFailures.map { Failure(path: $0.path, reason: $0.reason) }, forKey: .thumbnailFailures)
        try container.encode(MatchReportJSON(report: result.report, catalog: catalog), forKey: .report)
    }
}
