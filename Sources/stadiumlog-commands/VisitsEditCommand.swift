import ArgumentParser
import Catalog
import CommandLineBasics
import Foundation
import PhotoMetadata
import Progress
import TimeAndPlace
import UseCases
import VisitStore

/// `stadiumlog visits edit ID …`: corrects a visit; the original values are kept and achievements recalculated.
struct VisitsEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Correct a visit (marked as corrected by you; the original values are kept).")

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The visit's id (see `stadiumlog visits`).") var visit: String
    @Option(help: "Your seat (an empty value clears it).") var seat: String?
    @Option(help: "Notes (an empty value clears them).") var notes: String?
    @Option(help: ArgumentHelp("The final score, AWAY-HOME as the tables show it (4-2).", valueName: "away-home")) var score: String?
    @Option(help: ArgumentHelp("The day of the visit.", valueName: "YYYY-MM-DD"), transform: parseLocalDate) var date: LocalDate?
    @Option(help: "The venue: any name it had, or its id (see `stadiumlog venues`).") var venue: String?
    @Option(help: "game, tour or other.") var type: VisitType?
    @Flag(help: "With --score: replace an official final without asking.") var force = false

    func validate() throws {
        if let score, FinalScore(typed: score) == nil { throw ValidationError(FinalScore.usage(score)) }
        if changes.isEmpty { throw ValidationError("Say what to change: --seat, --notes, --score, --date, --venue or --type.") }
    }

    var changes: VisitEditor.Changes {
        VisitEditor.Changes(
            seat: seat, notes: notes, score: score.flatMap(FinalScore.init(typed:)).map { ($0.home, $0.away) }, date: date,
            venueId: venue, visitType: type)
    }

    func run() throws {
        let library = try library.open()
        let catalog = try library.catalog()
        let corrections = Corrections(library: library, catalog: catalog)
        var changes = changes
        changes.venueId = try venue.map { try TypedNames.venue($0, on: date, in: catalog) }
        if score != nil {
            guard try FanQuestion.mayReplaceOfficialScore(ofVisit: visit, force: force, corrections: corrections) else {
                return print("Nothing was changed.")
            }
            changes.replacingOfficial = true
        }
        let edited = try corrections.edit(visit, changes)
        print("Corrected \(edited.value.summary)")
        if score != nil, let stored = edited.value.spokenScore { print("Score stored: " + stored) }
        announce(edited.achievements)
    }
}

/// `stadiumlog visits delete ID`.
struct VisitsDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete a visit; its photos return to the unmatched state (the photo files are not touched).",
        discussion: "Asks first on a terminal; scripts pass --yes. `stadiumlog undo` brings the visit back.")

    @OptionGroup var library: LibraryOptions
    @Argument(help: "The visit's id (see `stadiumlog visits`).") var visit: String
    @Flag(help: "Delete without asking.") var yes = false

    func run() throws {
        let library = try library.open()
        let corrections = Corrections(library: library, catalog: try library.catalog())
        if !yes {
            guard isatty(STDIN_FILENO) == 1 else {
                throw RuntimeError("visits delete asks before deleting; run it on a terminal or add --yes (nothing was changed)")
            }
            let (visit, photos, _) = try corrections.editor.details(of: visit)
            guard FanQuestion.yes("Delete \(visit.summary) and its \(counted(photos.count, "photo")) record(s)?") else {
                return print("Nothing was deleted.")
            }
        }
        let deleted = try corrections.delete(visit)
        print(
            "Deleted \(deleted.value.summary); its photos can be imported or attached again (`stadiumlog undo` "
                + "brings it back)")
        announce(deleted.achievements)
    }
}

/// `stadiumlog visits move PHOTO… (--to-game ID | --to-visit ID | --tour)`: change one's mind about where photos belong.
struct VisitsMoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move", abstract: "Move photos to another game, visit or a tour (a visit left empty is removed).")

    @OptionGroup var library: LibraryOptions
    @Argument(help: "Photos: their paths as imported, files with the same content, or content hashes (`visits show`).")
    var photos: [String]
    @Option(help: "A game id (stadiumlog games).") var toGame: GameID?
    @Option(help: "A visit id (stadiumlog visits).") var toVisit: String?
    @Flag(help: "A tour of the same venue that day.") var tour = false
    @Flag(help: "Move into a --to-game far from where or when a photo was taken without asking.") var force = false

    func validate() throws {
        guard [toGame != nil, toVisit != nil, tour].filter({ $0 }).count == 1 else {
            throw ValidationError("give exactly one of --to-game, --to-visit or --tour")
        }
    }

    func run() throws {
        let library = try library.open()
        let corrections = Corrections(library: library, catalog: try library.catalog())
        let moved = try FanQuestion.filingEvenIfFar(force: force) { evenIfFar in
            let destination: VisitEditor.Destination = toGame.map { .game($0, evenIfFar: evenIfFar) } ?? toVisit.map { .visit($0) } ?? .tour
            return try corrections.move(photos, to: destination)
        }
        guard let moved else { return print("Nothing was changed.") }
        print("Moved \(counted(photos.count, "photo")) to \(moved.value.summary)")
        announce(moved.achievements)
    }
}

/// `stadiumlog visits show ID`: one visit, its photos and the history of its corrections.
struct VisitsShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a visit, its photos and its corrections.")

    @OptionGroup var library: LibraryOptions
    @Argument(help: "The visit's id (see `stadiumlog visits`).") var visit: String

    @Option(help: "Output format: table, or json (the visit as `visits --format json` has it, and its lineup).")
    var format: ReportFormat = .table

    func run() throws {
        let library = try library.openForReading()
        let catalog = try library.catalog()
        let sheet = try VisitEditor(library: library, catalog: catalog).sheet(of: visit)
        if format == .json { return print(try JSONOutput.string(ShownVisit(sheet, catalog: catalog))) }
        print(ShownText.safe(sheet.visit.summary))
        if let score = sheet.score { print("Score: \(score) (\(sheet.scoreSource ?? ""))") }
        for moment in sheet.moments { print("Moment: \(moment)") }
        if let field = sheet.onTheField {
            print("\nOn the field (\(field.source.prefix(1).lowercased() + field.source.dropFirst()))")
            for line in field.lines { print("\(line.label): \(line.text)") }
        }
        if let seat = sheet.seat { print("Seat: \(seat)") }
        if let notes = sheet.notes { print("Notes: \(notes)") }
        print("\nPhotos")
        print(
            TextTable(
                header: ["PHOTO", "TAKEN (AT THE VENUE)", "HASH"],
                rows: sheet.photos.map { [$0.path, $0.taken ?? "", String($0.sha256.prefix(12))] }
            ).rendered, terminator: "")
        if !sheet.evidence.isEmpty {
            print("\nEvidence")
            print(
                TextTable(
                    header: ["WHAT", "WHEN (AT THE VENUE)", "WHERE", "FROM"],
                    rows: sheet.evidence.map { [$0.what, $0.when, $0.distance ?? "", $0.source] }
                ).rendered, terminator: "")
        }
        print("\nHistory")
        if sheet.corrections.isEmpty { print("no corrections (as imported)") }
        for change in sheet.corrections { print("\(change.madeAt)  \(change.summary)\(change.undone ? " (undone)" : "")") }
    }
}

/// `stadiumlog undo`: takes back the last confirm, attach, edit, move, delete or score entered.
struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Take back the last confirm, attach, add, edit, move, delete or score entered by hand, or a whole import.",
        discussion: "`undo --import N` takes back what import N added (`stadiumlog imports` numbers them); `undo` then puts it back.")

    @OptionGroup var library: LibraryOptions

    @Option(name: .customLong("import"), help: ArgumentHelp("Take back what this import added, by its number.", valueName: "number"))
    var importRun: Int64?

    @Flag(help: "With --import: no question asked.")
    var force = false

    func run() throws {
        let library = try library.open()
        let corrections = Corrections(library: library, catalog: try library.catalog())
        guard let importRun else {
            let undone = try corrections.undo()
            print("Undone: \(undone.value.summary)")
            announce(undone.achievements)
            return
        }
        guard let summary = try corrections.imports().first(where: { $0.run.id == importRun }) else {
            throw CorrectionError.noSuchImport(importRun)
        }
        if !force {
            let described = ShownText.safe(ImportsTable.described(summary))
            guard isatty(STDIN_FILENO) == 1 else {
                throw RuntimeError("taking back import \(described) needs a yes: add --force (there is no terminal to ask)")
            }
            guard FanQuestion.yes("Take back import \(described)?") else { return print("Nothing changed.") }
        }
        let taken = try corrections.takeBack(importRun: importRun)
        print(
            ShownText.safe(
                "Took back import \(importRun): \(counted(taken.value.photos, "photo")) out of visits, "
                    + "\(counted(taken.value.visits, "visit")) removed, \(counted(taken.value.pending, "question")) removed. "
                    + "The files are untouched; `stadiumlog undo` puts it all back."))
        announce(taken.achievements)
    }
}

extension VisitType: ExpressibleByArgument {}

/// Says what a change did to the fan's achievements.
func announce(_ changes: AchievementBook.Changes) {
    for achievement in changes.earned { print("achievement earned: \(achievement.name) (\(achievement.earnedOn.iso8601))") }
    for achievement in changes.revoked { print("achievement revoked: \(achievement.name) (its visits changed)") }
}
