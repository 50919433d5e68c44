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

    var rendered: String {
        guard !evidence.files.isEmpty || !evidence.errors.isEmpty else { return "" }
        let matched = evidence.matches.filter { $0.status == .matched }
        var text =
            "\nEvidence: \(counted(evidence.files.count, "file")) of location history, check-ins, calendars or tracks read; "
            + "evidence of \(counted(Set(matched.compactMap(\.game?.id)).count, "game")) from \(matched.count) of them "
            + "(\(evidence.filed) new to the library, \(counted(evidence.visitsCreated, "new visit")))"
            + ", \(counted(evidence.questions.count, "question")).\n"
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
                + "Evidence alone does not settle these: `stadiumlog visits add` records a game you went to.\n"
        }
        for error in evidence.errors { text += ShownText.safe("warning: \(error.description)") + "\n" }
        return text
    }
}
