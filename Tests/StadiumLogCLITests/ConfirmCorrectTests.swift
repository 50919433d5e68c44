import Foundation
import Testing

/// The fan's half of the loop through the real binary: confirm, change one's mind, undo, delete, import again — in
/// sequences, with the interactive walk on a pseudo-terminal.
@Suite("Confirm and correct, as a fan does it")
struct ConfirmCorrectTests {
    typealias Library = LibraryProcessTests.Library

    static func imported() async throws -> Library {
        let library = Library()
        #expect(try await CLI.run(["import", "TestImages/matching", "--library", library.folder.path]).status == 0)
        return library
    }

    func run(_ arguments: [String], _ library: Library) async throws -> CLI.Output {
        try await CLI.run(arguments + ["--library", library.folder.path])
    }

    func pendingId(_ name: String, _ library: Library, skipped: Bool = false) async throws -> String {
        let list = try await run(["confirm"] + (skipped ? ["--skipped"] : []), library).stdout
        return try #require(
            list.split(separator: "\n").first { $0.contains("/\(name).jpg") }?.split(separator: " ").first.map(String.init),
            "\(name) in \(list)")
    }

    func visits(_ library: Library) async throws -> [[String: Any]] {
        let output = try await run(["visits", "--format", "json"], library)
        return try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
    }

    @Test("Teams typed as a fan types them become the real game; settled is settled; a game that never happened needs --force")
    func confirmByHandAndSettled() async throws {
        let library = try await Self.imported()
        let fenway = try await pendingId("medium-exact-day", library)
        let typed = try await run(["confirm", fenway, "--home", "Red Sox", "--away", "braves"], library)
        #expect(
            typed.status == 0 && typed.stdout.contains("Filed 1 photo into Atlanta Braves at Boston Red Sox, Fenway Park, 2015-06-15"),
            "\(typed.stdout)\(typed.stderr)")
        for again in [["--choice", "1"], ["--tour"], ["--skip"]] {
            let result = try await run(["confirm", fenway] + again, library)
            #expect(result.status == 1 && result.stderr.contains("already settled") && result.stderr.contains("visits move"), "\(again)")
        }
        #expect(try await visits(library).allSatisfy { ($0["id"] as? String) != nil })
        let photosPerVisit = try await run(["visits"], library).stdout
        #expect(!photosPerVisit.contains("  0       "), "no visit without photos")

        let philadelphia = try await pendingId("two-venues-in-range", library)
        let never = try await run(["confirm", philadelphia, "--home", "Yankees", "--away", "Red Sox", "--score", "2-5"], library)
        #expect(
            never.status == 1 && never.stderr.contains("is not a game in the catalog") && never.stderr.contains("--force"),
            "\(never.stderr)")
        #expect(!never.stderr.contains("Usage"), "a runtime error prints no usage")
        let forced = try await run(
            ["confirm", philadelphia, "--home", "Yankees", "--away", "Red Sox", "--score", "2-5", "--force"], library)
        #expect(
            forced.status == 0 && forced.stdout.contains("Score stored: Boston Red Sox 2, New York Yankees 5"),
            "\(forced.stdout)\(forced.stderr)")
        let recorded = try #require(
            try await visits(library).first {
                $0["homeTeamId"] as? String == "team_mlb_nyy" && $0["dataSource"] as? String == "fullyManual"
            })
        #expect(recorded["awayScore"] as? Int == 2 && recorded["homeScore"] as? Int == 5, "AWAY-HOME, as typed")
        #expect((recorded["createdAt"] as? String)?.hasSuffix("Z") == true, "JSON dates are ISO 8601")
    }

    @Test("One score order everywhere, echoed with the names; an official final is replaced only with --force")
    func scoreOrder() async throws {
        let library = try await Self.imported()
        let fenway = try #require(try await visits(library).first { $0["gameId"] as? String == "game_mlb_2015_bos_atl_0615" })
        let id = try #require(fenway["id"] as? String)
        let refused = try await run(["scores", "--set", id, "5-1"], library)
        #expect(
            refused.status == 1 && refused.stderr.contains("official final score (Atlanta Braves 4, Boston Red Sox 2)")
                && refused.stderr.contains("--force"), "\(refused.stderr)")
        let set = try await run(["scores", "--set", id, "5-1", "--force"], library)
        #expect(set.status == 0 && set.stdout.contains("Atlanta Braves 5, Boston Red Sox 1"), "\(set.stdout)")
        let table = try await run(["visits"], library).stdout
        #expect(table.contains("Braves at Red Sox") && table.contains("5-1"), "typing back what the table shows")
        let edited = try await run(["visits", "edit", id, "--score", "3-7"], library)
        #expect(edited.status == 0 && edited.stdout.contains("Atlanta Braves 3, Boston Red Sox 7"))
        let bad = try await run(["visits", "edit", id, "--score", "seven"], library)
        #expect(bad.status != 0 && bad.stderr.contains("AWAY-HOME"))
    }

    @Test("Change one's mind: move a photo, see the history, undo, delete and import again")
    func changeOfMind() async throws {
        let library = try await Self.imported()
        let fenway = try #require(try await visits(library).first { $0["gameId"] as? String == "game_mlb_2015_bos_atl_0615" })
        let id = try #require(fenway["id"] as? String)
        let photo = "TestImages/matching/session-with-gps.jpg"
        let moved = try await run(["visits", "move", CLI.packageRoot.appendingPathComponent(photo).path, "--tour"], library)
        #expect(
            moved.status == 0 && moved.stdout.contains("Moved 1 photo to a tour, Fenway Park, 2015-06-15"), "\(moved.stdout)\(moved.stderr)"
        )
        let shown = try await run(["visits", "show", id], library)
        #expect(shown.stdout.contains("high-exact-day.jpg") && !shown.stdout.contains("session-with-gps.jpg"))
        #expect(shown.stdout.contains("moved 1 photo to a tour"), "the history says what happened: \(shown.stdout)")
        let undone = try await run(["undo"], library)
        #expect(undone.status == 0 && undone.stdout.contains("Undone: moved 1 photo"))
        #expect(try await run(["visits", "show", id], library).stdout.contains("session-with-gps.jpg"))
        #expect(!(try await run(["visits"], library).stdout.contains("tour")), "the tour made by the move is gone")

        let deleted = try await run(["visits", "delete", id, "--yes"], library)
        #expect(deleted.status == 0)
        let again = try await run(["import", "TestImages/matching"], library)
        #expect(again.stdout.contains("Imported 2 photos into visits (1 new visit)"), "its photos can be placed again: \(again.stdout)")
        // The last correction is the delete, but its photos were imported again since: undoing it would lose them.
        let late = try await run(["undo"], library)
        #expect(late.status == 1 && late.stderr.contains("imported or filed again since"), "\(late.stderr)")
    }

    @Test("A photo confirmed into a visit that already exists can be undone, and the visit keeps its own photos")
    func undoConfirmIntoExistingVisit() async throws {
        let library = try await Self.imported()
        // The import made the Stars' visit of 2012-01-07 from the afternoon photo; the evening one asks which game.
        let stars = try #require(try await visits(library).first { $0["gameId"] as? String == "game_nhl_2011_dal_edm_0107" })
        let id = try #require(stars["id"] as? String)
        let pending = try await pendingId("shared-arena-two-games", library)
        let confirmed = try await run(["confirm", pending, "--game", "game_nhl_2011_dal_edm_0107"], library)
        #expect(confirmed.status == 0, "\(confirmed.stderr)")
        #expect(try await run(["visits", "show", id], library).stdout.contains("shared-arena-two-games.jpg"))
        let undone = try await run(["undo"], library)
        #expect(undone.status == 0 && undone.stdout.contains("Undone: filed 1 photo"), "\(undone.stdout)\(undone.stderr)")
        let shown = try await run(["visits", "show", id], library).stdout
        #expect(shown.contains("shared-arena-afternoon-game.jpg") && !shown.contains("shared-arena-two-games.jpg"), "\(shown)")
        #expect(try await run(["confirm"], library).stdout.contains("shared-arena-two-games.jpg"), "the photo asks again")
    }

    @Test("Skipped matches come back; the interactive walk, on a terminal, settles a moment at once and offers them")
    func skippedAndInteractive() async throws {
        let library = try await Self.imported()
        let shared = try await pendingId("shared-arena-two-games", library)
        #expect(try await run(["confirm", shared, "--skip"], library).stdout.contains("Skipped 1 photo"))
        #expect(try await run(["confirm", "--skipped"], library).stdout.contains("shared-arena-two-games.jpg"))
        let walk = try await CLI.runInTerminal(
            ["confirm", "--library", library.folder.path],
            answers: [
                (prompt: "q = quit: ", type: "?"),  // what are the choices?
                (prompt: "q = quit: ", type: "2"),  // the doubleheader's two photos: the night game
                (prompt: "q = quit: ", type: "s"),  // two venues in range: later
                (prompt: "q = quit: ", type: "o 1"),  // look at the photo first
                (prompt: "q = quit: ", type: "1"),  // 1.2 km from Fenway during the game, and its outing's photo: that game
                (prompt: "[y/N] ", type: "n"),  // the skipped ones: not now
            ])
        #expect(walk.status == 0)
        #expect(walk.screen.contains("2 photos at Fenway Park, 2015-06-15"), "one prompt for the moment")
        #expect(
            walk.screen.contains("photo 1: \(CLI.packageRoot.path)/TestImages/matching/medium-exact-day.jpg"),
            "paths are kept absolute")
        #expect(walk.screen.contains("medium-exact-day.jpg (no picture viewer here") || walk.screen.contains("opened"))
        #expect(walk.screen.contains("→ filed 2 photos into Atlanta Braves at Boston Red Sox"), "\(walk.screen)")
        #expect(walk.screen.contains("2 photos at Citi Field, 2010-04-27"), "the doubleheader's photos are one moment")
        #expect(walk.screen.contains("m     enter the game by hand"), "? explains the choices")
        #expect(walk.screen.contains("Settled 4 photos, skipped 1; 0 left to confirm"), "\(walk.screen)")
        let rest = try await CLI.runInTerminal(
            ["confirm", "--library", library.folder.path],
            answers: [
                (prompt: "[y/N] ", type: "y"),  // the skipped ones, now
                (prompt: "q = quit: ", type: "2"),
                (prompt: "q = quit: ", type: "t"),
            ])
        #expect(rest.screen.contains("You skipped 2 photos earlier"), "\(rest.screen)")
        #expect(try await run(["confirm"], library).stdout.contains("0 pending"))
        #expect(try await run(["confirm", "--skipped"], library).stdout.contains("0 skipped"))

        // Deleting on a terminal asks first.
        let visit = try #require(try await visits(library).first?["id"] as? String)
        let kept = try await CLI.runInTerminal(
            ["visits", "delete", visit, "--library", library.folder.path],
            answers: [(prompt: "[y/N] ", type: "n")])
        #expect(kept.screen.contains("Nothing was deleted"))
    }

    @Test("Photos that move are found again by their content: by relink, or by importing them from their new place")
    func photosThatMove() async throws {
        let before = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-pictures-\(UUID())")
        let after = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-reorganised-\(UUID())")
        defer {
            try? FileManager.default.removeItem(at: before)
            try? FileManager.default.removeItem(at: after)
        }
        try FileManager.default.createDirectory(at: before, withIntermediateDirectories: true)
        for name in ["high-exact-day.jpg", "doubleheader-night-game.jpg", "late-night-walk-out.jpg"] {
            try FileManager.default.copyItem(
                at: CLI.packageRoot.appendingPathComponent("TestImages/matching/\(name)"),
                to: before.appendingPathComponent(name))
        }
        let library = Library()
        #expect(try await run(["import", before.path], library).status == 0)
        try FileManager.default.createDirectory(at: after.appendingPathComponent("2015/06 June"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: before.appendingPathComponent("high-exact-day.jpg"),
            to: after.appendingPathComponent("2015/06 June/IMG_0001.jpg"))
        try FileManager.default.moveItem(
            at: before.appendingPathComponent("doubleheader-night-game.jpg"),
            to: after.appendingPathComponent("doubleheader-night-game.jpg"))
        let relinked = try await run(["relink", after.path], library)
        #expect(relinked.stdout.contains("2 photos relinked") && relinked.stdout.contains("0 still missing"), "\(relinked.stdout)")
        let paths = try await run(["export", after.appendingPathComponent("export.json").path], library)
        #expect(paths.status == 0)
        let export = try JSONSerialization.jsonObject(with: Data(contentsOf: after.appendingPathComponent("export.json"))) as? [String: Any]
        let photoPaths = (export?["photos"] as? [[String: Any]])?.compactMap { $0["originalPath"] as? String } ?? []
        #expect(
            photoPaths.contains { $0.hasSuffix("2015/06 June/IMG_0001.jpg") }
                && !photoPaths.contains(before.appendingPathComponent("high-exact-day.jpg").path), "\(photoPaths)")
        try FileManager.default.moveItem(
            at: before.appendingPathComponent("late-night-walk-out.jpg"),
            to: after.appendingPathComponent("late.jpg"))
        let reimport = try await run(["import", after.path], library)
        #expect(reimport.stdout.contains("(1 of them moved; the library follows them)"), "\(reimport.stdout)")
        let missingFolder = try await run(["relink", "/no/such/folder"], library)
        #expect(missingFolder.status == 1 && missingFolder.stderr.contains("/no/such/folder: no such folder"))
    }

    @Test("--format csv only where there is one; the others say so")
    func formats() async throws {
        let match = try await CLI.run(["match", "TestImages/matching/high-exact-day.jpg", "--format", "csv"])
        #expect(match.status != 0 && match.stderr.contains("csv"))
        #expect(try await CLI.run(["scan", "TestImages/matching/high-exact-day.jpg", "--format", "csv"]).status == 0)
    }

    @Test("A re-import does not read files unchanged since an import settled them; a changed file is read again")
    func reimportSkipsUnchanged() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-reimport-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("TestImages/matching"), to: folder)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("scenarios.json"))
        let library = Library()
        let first = try await run(["import", folder.path, "--format", "json"], library)
        let firstCounts = try #require(try JSONSerialization.jsonObject(with: Data(first.stdout.utf8)) as? [String: Any])
        #expect(firstCounts["unchanged"] as? Int == 0)
        let again = try await run(["import", folder.path, "--format", "json"], library)
        let counts = try #require(try JSONSerialization.jsonObject(with: Data(again.stdout.utf8)) as? [String: Any])
        // In the library (21 of 29 are visit photos or pending), near a game but no question (4), or without GPS,
        // date or place (3): not read again; a photo near a venue on a day without a game found (1) is read again.
        #expect(counts["unchanged"] as? Int == 28, "\(again.stdout.prefix(400))")
        #expect(counts["attached"] as? Int == 0 && counts["pendingAdded"] as? Int == 0)
        // A file touched since is read again.
        let touched = folder.appendingPathComponent("high-exact-day.jpg")
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: touched.path)
        let third = try await run(["import", folder.path], library)
        #expect(
            third.stdout.contains("1 already in the library") && third.stdout.contains("27 files unchanged since an earlier import"),
            "\(third.stdout)")
    }

    @Test("Entering a game by hand in the walk: nicknames, a mistyped score asked again, a game that never happened refused")
    func manualEntryInTheWalk() async throws {
        let library = try await Self.imported()
        let shared = try await pendingId("shared-arena-two-games", library)
        #expect(try await run(["confirm", shared, "--skip"], library).status == 0)
        let walk = try await CLI.runInTerminal(
            ["confirm", "--library", library.folder.path],
            answers: [
                (prompt: "q = quit: ", type: "s"),  // the doubleheader at Citi Field: later; then Philadelphia
                (prompt: "q = quit: ", type: "m"),
                (prompt: "Home team: ", type: "Yankees"),
                (prompt: "Away team: ", type: "Red Sox"),
                (prompt: "(empty if unknown): ", type: ""),
                (prompt: "[y/N] ", type: "n"),  // not a game in the catalog: not recorded
                (prompt: "q = quit: ", type: "m"),
                (prompt: "Home team: ", type: "phillies"),
                (prompt: "Away team: ", type: "Mets"),
                (prompt: "(empty if unknown): ", type: "five-two"),
                (prompt: "(empty if unknown): ", type: "5-2"),  // asked again, the teams kept
                (prompt: "q = quit: ", type: "q"),
            ])
        #expect(
            try await visits(library).allSatisfy {
                $0["awayTeamId"] as? String != "team_mlb_bos" || $0["homeTeamId"] as? String != "team_mlb_nyy"
            },
            "no game made up")
        #expect(walk.screen.contains("is not a game in the catalog. Record it anyway?"), "\(walk.screen)")
        #expect(walk.screen.contains("'five-two' is not a score"))
        #expect(
            walk.screen.contains("→ filed 1 photo into New York Mets at Philadelphia Phillies, Citizens Bank Park, 2012-04-13"),
            "\(walk.screen)")
    }
}
