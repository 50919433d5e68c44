import Catalog
import CommandLineBasics
import Foundation
import Matching
import UseCases

/// A match report (docs/REPORT.md) written as the photos are matched: `photos` a batch at a time (so a million
/// photos are never held), then `summary` and `visits` — the keys in the order the encoder sorts them, so the text is
/// the one a single encode of the whole report writes. The report is the document (`match`) or its member `report`
/// (`import`, whose writer adds its counts after it).
final class ReportJSONWriter {
    /// The document's text before the report's members.
    private let opening: String
    /// Spaces before each of the report's members.
    private let margin: Int
    private var photos = 0
    private var started = false

    /// A writer of the report as the whole document, or as the document's member `key`.
    init(asMember key: String? = nil) {
        opening = key.map { "{\n  \"\($0)\" : {\n" } ?? "{\n"
        margin = key == nil ? 2 : 4
    }

    /// Opens the document once there is something to say: a run that fails first leaves standard output empty.
    private func start() {
        guard !started else { return }
        started = true
        print(opening + String(repeating: " ", count: margin) + "\"photos\" : [")
    }

    /// Writes a batch's photos as elements of `photos`.
    func add(_ report: MatchReport, catalog: Catalog) throws {
        start()
        for element in try JSONElements.indented(report.photos.map { PhotoJSON(photo: $0, catalog: catalog) }, by: margin + 2) {
            print((photos == 0 ? "" : ",\n") + element, terminator: "")
            photos += 1
        }
    }

    /// Closes `photos` and writes the summary and visits of every photo; the report's object is left for the caller
    /// to close.
    func finish(_ tally: MatchTally, evidence: EvidenceImporter.Result? = nil) throws {
        start()
        let rest = try JSONOutput.string(
            Rest(
                summary: tally.summary, visits: tally.visits.map(VisitJSON.init),
                evidence: evidence.map { $0.matches.map(EvidenceJSON.init) }))
        print("\n" + String(repeating: " ", count: margin) + "],\n" + JSONOutput.members(of: rest, by: margin - 2), terminator: "")
    }

    /// Ends a document the run could not finish, so a script reads what was done and why it stopped rather than
    /// broken JSON: `photos` closed, then `error` with the message. Nothing is written if nothing was.
    func abandon(_ message: String) throws {
        guard started else { return }
        let error = try JSONOutput.string(["error": message])
        let closing = margin == 2 ? "" : "\n  }"
        print("\n" + String(repeating: " ", count: margin) + "]" + closing + ",\n" + JSONOutput.members(of: error, by: 0) + "\n}")
    }

    private struct Rest: Encodable {
        var summary: MatchReport.Summary
        var visits: [VisitJSON]
        /// Present when evidence files were read (docs/REPORT.md).
        var evidence: [EvidenceJSON]?
    }

    /// One stay or calendar event of the report's `evidence`: what it is, where from, and what became of it.
    private struct EvidenceJSON: Encodable {
        var kind: String
        var source: String
        var at: Date?
        var status: String
        var gameId: String?
        var venueId: String?
        var distanceMeters: Double?
        var reason: String?
        var candidates: [String]

        init(_ match: EvidenceMatch) {
            (kind, source, at, status) = (match.kind.rawValue, match.source, match.at, match.status.rawValue)
            (gameId, venueId, distanceMeters) = (match.game?.id.rawValue, match.venue?.id, match.venue?.distanceMeters)
            (reason, candidates) = (match.reason?.rawValue, match.candidates.map(\.id.rawValue))
        }
    }
}
