import ArgumentParser
import Catalog
import Foundation
import Scores
import UseCases
import VisitStore

/// `--library PATH`, shared by every command that reads or writes the fan's library.
struct LibraryOptions: ParsableArguments {
    @Option(
        name: .customLong("library"),
        help: "The library folder (default: $STADIUMLOG_LIBRARY, else $XDG_DATA_HOME/stadiumlog, else ~/.local/share/stadiumlog).")
    var path: String?

    /// Opens the library for a command that starts one when there is none (`import`, `attach`, `visits add`, `restore`): an absent
    /// or empty folder becomes a new library, which is said.
    func openOrCreate() throws -> VisitLibrary {
        let library = try VisitLibrary(folder: VisitLibrary.defaultFolder(explicit: path))
        if library.isNew { printError("New library at \(library.folder.path).") }
        return library
    }

    /// Opens the library for a command that changes one but never starts one (`undo`, `thumbnails`, `relink`,
    /// `scores`, `confirm ID`, `visits edit|move|delete`): a mistyped `--library` is said, not made a new empty library.
    func open() throws -> VisitLibrary {
        try VisitLibrary(folder: VisitLibrary.defaultFolder(explicit: path), creating: false)
    }

    /// The bundled catalog with the library's overlay (`stadiumlog catalog update`), when it has one; creates nothing.
    func catalog() throws -> Catalog {
        try VisitLibrary.catalog(forFolder: VisitLibrary.defaultFolder(explicit: path))
    }

    /// The import's stages on the library opened for writing, without the network: for a command that runs one stage
    /// alone (`thumbnails`, `relink`; `restore`, which starts a library when `creating`).
    func importSession(creating: Bool = false) throws -> ImportSession {
        let library = try creating ? openOrCreate() : open()
        let configuration = NetworkOptions.configuration(library: library, offline: true)
        return ImportSession(library: library, api: FreeScoreAPI(catalog: try catalog(), library: library, configuration: configuration))
    }

    /// Opens the library for a command that only reads: it must exist, and nothing is created or changed.
    func openForReading() throws -> VisitLibrary {
        try VisitLibrary(folder: VisitLibrary.defaultFolder(explicit: path), access: .readOnly)
    }
}

/// A one-line progress bar on standard error, drawn only when it is a terminal (never in pipes or JSON output): how
/// far, how fast, and how long is left.
struct ProgressBar: Sendable {
    let label: String
    let enabled: Bool
    let started = Date()

    init(label: String, enabled: Bool = isatty(STDERR_FILENO) == 1) {
        self.label = label
        self.enabled = enabled
    }

    func update(_ done: Int, _ total: Int) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = width * done / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let elapsed = Date().timeIntervalSince(started)
        let rate = elapsed > 0.5 ? Double(done) / elapsed : 0
        let pace = rate > 0 ? ", \(Int(rate))/s, \(Int((Double(total - done) / rate).rounded())) s left" : ""
        FileHandle.standardError.write(Data("\r\(label) [\(bar)] \(done)/\(total)\(pace)   \(done == total ? "\n" : "")".utf8))
    }
}
