import ArgumentParser
import Catalog
import Foundation
import HTMLReport
import Progress
import TimeAndPlace
import VisitStore

/// `stadiumlog report [PATH]`: the fan's history as one HTML file to keep or share.
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Write one self-contained HTML page: a map of your venues, progress per league, badges and every visit.",
        discussion: "The page needs no network: styles, map and thumbnails are inside the file."
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The HTML file to write.", completion: .file(extensions: ["html"]))
    var path = "stadiumlog-report.html"

    @Option(help: .hidden, transform: parseLocalDate) var today: LocalDate?

    func run() throws {
        let library = try library.openForReading()
        let catalog = try library.catalog()
        let day = today ?? ProgressCommand.localToday
        let visits = try library.visits()
        let byVisit = try library.photosByVisit()
        let cards = visits.map { visit in
            let photos = byVisit[visit.id] ?? []
            // The file is found by the photo's content hash, never by a stored path (an export could name any file).
            let thumbnail = photos.lazy.filter { $0.thumbnailFile != nil }
                .compactMap { library.thumbnailURL(forHash: $0.sha256).flatMap { try? Data(contentsOf: $0) } }.first
            return ReportPage.Card(visit: visit, thumbnail: thumbnail, photoCount: photos.count)
        }
        let achievements = try AchievementReport.held(library: library, catalog: catalog)
        let page = ReportPage(cards: cards, progress: FanProgress(visits: visits, catalog: catalog, today: day),
                              achievements: achievements, catalog: catalog, generatedOn: day)
        let url = URL(fileURLWithPath: path)
        try PrivateFile.write(Data(page.html.utf8), to: url)
        print("Report written to \(url.path) (\(visits.count) visit\(visits.count == 1 ? "" : "s"), "
              + "\(achievements.count) badge\(achievements.count == 1 ? "" : "s")).")
    }
}
