import Catalog
import CommandLineBasics
import Matching
import PhotoMetadata
import UseCases

/// What an import made of the evidence beside the photos: the files read, what was filed into visits, the questions
/// (listed with their games, to settle by hand for now), and the files that could not be read.
struct EvidenceSummary {
    let evidence: EvidenceImporter.Result
    let catalog: Catalog
    /// A dry run: what an import would do, nothing kept.
    var dryRun = false
    /// List the evidence near a venue that counted for nothing, and why (`--list-unmatched`).
    var listsLeftOut = false

    /// Stays near a venue and events naming a game that counted for nothing: a fan should see why ("at another
    /// place", "outside the game's time").
    private var leftOut: [EvidenceMatch] {
        evidence.matches.filter { $0.status == .unmatched && $0.venue != nil && $0.reason != .noVenueNearby }
    }

    var rendered: String {
        let unread =
            evidence.unchanged > 0
            ? "\(counted(evidence.unchanged, "evidence file")) unchanged since an earlier import: not read again (`--recheck` reads them).\n"
            : ""
        guard !evidence.files.isEmpty || !evidence.errors.isEmpty else { return unread.isEmpty ? "" : "\n" + unread }
        let matched = evidence.matches.filter { $0.status == .matched }
        var text =
            "\nEvidence: \(counted(evidence.files.count, "file")) of location history, check-ins, calendars or tracks read; "
            + "evidence of \(counted(Set(matched.compactMap(\.game?.id)).count, "game")) from \(matched.count) of them"
            + (dryRun ? "" : " (\(evidence.filed) new to the library, \(counted(evidence.visitsCreated, "new visit")))")
            + (dryRun
                ? ", \(counted(evidence.questions.count, "question")) (a dry run: nothing kept)"
                : ", \(counted(evidence.asked, "new question"))") + ".\n" + unread
        if dryRun && !matched.isEmpty {
            text +=
                TextTable(
                    header: ["EVIDENCE", "FROM", "GAME"],
                    rows: matched.map {
                        [
                            $0.kind.rawValue, ShownText.safe($0.source),
                            $0.game.map { "\($0.id.rawValue) (\(catalog.matchup(of: $0)))" } ?? "",
                        ]
                    }
                ).rendered
        }
        if !evidence.questions.isEmpty {
            text +=
                TextTable(
                    header: ["EVIDENCE", "FROM", "MAY BE"],
                    rows: evidence.questions.map { question in
                        [
                            "\(question.kind.rawValue) (\(question.reason?.rawValue ?? "asked"))", ShownText.safe(question.source),
                            question.candidates.map { "\($0.id.rawValue) (\(catalog.matchup(of: $0)))" }.joined(separator: "; "),
                        ]
                    }
                ).rendered
                + (dryRun ? "" : "`stadiumlog confirm` (or serve's Confirm page) asks about them with any photos of the same day.\n")
        }
        let leftOut = leftOut
        if listsLeftOut && !leftOut.isEmpty {
            text +=
                TextTable(
                    header: ["NOT COUNTED", "FROM", "WHEN (UTC)", "NEAR", "WHY"],
                    rows: leftOut.map { match in
                        [
                            match.kind.rawValue, ShownText.safe(match.source),
                            match.at.map { String($0.ISO8601Format().prefix(16)).replacingOccurrences(of: "T", with: " ") } ?? "",
                            match.venue.map { ShownText.safe($0.name) + ($0.distanceMeters.map { " (\(Int($0.rounded())) m)" } ?? "") }
                                ?? "",
                            match.reason?.words ?? "",
                        ]
                    }
                ).rendered
        } else if !leftOut.isEmpty {
            text += "\(counted(leftOut.count, "piece")) of evidence near a venue counted for nothing (`--list-unmatched` says why).\n"
        }
        for error in evidence.errors { text += ShownText.safe("warning: \(error.description)") + "\n" }
        return text
    }
}
