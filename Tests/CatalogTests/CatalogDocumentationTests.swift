import Foundation
import Testing

@testable import Catalog

/// docs/DATA.md must tell the truth about the bundled data.
@Suite("docs/DATA.md matches the bundled catalog")
struct CatalogDocumentationTests {
    @Test("The coverage table is the one `catalog stats` computes")
    func coverageTable() throws {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let doc = try String(contentsOf: packageRoot.appendingPathComponent("docs/DATA.md"), encoding: .utf8)
        // The table's rows: from its header to the first line that is not a row, header and rule left out.
        let table = try #require(doc.components(separatedBy: "\n| league | season | games | postseason |").dropFirst().first)
        let documented = table.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(2)
            .prefix { $0.hasPrefix("| ") }
        func percent(_ part: Int, _ whole: Int) -> String {
            whole == 0 ? "-" : String(format: "%.1f%%", Double(part) * 100 / Double(whole))
        }
        let catalog = try Catalog.bundled()
        let computed = catalog.coverage().map { row in
            let league = catalog.league(row.league)!
            return "| \(league.displayName) | \(league.seasonLabel(row.season)) | \(row.games) | \(row.postseasonGames) | "
                + "\(percent(row.withCoordinates, row.games)) | \(percent(row.withScores, row.games)) | "
                + "\(percent(row.withStartTimes, row.games)) | \(percent(row.withDayNightOnly, row.games)) | "
                + "\(percent(row.withLength, row.games)) |"
        }
        #expect(
            documented.map(String.init) == computed,
            "regenerate it: stadiumlog catalog stats --format json | python3 Scripts/catalog/update-coverage-doc.py")
    }
}
