import ArgumentParser
import Foundation
import PhotoMetadata
import UseCases

/// `stadiumlog scan`: what each photo knows about when and where it was taken, before any matching.
struct ScanCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
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

    func run() async throws {
        let batch = try await PhotoBatch.read(paths, followingLinks: walking.followLinks, progress: ImportProgressDisplay().handler())
        let rows = batch.photos.map { ScanRow(path: $0.path, result: $0.metadata) }
        switch format {
        case .json: print(try JSONOutput.string(rows))
        case .csv: print(ScanRow.csv(rows), terminator: "")
        case .table:
            print(ScanRow.table(rows), terminator: "")
            let failed = rows.filter { $0.error != nil }.count
            print(
                "\n\(rows.count) photo\(rows.count == 1 ? "" : "s") scanned, \(failed) unreadable"
                    + (batch.skippedFiles > 0 ? ", \(batch.skippedFiles) non-photo files skipped" : ""))
        }
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((TerminalText.safe(message) + "\n").utf8))
}
