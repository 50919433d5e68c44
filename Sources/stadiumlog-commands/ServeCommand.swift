import ArgumentParser
import Foundation
import UseCases
import VisitStore
import WebApp

/// `stadiumlog serve`: the library as a local web app, to see the photos and settle matches with a click.
struct ServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "See and settle your library in a browser: a local web app on this computer only.",
        discussion: """
            Serves on 127.0.0.1 (and ::1) only, and only to the address printed, which carries a secret made for this \
            run. Changes made in the browser are the same as the command line's: `stadiumlog undo` takes them back. \
            Ctrl-C stops the server.
            """
    )

    @OptionGroup var library: LibraryOptions

    @Option(help: "The port (default: any free one).") var port = 0

    @Flag(help: "Show the library without allowing any change (automatic on a library you cannot write).")
    var readOnly = false

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port must be from 1 to 65535 (or 0 for any free port)") }
    }

    func run() async throws {
        let opened = try readOnly || !Self.isWritable(library) ? library.openForReading() : library.open()
        let server = try WebServer(library: opened, catalog: try library.catalog(), port: port, readOnly: readOnly)
        let url = server.url
        let mode = server.isReadOnly ? " (read-only: nothing can be changed)" : ""
        try await server.run {
            // Written at once, not buffered: whoever started the server (a person, a script) needs the address now.
            FileHandle.standardOutput.write(
                Data(
                    "StadiumLog is serving \(opened.folder.path)\(mode) at\n\(url.absoluteString)\n"
                        .appending("Open that address in your browser; Ctrl-C stops the server.\n").utf8))
        }
        print("Stopped.")
    }

    /// Whether the library's folder can be written by this user (a library on read-only media is served read-only).
    private static func isWritable(_ options: LibraryOptions) -> Bool {
        access(VisitLibrary.defaultFolder(explicit: options.path).path, W_OK) == 0
    }
}
