import ArgumentParser
import PhotoMetadata

/// `stadiumlog scan`: what each photo knows about when and where it was taken, before any matching.
package struct ScanCommand: ParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "Read the capture time, UTC offset, GPS position and camera of photos.",
        discussion: """
            Folders are searched recursively for photo files by extension; files named explicitly are read whatever \
            their name. Files that cannot be read are listed with the reason and do not stop the scan.
            """
    )

    @Argument(help: "Folders or photo files to scan.", completion: .file())
    var paths: [String]

    @OptionGroup var walking: WalkOptions

    @Option(help: "Output format: \(OutputFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: OutputFormat = .table

    package init() {}

    /// Reads a folder at a time: JSON and CSV are written as they go; the table, whose columns fit every row, is
    /// printed at the end.
    package func run() throws {
        var table: [[String]] = []
        var (photos, failed) = (0, 0)
        // The opening line waits for the first batch: a scan that fails before it leaves standard output empty.
        var opened = false
        func open() {
            guard !opened else { return }
            opened = true
            if format == .json { print("[") }
            if format == .csv { print(ScanRow.csvHeader, terminator: "") }
        }
        let skipped = try PhotoBatch.read(
            paths, followingLinks: walking.followLinks, countsFilesFirst: standardErrorIsTerminal,
            progress: WalkProgressDisplay.reading()
        ) { batch in
            open()
            let rows = batch.photos.map { ScanRow(path: $0.path, result: $0.metadata) }
            switch format {
            case .json:
                for element in try JSONElements.indented(rows, by: 2) {
                    print((photos == 0 ? "" : ",\n") + element, terminator: "")
                    photos += 1
                }
            case .csv:
                for row in rows { print(row.csvLine, terminator: "") }
                photos += rows.count
            case .table:
                table += rows.map(\.tableCells)
                photos += rows.count
            }
            failed += rows.filter { $0.error != nil }.count
        }
        open()
        switch format {
        case .json: print("\n]")
        case .csv: break
        case .table:
            print(ScanRow.table(table), terminator: "")
            print(
                "\n\(photos) photo\(photos == 1 ? "" : "s") scanned, \(failed) unreadable"
                    + (skipped > 0 ? ", \(skipped) non-photo files skipped" : ""))
        }
    }
}
