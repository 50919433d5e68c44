import ArgumentParser
import PhotoMetadata
import Synchronization

/// `--follow-links`, shared by every command that walks photo folders.
package struct WalkOptions: ParsableArguments {
    @Flag(help: "Follow symbolic links that lead out of the folders given (each real folder is still walked once).")
    package var followLinks = false

    package init() {}
}

/// Shows what a walk is doing on standard error — photo files found, then a bar of those read (or stored), how fast
/// and how long is left — only on a terminal; folders that could not be walked always.
package struct WalkProgressDisplay: Sendable {
    private let finding: FindingCounter
    private let handled: ProgressBar

    /// `label` names what the bar counts ("Reading", "Importing").
    package init(label: String, terminal: Bool = standardErrorIsTerminal) {
        finding = FindingCounter(enabled: terminal)
        handled = ProgressBar(label: label, enabled: terminal)
    }

    package func show(_ event: PhotoBatch.Progress) {
        switch event {
        case .finding(let found): finding.update(found)
        case .problem(let problem):
            finding.end()
            printError("warning: \(problem)" + (problem.isLinkNotFollowed ? " (--follow-links follows it)" : ""))
        case .handled(let done, let total):
            finding.end()
            handled.update(done, total)
        }
    }

    /// Draws every event of a walk that reads photos.
    package static func reading() -> PhotoBatch.ProgressHandler {
        let display = WalkProgressDisplay(label: "Reading")
        return { display.show($0) }
    }
}

/// "Finding photos: N found", redrawn in place while the walk runs, ended by a newline once.
private final class FindingCounter: Sendable {
    private let enabled: Bool
    private let shown = Mutex(false)

    init(enabled: Bool) { self.enabled = enabled }

    func update(_ found: Int) {
        guard enabled else { return }
        shown.withLock { $0 = true }
        writeToStandardError("\rFinding photos: \(found) found")
    }

    func end() {
        guard enabled else { return }
        shown.withLock { shown in
            if shown { writeToStandardError("\n") }
            shown = false
        }
    }
}
