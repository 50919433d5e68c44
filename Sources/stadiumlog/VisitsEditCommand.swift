import ArgumentParser
import Catalog
import Foundation
import Progress
import TimeAndPlace
import VisitImport
import VisitStore

/// `stadiumlog visits edit ID …`: corrects a visit; the original values are kept and achievements recalculated.
struct VisitsEditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Correct a visit (marked as corrected by you; the original values are kept).")

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The visit's id (see `stadiumlog visits`).") var visit: String
    @Option(help: "Your seat (an empty value clears it).") var seat: String?
    @Option(help: "Notes (an empty value clears them).") var notes: String?
    @Option(help: ArgumentHelp("The final score, home first (5-3).", valueName: "home-away")) var score: String?
    @Option(help: ArgumentHelp("The day of the visit.", valueName: "YYYY-MM-DD"), transform: parseLocalDate) var date: LocalDate?
    @Option(help: "The venue's id (see `stadiumlog venues`).") var venue: String?
    @Option(help: "game, tour or other.") var type: VisitType?

    func validate() throws {
        if let score, ScoresCommand.parse(score) == nil { throw ValidationError("--score needs a score like 5-3 (home first).") }
        if changes.isEmpty { throw ValidationError("Say what to change: --seat, --notes, --score, --date, --venue or --type.") }
    }

    var changes: VisitEditor.Changes {
        VisitEditor.Changes(seat: seat, notes: notes, score: score.flatMap(ScoresCommand.parse), date: date, venueId: venue,
                            visitType: type)
    }

    func run() throws {
        let library = try library.open()
        let catalog = try Catalog.bundled()
        let edited = try VisitEditor(library: library, catalog: catalog).edit(visit, changes)
        print("corrected: \(edited.localDate.iso8601) \(edited.venueName) (\(edited.id))")
        try AchievementReport.recalculate(library: library, catalog: catalog)
    }
}

/// `stadiumlog visits delete ID`.
struct VisitsDeleteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "delete", abstract: "Delete a visit and its photo records (the photo files are not touched).")

    @OptionGroup var library: LibraryOptions
    @Argument(help: "The visit's id (see `stadiumlog visits`).") var visit: String

    func run() throws {
        let library = try library.open()
        let catalog = try Catalog.bundled()
        let deleted = try VisitEditor(library: library, catalog: catalog).delete(visit)
        print("deleted: \(deleted.localDate.iso8601) \(deleted.venueName) (\(deleted.id))")
        try AchievementReport.recalculate(library: library, catalog: catalog)
    }
}

extension VisitType: ExpressibleByArgument {}

/// Achievements recalculated after the visits changed, and what changed said in words.
enum AchievementReport {
    /// Every achievement held, recalculated first, in the order they were earned.
    /// The achievements the visits earn, computed without writing (commands that only read use it).
    static func held(library: VisitLibrary, catalog: Catalog) throws -> [EarnedAchievement] {
        AchievementEngine(catalog: catalog).earned(from: try library.read { db in try StadiumVisit.fetchAll(db) })
            .sorted { ($0.earnedOn, $0.id) < ($1.earnedOn, $1.id) }
    }

    static func recalculate(library: VisitLibrary, catalog: Catalog, announce: Bool = true) throws {
        let changes = try AchievementBook(library: library, engine: AchievementEngine(catalog: catalog)).recalculate()
        guard announce else { return }
        for achievement in changes.earned { print("achievement earned: \(achievement.name) (\(achievement.earnedOn.iso8601))") }
        for achievement in changes.revoked { print("achievement revoked: \(achievement.name) (its visits changed)") }
    }
}
