import CommandLineBasics
import UseCases

/// Shows what an import (or a dry run of one) is doing on standard error: its walk (``WalkProgressDisplay``), what the
/// providers said about days the bundled index does not cover, and a wait for another import.
struct ImportProgressDisplay: Sendable {
    /// `label` names what the bar counts: "Importing" photos read and stored, "Reading" photos only read.
    let label: String

    func handler() -> ImportSession.ProgressHandler {
        let walk = WalkProgressDisplay(label: label)
        return { event in
            switch event {
            case .walk(let progress): walk.show(progress)
            case .uncoveredGames(let uncovered): Self.say(uncovered)
            case .waitingForAnotherImport:
                printError("Another import into this library is running; this one starts when it ends.")
            }
        }
    }

    /// What the providers said about days the bundled index does not cover.
    private static func say(_ uncovered: UncoveredGames.Result) {
        if !uncovered.added.isEmpty {
            printError(
                "\(uncovered.added.count) game(s) of \(uncovered.asked.count) date(s) the bundled index does not cover "
                    + "were found online (\(Set(uncovered.added.map(\.source)).sorted().joined(separator: ", "))).")
        } else if let failure = uncovered.failures.first {
            printError(
                "\(uncovered.asked.count) date(s) the bundled index does not cover could not be looked up online "
                    + "(\(failure)); import again when the providers answer.")
        }
    }
}
