import ArgumentParser
import Catalog
import CommandLineBasics
import Foundation
import Matching
import PhotoMetadata
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
    @OptionGroup var cameras: CameraOptions

    @OptionGroup var library: LibraryOptions
    @OptionGroup var network: NetworkOptions

    @Flag(help: "Print the match report and write nothing.")
    var dryRun = false

    @Option(name: [.customLong("league"), .customLong("sport")], help: "Only consider games of this league.")
    var league: LeagueID?

    @Option(help: "Output format: table or json.")
    var format: ReportFormat = .table

    @Flag(inversion: .prefixedNo, help: "Make thumbnails from the previews cameras embed in photos when they are good enough.")
    var embeddedPreviews = true

    @Flag(
        name: [.customLong("list-unmatched"), .customLong("verbose")],
        help: "List every photo not imported (the table shows the counts by reason and a screenful of examples).")
    var listUnmatched = false

    @Flag(help: "Read every file again, even those unchanged since an earlier import settled them.")
    var recheck = false

    @Option(help: .hidden)
    var chunkSize = 50

    var options: ImportSession.Options {
        // The files are counted first only for the progress bar, which only a terminal shows.
        var options = ImportSession.Options(
            league: league, followsLinks: walking.followLinks, usesEmbeddedPreviews: embeddedPreviews,
            chunkSize: chunkSize, countsFilesFirst: standardErrorIsTerminal, rechecks: recheck)
        options.cameraOffsets = cameras.offsets
        return options
    }

    func run() async throws {
        try PhotoBatch.requireExisting(paths)
        if dryRun {
            return try MatchCommand.report(
                paths, catalog: try library.catalog(), options: options, as: format, listingAllUnmatched: listUnmatched)
        }
        let library = try library.openOrCreate()
        let session = ImportSession(
            library: library, api: network.api(library: library, catalog: try library.catalog()),
            options: options)
        // The report is written (JSON) or summed up (table) a batch at a time, as the photos are stored.
        let json = format == .json ? ImportJSONWriter() : nil
        var notImported = NotImported(keepsAll: listUnmatched)
        let outcome: ImportSession.Outcome
        do {
            outcome = try await session.run(paths, progress: ImportProgressDisplay(label: "Importing").handler()) { report, catalog in
                try json?.add(report, catalog: catalog)
                notImported.add(report, catalog: catalog)
            }
        } catch {
            try json?.abandon(CommandLineMessage.sentence(for: error))
            throw error
        }
        let scores = outcome.scores
        if !scores.stillPending.isEmpty || !scores.noFinal.isEmpty {
            printError(
                "\(scores.resolved.count) final score(s) found online; \(scores.stillPending.count + scores.noFinal.count) "
                    + "visit(s) still wait for one: `stadiumlog scores --retry` looks again.")
        }
        if let json {
            try json.finish(outcome)
        } else {
            print(
                ImportSummaryTable(
                    outcome: outcome, history: FanHistory(library: library, catalog: session.api.catalog), notImported: notImported,
                    paths: paths
                ).rendered, terminator: "")
            announce(outcome.achievements)
        }
        try Self.failIfIncomplete(outcome)
    }

    /// An import the system kept from reading some photos is not complete: it says how many and why, and exits
    /// non-zero, so neither the fan nor a script takes it for done. Nothing of them was remembered as read.
    static func failIfIncomplete(_ outcome: ImportSession.Outcome) throws {
        guard outcome.errorCount > 0 else { return }
        let reasons = Dictionary(grouping: outcome.readErrors + outcome.failures, by: \.reason)
            .map { (reason: $0.key, count: $0.value.count) }
            .sorted { ($1.count, $0.reason) < ($0.count, $1.reason) }
        let listed = reasons.prefix(3).map { "\($0.reason) (\($0.count))" }.joined(separator: "; ")
        printError(
            ShownText.safe(
                "error: \(outcome.errorCount) of the files and folders could not be read: \(listed)"
                    + (reasons.count > 3 ? "; …" : "") + ". They were not imported and will be read again: "
                    + ((outcome.readErrors + outcome.failures).contains { $0.remedy == .raiseOpenFileLimit }
                        ? "raise the open-file limit (`ulimit -n 4096`) and run the same import again."
                        : "fix that and run the same import again.")))
        throw ExitCode.failure
    }
}

/// The import's outcome for people.
struct ImportSummaryTable {
    let outcome: ImportSession.Outcome
    let history: FanHistory
    let notImported: NotImported
    /// The folders and files imported, to name when none of them held a photo.
    let paths: [String]

    /// As many example rows as fit a screen beside the counts.
    static let examples = 20

    /// What a walk that found no photo says: where, and which files are photos to StadiumLog.
    static func noPhotos(in paths: [String]) -> String {
        let extensions = PhotoFileWalker.defaultPhotoExtensions.sorted().map { "." + $0 }.joined(separator: " ")
        return ShownText.safe("No photos in \(paths.joined(separator: ", ")): StadiumLog reads files ending in \(extensions)")
            + " (any case); other files are left alone.\n"
    }

    var rendered: String {
        var text =
            "Imported \(outcome.attached) photo\(outcome.attached == 1 ? "" : "s") into visits "
            + "(\(outcome.visitsCreated) new visit\(outcome.visitsCreated == 1 ? "" : "s")), "
            + "\(outcome.pendingAdded) to confirm, \(outcome.alreadyInLibrary) already in the library"
            + (outcome.relinked > 0 ? " (\(outcome.relinked) of them moved; the library follows them)" : "") + ".\n"
            + (outcome.unchanged > 0 ? "\(counted(outcome.unchanged, "file")) unchanged since an earlier import: not read again.\n" : "")
        if outcome.tally.summary.photos + outcome.unchanged == 0 && outcome.errorCount == 0 && outcome.evidence.files.isEmpty
            && outcome.evidence.unchanged == 0
        {
            text += Self.noPhotos(in: paths)
        }
        let visits = (try? history.visits(ofGames: outcome.matchedGameIds)) ?? []
        if !visits.isEmpty {
            text += "\n" + VisitsTable(visits: visits, photoCounts: (try? history.photoCounts()) ?? [:], catalog: history.catalog).rendered
        }
        if notImported.total > 0 {
            let reasons = notImported.counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            text +=
                "\nNot imported: \(counted(notImported.total, "photo"))\n"
                + TextTable(header: ["WHY", "PHOTOS"], rows: reasons.map { [$0.key, "\($0.value)"] }).rendered
            text +=
                "\n"
                + (notImported.rows.count < notImported.total
                    ? "Examples (`--list-unmatched` lists all \(notImported.total)):\n" : "")
                + TextTable(header: ["PHOTO", "WHY"], rows: notImported.rows).rendered
                + "To file one by hand: `stadiumlog attach PHOTO --game GAME_ID` (a photo near a game shows the game's "
                + "id; `stadiumlog games --venue VENUE --on YYYY-MM-DD` finds others).\n"
        }
        text += EvidenceSummary(evidence: outcome.evidence, catalog: history.catalog, listsLeftOut: notImported.keepsAll).rendered
        for failure in outcome.failures.map({ ($0.path, $0.reason) }) + outcome.thumbnailFailures {
            text += ShownText.safe("warning: \(failure.0): \(failure.1)") + "\n"
        }
        if let unavailable = outcome.thumbnailsUnavailable {
            text +=
                ShownText.safe("warning: the photos were imported without thumbnails: " + CommandLineMessage.sentence(for: unavailable))
                + "\n"
        }
        if outcome.pendingAdded > 0 { text += "\nRun `stadiumlog confirm` to settle the \(outcome.pendingAdded) pending match(es).\n" }
        return text
    }
}

/// The photos an import did not take, counted by reason, with a screenful of examples (or every one, when asked):
/// summed up a batch at a time.
struct NotImported {
    let keepsAll: Bool
    var counts: [String: Int] = [:]
    var total = 0
    /// The examples kept, as the Not imported page names them.
    var photos: [LeftOutPhoto] = []
    /// PHOTO and WHY of the examples kept.
    var rows: [[String]] { photos.map { [$0.path, $0.why ?? ""] } }

    mutating func add(_ report: MatchReport, catalog: Catalog) {
        let words = MatchWords(catalog: catalog)
        for photo in report.photos where photo.status == .unmatched || photo.status == .error {
            if count(photo) { photos.append(LeftOutPhoto(photo, words: words)) }
        }
    }

    /// Counts a photo left out; true when it is one to show (a screenful of examples, or all when `keepsAll`).
    mutating func count(_ photo: PhotoMatch) -> Bool {
        counts[MatchWords.kind(of: photo), default: 0] += 1
        total += 1
        return keepsAll || total <= ImportSummaryTable.examples
    }
}

/// `import --format json`, written as the import goes: the `report` first (``ReportJSONWriter``), then the counts and
/// failures. Every key is the one of the format before; only `report` comes first.
final class ImportJSONWriter {
    private let report = ReportJSONWriter(asMember: "report")

    /// Writes a batch's photos as elements of `report.photos`.
    func add(_ report: MatchReport, catalog: Catalog) throws { try self.report.add(report, catalog: catalog) }

    /// Ends the document of an import that stopped part way (the photos stored so far are in the library).
    func abandon(_ message: String) throws { try report.abandon(message) }

    /// Closes the report (with the evidence read, as `match` writes it) and writes the import's counts.
    func finish(_ outcome: ImportSession.Outcome) throws {
        let evidence = outcome.evidence
        try report.finish(outcome.tally, evidence: evidence.files.isEmpty && evidence.errors.isEmpty ? nil : evidence)
        let counts = try JSONOutput.string(ImportCounts(outcome: outcome))
        print("\n  },\n" + JSONOutput.members(of: counts, by: 0) + "\n}")
    }

    private struct ImportCounts: Encodable {
        struct Failure: Encodable {
            var path: String
            var reason: String
        }
        var alreadyInLibrary, attached, pendingAdded, relinked, unchanged, visitsCreated: Int
        var failures, readErrors, thumbnailFailures: [Failure]

        init(outcome: ImportSession.Outcome) {
            (alreadyInLibrary, attached, pendingAdded) = (outcome.alreadyInLibrary, outcome.attached, outcome.pendingAdded)
            (relinked, unchanged, visitsCreated) = (outcome.relinked, outcome.unchanged, outcome.visitsCreated)
            failures = outcome.failures.map { Failure(path: $0.path, reason: $0.reason) }
            readErrors = outcome.readErrors.map { Failure(path: $0.path, reason: $0.reason) }
            thumbnailFailures = outcome.thumbnailFailures.map { Failure(path: $0.path, reason: $0.reason) }
        }
    }
}
