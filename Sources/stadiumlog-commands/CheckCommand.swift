import ArgumentParser
import CommandLineBasics
import Foundation
import PhotoMetadata
import UseCases
import VisitStore

/// `stadiumlog check`: the whole library looked at, changed in nothing.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check the library: the database, every record, and the thumbnails and originals they name.",
        discussion: """
            Runs SQLite's full integrity check, checks every record by the rules a restore applies (what an export \
            would refuse to write), and looks for each photo's thumbnail and original. Changes nothing. Exits 1 when \
            the database or a record is damaged.
            """)

    @OptionGroup var library: LibraryOptions

    func run() throws {
        let history = FanHistory(library: try library.openForReading(), catalog: try library.catalog())
        let found = try history.check()
        print(found.database.isEmpty ? "Database: sound (SQLite's integrity check)." : "Database: damaged.")
        for problem in found.database.prefix(20) { print("  \(ShownText.safe(problem))") }
        print(found.record.map { "Records: one a restore would refuse: \(ShownText.safe($0))." } ?? "Records: all sound.")
        if !found.thumbnailDatabase.isEmpty {
            let path = history.library.thumbnails.url.path
            print(
                "Thumbnails: \(ThumbnailStore.databaseName) is damaged; move \(ShownText.safe(path)) aside and run "
                    + "`stadiumlog thumbnails --missing` to make them again from the photos (nothing else is lost).")
            for problem in found.thumbnailDatabase.prefix(5) { print("  \(ShownText.safe(problem))") }
        } else {
            print(
                found.missingThumbnails.isEmpty
                    ? "Thumbnails: all there."
                    : "Thumbnails: \(found.missingThumbnails.count) missing; `stadiumlog thumbnails --missing` makes them again.")
        }
        print(
            found.missingOriginals.isEmpty
                ? "Originals: all where the library last saw them."
                : "Originals: \(found.missingOriginals.count) not where the library last saw them; `stadiumlog relink FOLDER` "
                    + "finds moved ones by their content.")
        for path in found.missingOriginals.examples { print("  \(ShownText.safe(path))") }
        guard found.isSound else { throw LibraryError.damaged(path: history.library.folder.path, reason: "see what the check found above") }
    }
}
