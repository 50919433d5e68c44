import ArgumentParser
import Foundation
import UseCases

/// `--follow-links`, shared by every command that walks photo folders.
struct WalkOptions: ParsableArguments {
    @Flag(help: "Follow symbolic links that lead out of the folders given (each real folder is still walked once).")
    var followLinks = false
}

/// Shows what a walk, a read and an import are doing on standard error — files found, then how many of them are read
/// and stored, how fast and how long is left — only on a terminal; folders that could not be walked always.
struct ImportProgressDisplay: Sendable {
    let terminal = isatty(STDERR_FILENO) == 1

    func handler() -> ImportSession.ProgressHandler {
        let reading = ProgressBar(label: "Reading", enabled: terminal)
        let importing = ProgressBar(label: "Importing", enabled: terminal)
        let finding = FindingCounter(enabled: terminal)
        return { event in
            switch event {
            case .finding(let found): finding.update(found)
            case .problem(let problem):
                finding.end()
                printError("warning: \(problem)" + (problem.isLinkNotFollowed ? " (--follow-links follows it)" : ""))
            case .reading(let done, let total):
                finding.end()
                reading.update(done, total)
            case .uncoveredGames(let uncovered): Self.say(uncovered)
            case .importing(let done, let total):
                finding.end()
                importing.update(done, total)
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

/// "Finding photos: N found", redrawn in place while the walk runs, ended by a newline once.
private final class FindingCounter: @unchecked Sendable {
    private let enabled: Bool
    private let lock = NSLock()
    private var shown = false

    init(enabled: Bool) { self.enabled = enabled }

    func update(_ found: Int) {
        guard enabled else { return }
        lock.withLock { shown = true }
        FileHandle.standardError.write(Data("\rFinding photos: \(found) found".utf8))
    }

    func end() {
        guard enabled else { return }
        lock.withLock {
            if shown { FileHandle.standardError.write(Data("\n".utf8)) }
            shown = false
        }
    }
}
