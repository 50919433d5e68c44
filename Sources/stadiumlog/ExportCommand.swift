import ArgumentParser
import Foundation
import UseCases
import VisitStore

/// `stadiumlog export PATH`: the whole library as one self-describing JSON file.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export", abstract: "Write the library (visits, photos with hashes, pending matches) to a JSON file.")

    @Argument(help: "The file to write.")
    var path: String

    @OptionGroup var library: LibraryOptions

    @Flag(help: "Include where each photo was taken (left out by default: an export is a file people share).")
    var includeGPS = false

    func run() throws {
        let history = FanHistory(library: try library.openForReading(), catalog: try library.catalog())
        let document = try history.export(to: URL(fileURLWithPath: path), includingGPS: includeGPS)
        print(
            "Exported \(document.visits.count) visits, \(document.photos.count) photos and \(document.pending.count) pending matches to \(path)"
        )
    }
}

/// `stadiumlog restore PATH`: an export back into a new, empty library.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Restore a file written by `stadiumlog export` into an empty library.")

    @Argument(help: "The export file.")
    var path: String

    @OptionGroup var library: LibraryOptions

    func run() throws {
        // Read and checked before the library is opened: a bad file leaves no new library behind.
        let document = try LibraryExport.read(from: URL(fileURLWithPath: path), leagues: try library.catalog().leagueIds)
        let session = try library.importSession(creating: true)
        let achievements = try session.restore(document)
        print(
            "Restored \(document.visits.count) visits, \(document.photos.count) photos, \(document.pending.count) pending matches, "
                + "\(counted(document.corrections?.count ?? 0, "correction")) and \(counted(document.seenFiles?.count ?? 0, "file")) "
                + "already read into \(session.library.folder.path)")
        if document.corrections == nil {
            print("This export was written before corrections were kept in exports: there is nothing to undo.")
        }
        print(
            "Not in an export, so not restored: thumbnails (`stadiumlog thumbnails --missing` makes them again) and the score "
                + "providers' cache and state (asked again when needed).")
        announce(achievements)
    }
}
