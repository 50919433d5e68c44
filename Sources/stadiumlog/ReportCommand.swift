import ArgumentParser
import Catalog
import Foundation
import GRDB
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
        let library = try library.open()
        let catalog = try Catalog.bundled()
        let day = today ?? ProgressCommand.localToday
        let (visits, photos) = try library.read { db in
            (try StadiumVisit.fetchAll(db),
             try VisitPhoto.order(Column("visitId"), Column("sortOrder")).fetchAll(db))
        }
        let byVisit = Dictionary(grouping: photos, by: \.visitId)
        let cards = visits.map { visit in
            let photos = byVisit[visit.id] ?? []
            let thumbnail = photos.lazy.compactMap(\.thumbnailFile).first.flatMap { file in
                try? Data(contentsOf: library.thumbnailFolder.appendingPathComponent(file))
            }
            return ReportPage.Card(visit: visit, thumbnail: thumbnail, photoCount: photos.count)
        }
        let achievements = try AchievementReport.held(library: library, catalog: catalog)
        let page = ReportPage(cards: cards, progress: FanProgress(visits: visits, catalog: catalog, today: day),
                              achievements: achievements, catalog: catalog, generatedOn: day)
        let url = URL(fileURLWithPath: path)
        do {
            try Data(page.html.utf8).write(to: url, options: .atomic)
        } catch {
            throw ValidationError("cannot write the report to \(url.path): \(error.localizedDescription)")
        }
        print("Report written to \(url.path) (\(visits.count) visit\(visits.count == 1 ? "" : "s"), "
              + "\(achievements.count) badge\(achievements.count == 1 ? "" : "s")).")
    }
}
