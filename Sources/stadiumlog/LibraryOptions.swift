import ArgumentParser
import Foundation
import VisitStore

/// `--library PATH`, shared by every command that reads or writes the fan's library.
struct LibraryOptions: ParsableArguments {
    @Option(name: .customLong("library"),
            help: "The library folder (default: $STADIUMLOG_LIBRARY, else $XDG_DATA_HOME/stadiumlog, else ~/.local/share/stadiumlog).")
    var path: String?

    /// Opens the library for a command that writes: an absent or empty folder becomes a new library.
    func open() throws -> VisitLibrary {
        try VisitLibrary(folder: VisitLibrary.defaultFolder(explicit: path))
    }

    /// Opens the library for a command that only reads: it must exist, and nothing is created or changed.
    func openForReading() throws -> VisitLibrary {
        try VisitLibrary(folder: VisitLibrary.defaultFolder(explicit: path), access: .readOnly)
    }
}

/// A one-line progress bar on standard error, drawn only when it is a terminal (never in pipes or JSON output).
struct ProgressBar: Sendable {
    let label: String
    let enabled: Bool

    init(label: String, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.label = label
        self.enabled = enabled
    }

    func update(_ done: Int, _ total: Int) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = width * done / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(done)/\(total)\(done == total ? "\n" : "")".utf8))
    }
}
