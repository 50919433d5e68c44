import Catalog
import Foundation
import Progress
import TimeAndPlace
import VisitStore

/// Every change a fan makes to their library by hand — confirm, attach, edit, move, delete, a score entered, undo —
/// and the achievements recalculated after each, so no front end can forget them.
public struct Corrections: Sendable {
    /// The library every change is made in, and whose achievements are recalculated after it.
    public let library: VisitLibrary
    /// The catalog games, teams and venues are looked up in, and achievements are computed against.
    public let catalog: Catalog
    /// Settles pending matches. Read through it (pending matches, candidates); change through ``confirm(_:_:)`` and
    /// ``attach(_:_:venueId:on:)``, so the achievements follow.
    public let confirmer: MatchConfirmer
    /// Edits, moves and deletes visits. Read through it (a visit's details, its official score); change through
    /// the methods here, so the achievements follow.
    public let editor: VisitEditor

    /// Corrections to `library`, with games, teams and venues looked up in `catalog`.
    public init(library: VisitLibrary, catalog: Catalog) {
        self.library = library
        self.catalog = catalog
        confirmer = MatchConfirmer(library: library, catalog: catalog)
        editor = VisitEditor(library: library, catalog: catalog)
    }

    /// Settles pending photos (one, or a moment's group) as the fan decided.
    public func confirm(_ photos: [PendingMatch], _ decision: MatchConfirmer.Decision) throws -> Corrected<MatchConfirmer.Outcome> {
        try recalculating(confirmer.resolve(photos, decision))
    }

    /// Files photos the import left unmatched, by hand.
    public func attach(
        _ paths: [String], _ decision: MatchConfirmer.Decision, venueId: String? = nil,
        on day: LocalDate? = nil
    ) throws -> Corrected<[(path: String, outcome: MatchConfirmer.AttachOutcome)]> {
        try recalculating(confirmer.attach(paths, decision, venueId: venueId, on: day))
    }

    /// Files every photo an import found near `game` but did not ask about into that game's visit, in one correction;
    /// a file gone since is passed over (it cannot be filed, and must not keep the others out). Throws
    /// ``CorrectionError/nothingNearGame(id:)`` when no such photo waits (filed already, never near it, or gone).
    public func fileNearGame(_ game: GameID) throws -> Corrected<[(path: String, outcome: MatchConfirmer.AttachOutcome)]> {
        let paths = try library.photosNearGames().first { $0.gameId == game }?.paths.filter(FileManager.default.fileExists(atPath:))
        guard let paths, !paths.isEmpty else { throw CorrectionError.nothingNearGame(id: game) }
        return try attach(paths, .game(game))
    }

    /// Applies the fan's changes to a visit (seat, notes, score, date, venue, type). Throws ``CorrectionError`` when
    /// there is no such visit or venue, or a tour is given a score.
    public func edit(_ visitId: String, _ changes: VisitEditor.Changes) throws -> Corrected<StadiumVisit> {
        try recalculating(editor.edit(visitId, changes))
    }

    /// Records a game attended without a photo, by its catalog id.
    public func add(game id: GameID) throws -> Corrected<StadiumVisit> {
        try recalculating(editor.add(game: id))
    }

    /// Deletes a visit; its photos return to the unmatched state.
    public func delete(_ visitId: String) throws -> Corrected<StadiumVisit> {
        try recalculating(editor.delete(visitId))
    }

    /// Moves photos — named by the path they were imported from, a file with the same content, or their hash.
    public func move(_ photos: [String], to destination: VisitEditor.Destination) throws -> Corrected<StadiumVisit> {
        try recalculating(editor.move(try editor.photoHashes(for: photos), to: destination))
    }

    /// A final score entered by hand: the last tier of score resolution.
    public func setScore(
        ofVisit visitId: String, home: Int, away: Int,
        replacingOfficial: Bool = false
    ) throws -> Corrected<StadiumVisit> {
        try recalculating(editor.setScore(ofVisit: visitId, home: home, away: away, replacingOfficial: replacingOfficial))
    }

    /// The change ``undo()`` would take back, if any.
    public func lastChange() throws -> Correction? { try library.lastCorrection() }

    /// Takes back the last change made by hand.
    public func undo() throws -> Corrected<Correction> {
        try recalculating(library.undoLastCorrection())
    }

    /// The imports that added something still in the library, newest first.
    public func imports() throws -> [ImportRun.Summary] { try library.importRuns() }

    /// Takes back what import `run` added (``VisitLibrary/takeBack(importRun:summary:)``): one correction, so
    /// ``undo()`` puts it back.
    public func takeBack(importRun run: Int64) throws -> Corrected<ImportRun.TakenBack> {
        guard let taken = try library.takeBack(importRun: run, summary: Self.summary(of:)) else {
            throw CorrectionError.noSuchImport(run)
        }
        return try recalculating(taken)
    }

    /// "took back import 3 (/home/fan/Pictures): 150 photos, 12 visits, 6 questions".
    static func summary(of taken: ImportRun.TakenBack) -> String {
        "took back import \(taken.run.id ?? 0) (\(taken.run.folders.joined(separator: ", "))): "
            + "\(taken.photos) photo\(taken.photos == 1 ? "" : "s"), \(taken.visits) visit\(taken.visits == 1 ? "" : "s"), "
            + "\(taken.pending) question\(taken.pending == 1 ? "" : "s")"
            + (taken.evidence > 0 ? ", \(taken.evidence) piece\(taken.evidence == 1 ? "" : "s") of evidence" : "")
    }

    private func recalculating<Value>(_ value: Value) throws -> Corrected<Value> {
        Corrected(
            value: value, achievements: try AchievementBook(library: library, engine: AchievementEngine(catalog: catalog)).recalculate())
    }
}

/// What a change did, and what it did to the fan's achievements.
public struct Corrected<Value> {
    /// What the change returned: the visit as it is now, what a decision did, or the correction undone.
    public var value: Value
    /// The achievements earned and revoked by the recalculation that followed the change.
    public var achievements: AchievementBook.Changes
}

extension Corrected: Sendable where Value: Sendable {}
