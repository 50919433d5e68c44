import ArgumentParser
import Catalog
import Foundation
import HTMLReport
import Progress
import TimeAndPlace
import UseCases
import VisitStore

/// `stadiumlog report [PATH]`: the fan's history as one HTML file to keep or share.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page: a map of your venues, progress per league, badges and every visit.",
        discussion: "The page needs no network: styles, map and thumbnails are inside the file."
    )

    @OptionGroup var library: LibraryOptions

    /// The file written when no path is given, and inside a folder given as the path.
    static let fileName = "stadiumlog-report.html"

    @Argument(help: "The HTML file to write, or a folder to write \(Self.fileName) in.", completion: .file(extensions: ["html"]))
    var path = Self.fileName

    @Option(help: .hidden, transform: parseLocalDate) var today: LocalDate?

    func run() throws {
        let library = try library.openForReading()
        let report = try FanHistory(library: library, catalog: try library.catalog()).report(on: today ?? ProgressCommand.localToday)
        var isFolder: ObjCBool = false
        let given = URL(fileURLWithPath: path)
        let url =
            FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue
            ? given.appendingPathComponent(Self.fileName) : given
        try PrivateFile.write(Data(report.page.html.utf8), to: url)
        print("Report written to \(url.path) (\(counted(report.visits, "visit")), \(counted(report.achievements, "badge"))).")
    }
}
