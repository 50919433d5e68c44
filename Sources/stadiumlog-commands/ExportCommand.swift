import ArgumentParser
import CommandLineBasics
import Foundation
import Progress
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
        let counts = try history.export(to: URL(fileURLWithPath: path), includingGPS: includeGPS)
        print("Exported \(counted(counts.visits, "visit")), \(counted(counts.photos, "photo")) and \(counts.questions) to \(path)")
        if let kept = counts.keptQuestions { print(kept) }
        if let damage = counts.damage {
            printError(
                "warning: SQLite finds the library damaged (\(damage)); this export holds every record that could be read and "
                    + "restores, but one may be missing: keep your earlier exports, and `stadiumlog check` says what is damaged")
        }
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
        let folder = VisitLibrary.defaultFolder(explicit: library.path)
        let existed = FileManager.default.fileExists(atPath: folder.path)
        let created = try VisitLibrary(folder: folder).isNew
        let restored: (counts: ExportCounts, achievements: AchievementBook.Changes)
        do {
            restored = try library.importSession().restore(from: URL(fileURLWithPath: path))
        } catch {
            // A refused file leaves no new library behind (an empty folder the fan made stays, empty).
            if created {
                let made =
                    existed
                    ? ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).map(folder.appendingPathComponent)
                    : [folder]
                for item in made { try? FileManager.default.removeItem(at: item) }
            }
            throw error
        }
        if created { printError("New library at \(folder.path).") }
        let counts = restored.counts
        print(
            "Restored \(counted(counts.visits, "visit")), \(counted(counts.photos, "photo")), \(counts.questions), "
                + "\(counted(counts.corrections ?? 0, "correction")) and \(counted(counts.seenFiles, "file")) "
                + "already read into \(folder.path)")
        if let kept = counts.keptQuestions { print(kept) }
        if counts.corrections == nil {
            print("This export was written before corrections were kept in exports: there is nothing to undo.")
        }
        print(
            "Not in an export, so not restored: thumbnails (`stadiumlog thumbnails --missing` makes them again) and the score "
                + "providers' cache and state (asked again when needed).")
        announce(restored.achievements)
    }
}

extension ExportCounts {
    /// "3 open questions": what `confirm` would still ask, not every pending match the library keeps.
    fileprivate var questions: String { counted(openQuestions, "open question") }

    /// "Also in it: 1 skipped question (…) and 14 settled ones (…)": the answers kept for the fan's changes of mind,
    /// with how each comes back; nil when there are none.
    fileprivate var keptQuestions: String? {
        let settled = pending - openQuestions - skippedQuestions
        let kept = [
            skippedQuestions > 0
                ? counted(skippedQuestions, "skipped question") + " (`stadiumlog confirm --skipped` brings them back)" : nil,
            settled > 0 ? "\(settled) settled (kept so that `stadiumlog undo` can bring them back)" : nil,
        ].compactMap { $0 }
        return kept.isEmpty ? nil : "Also in it: " + kept.joined(separator: " and ") + "."
    }
}
