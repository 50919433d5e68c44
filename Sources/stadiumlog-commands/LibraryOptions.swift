import ArgumentParser
import Catalog
import CommandLineBasics
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
