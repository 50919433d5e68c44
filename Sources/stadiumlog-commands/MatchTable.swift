import Catalog
import CommandLineBasics
import Foundation
import Matching
import TimeAndPlace
import UseCases

/// The match report for people: the would-be visits, every matched photo and every photo that needs the user, in
/// plain words. Built a batch at a time (``add(_:)``): photos left without a game are counted by reason, and beyond a
/// screenful of examples listed only when asked (`--list-unmatched`), so a library of a million photos at home does
/// not print a million lines.
struct MatchTable {
    let catalog: Catalog
    private let words: MatchWords
    private var matchedRows: [[String]] = []
    private var attentionRows: [[String]] = []
    /// Photos left without a game (or unreadable), counted by reason.
    private var unmatched: NotImported
    private var listedUnmatched = 0

    init(catalog: Catalog, listsAllUnmatched: Bool = false) {
        self.catalog = catalog
        words = MatchWords(catalog: catalog)
        unmatched = NotImported(keepsAll: listsAllUnmatched)
    }

    /// Adds a batch's photos.
    mutating func add(_ report: MatchReport) {
        for photo in report.photos {
            switch photo.status {
            case .matched: matchedRows.append([photo.path, photo.game.map(catalog.matchup(of:)) ?? "", words.explanation(of: photo)])
            case .needsConfirmation: attentionRows.append([photo.path, photo.status.rawValue, words.explanation(of: photo)])
            case .unmatched, .error:
                guard unmatched.count(photo) else { continue }
                attentionRows.append([photo.path, photo.status.rawValue, words.explanation(of: photo)])
                listedUnmatched += 1
            }
        }
    }

    /// The table of every photo added, with the visits and counts of all of them.
    func rendered(_ tally: MatchTally) -> String {
        var text = ""
        if !tally.visits.isEmpty {
            let rows = tally.visits.map { visit -> [String] in
                let venue = catalog.venue(id: visit.venueId)
                let game = visit.gameId.flatMap(catalog.game(id:))
                return [
                    visit.localDate.iso8601, venue?.name(on: visit.localDate) ?? visit.venueId,
                    game.map(catalog.matchup(of:)) ?? "(no game)", game?.finalScore?.description ?? "", "\(visit.photos.count)", "matched",
                ]
            }
            text += "Visits\n" + TextTable(header: ["DATE", "VENUE", "GAME", "SCORE", "PHOTOS", "STATUS"], rows: rows).rendered
        }
        if !matchedRows.isEmpty {
            text +=
                (text.isEmpty ? "" : "\n") + "Matched photos\n"
                + TextTable(header: ["PHOTO", "GAME", "WHY"], rows: matchedRows).rendered
        }
        if !attentionRows.isEmpty {
            text +=
                (text.isEmpty ? "" : "\n") + "Photos that need you\n"
                + TextTable(header: ["PHOTO", "STATUS", "WHY"], rows: attentionRows).rendered
        }
        if listedUnmatched < unmatched.total {
            let reasons = unmatched.counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            text +=
                "\nLeft without a game: \(unmatched.total) photos (\(listedUnmatched) listed above; "
                + "`--list-unmatched` lists them all)\n"
                + TextTable(header: ["WHY", "PHOTOS"], rows: reasons.map { [$0.key, "\($0.value)"] }).rendered
        }
        let summary = tally.summary
        return text + "\n\(summary.photos) photos: \(summary.matched) matched, \(summary.needsConfirmation) to confirm, "
            + "\(summary.unmatched) unmatched, \(summary.errors) unreadable\n"
    }
}
