import ArgumentParser
import CommandLineBasics
import Foundation
import TimeAndPlace
import UseCases
import VisitStore

/// `stadiumlog imports`: each import that added something still in the library, newest first, with its number.
struct ImportsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "imports", abstract: "List the imports with what each added, to take one back with `undo --import N`.")

    @OptionGroup var library: LibraryOptions

    func run() throws {
        let library = try library.openForReading()
        let imports = try Corrections(library: library, catalog: try library.catalog()).imports()
        guard !imports.isEmpty else { return print("No import has added anything still in the library.") }
        print(ImportsTable(imports: imports).rendered, terminator: "")
        print("`stadiumlog undo --import N` takes import N back; `stadiumlog undo` then puts it back.")
    }
}

/// The imports for people: number, when (local time), photos, visits, questions, folders.
struct ImportsTable {
    let imports: [ImportRun.Summary]

    var rendered: String {
        TextTable(
            header: ["IMPORT", "WHEN", "PHOTOS", "VISITS", "TO CONFIRM", "EVIDENCE", "FOLDERS"],
            rows: imports.map { summary in
                [
                    "\(summary.run.id ?? 0)", Self.when(summary.run.startedAt), "\(summary.photos)", "\(summary.visits)",
                    "\(summary.pending)", "\(summary.evidence)", summary.run.folders.joined(separator: ", "),
                ]
            }
        ).rendered
    }

    /// "3 of 2026-11-27 22:40 (/home/fan/Pictures): 150 photos in 12 visits, 6 to confirm".
    static func described(_ summary: ImportRun.Summary) -> String {
        "\(summary.run.id ?? 0) of \(when(summary.run.startedAt)) (\(summary.run.folders.joined(separator: ", "))): "
            + "\(counted(summary.photos, "photo")) in \(counted(summary.visits, "visit")), \(summary.pending) to confirm"
    }

    /// The local time, to the minute: "2026-11-27 22:40".
    static func when(_ date: Date) -> String {
        let local = LocalDateTime(instant: date, in: .current)?.iso8601 ?? "\(date)"
        return String(local.prefix(16)).replacingOccurrences(of: "T", with: " ")
    }
}
