import Foundation
import Testing

/// The short ids the tables show are what a fan types: visits, pending matches and photo hashes by a unique start.
@Suite("Short ids")
struct ShortIDTests {
    @Test("A visit, a pending match and a photo hash by the start the tables show, in any case")
    func shortIDs() async throws {
        let library = try await importedMatching()
        let path = library.folder.path
        let table = try await CLI.run(["visits", "--library", path]).stdout
        let fenway = try #require(table.split(separator: "\n").first { $0.contains("2015-06-15") && $0.contains("Fenway") })
        let short = try #require(fenway.split(separator: " ").last.map(String.init))
        #expect(short.count == 8, "\(fenway)")
        // Every row fits a terminal of 100 columns: the teams less their places when full names would not fit.
        #expect(table.split(separator: "\n").allSatisfy { $0.count <= 100 }, "\(table)")
        #expect(table.contains("Braves at Red Sox") && !table.contains("Atlanta Braves"), "\(table)")
        let shown = try await CLI.run(["visits", "show", short.lowercased(), "--library", path])
        #expect(shown.status == 0 && shown.stdout.contains("Atlanta Braves at Boston Red Sox"), "\(shown.stderr)")
        let tooShort = try await CLI.run(["visits", "show", String(short.prefix(5)), "--library", path])
        #expect(tooShort.status != 0 && tooShort.stderr.contains("is too short to name one"), "\(tooShort.stderr)")

        // A photo by the start of its hash, as `visits show` prints it: moved to a tour.
        let hash = try #require(
            shown.stdout.split(separator: "\n").first { $0.contains("high-exact-day.jpg") }?.split(separator: " ").last.map(String.init))
        let moved = try await CLI.run(["visits", "move", hash, "--tour", "--library", path])
        #expect(moved.status == 0 && moved.stdout.contains("a tour"), "\(moved.stdout)\(moved.stderr)")

        let list = try await CLI.run(["confirm", "--library", path]).stdout
        #expect(list.contains("VENUE") && list.contains("Citi Field"), "\(list)")
        let pending = try #require(
            list.split(separator: "\n").first { $0.contains("/shared-arena-two-games.jpg") }?.split(separator: " ").first)
        #expect(pending.count == 8)
        let undecided = try await CLI.run(["confirm", String(pending), "--library", path])
        #expect(
            undecided.status == 64 && undecided.stderr.contains("'stadiumlog confirm --help'")
                && !undecided.stderr.contains("<subcommand>"), "its own help named, not the root's usage: \(undecided.stderr)")
        let skipped = try await CLI.run(["confirm", String(pending), "--skip", "--library", path])
        #expect(skipped.status == 0 && skipped.stdout.contains("Skipped 1 photo"), "\(skipped.stderr)")
    }
}

/// A mistyped command is named, with the nearest real one.
@Suite("Mistyped commands")
struct MistypedCommandTests {
    @Test("'improt' and 'visits shwo' say what was meant, 'banners' lists the commands; an argument is left to its command")
    func didYouMean() async throws {
        let improt = try await CLI.run(["improt", "TestImages/matching"])
        #expect(improt.status != 0)
        #expect(improt.stderr.contains("unknown command 'improt' — did you mean 'import'?"), "\(improt.stderr)")
        let shwo = try await CLI.run(["visits", "shwo", "ABCDEF12"])
        #expect(shwo.stderr.contains("did you mean 'visits show'?"), "\(shwo.stderr)")
        let far = try await CLI.run(["xyzzy"])
        #expect(far.status != 0 && !far.stderr.contains("did you mean"), "\(far.stderr)")
        // A command near none, with options of its own: the command is what is wrong, and the list says what there is.
        let banners = try await CLI.run(["banners", "out.png", "--league", "mlb"])
        #expect(banners.status != 0)
        #expect(banners.stderr.contains("unknown command 'banners'; the commands are import, match"), "\(banners.stderr)")
        #expect(!banners.stderr.contains("--league"), "not the option the parser did not know")
        let cards = try await CLI.run(["cards", "out.png"])
        #expect(cards.stderr.contains("did you mean 'card'?"), "\(cards.stderr)")
        // `help` is the parser's own command at the top; under another command it is none, and the list says so.
        let help = try await CLI.run(["help", "import"])
        #expect(help.status == 0 && help.stdout.contains("USAGE: stadiumlog import"), "\(help.stderr)")
        #expect(try await CLI.run(["catalog", "help"]).stderr.contains("the commands are stats, update"))
        // After `visits`, whose default is `list`, a word is left to the command as before.
        #expect(try await CLI.run(["visits", "nothing-of-the-kind"]).stderr.contains("unknown command") == false)
        #expect(try await CLI.run(["games", "--venue", "Fenway Park", "--date", "2015-06-15"]).stdout.contains("Boston Red Sox"))
    }
}

/// `visits` filtered as a fan asks: by team, venue (any of its names) and season.
@Suite("visits filters")
struct VisitsFilterTests {
    @Test("--team, --venue (a former name too) and --season narrow the list; a name several teams share lists them")
    func filters() async throws {
        let library = try await importedMatching()
        let path = library.folder.path
        let sox = try await CLI.run(["visits", "--team", "Red Sox", "--library", path]).stdout
        #expect(sox.contains("Fenway Park") && !sox.contains("Citi Field") && sox.contains("1 visit"), "\(sox)")
        let sbc = try await CLI.run(["visits", "--venue", "Oracle Park", "--library", path]).stdout
        #expect(sbc.contains("SBC Park") && sbc.contains("1 visit"), "\(sbc)")
        let season = try await CLI.run(["visits", "--season", "2010", "--league", "mlb", "--library", path]).stdout
        #expect(season.contains("Citi Field") && !season.contains("Fenway"), "\(season)")
        let york = try await CLI.run(["visits", "--team", "New York", "--library", path])
        #expect(york.status != 0 && york.stderr.contains("teams:") && york.stderr.contains("team_mlb_nyy"), "\(york.stderr)")
    }
}

/// The rails on a correction typed by hand: an official final is replaced only when the fan says so; a game's visit
/// keeps its game's day and venue; a game made a tour and back gets its final back.
@Suite("visits edit rails")
struct EditRailsTests {
    @Test("--score asks before replacing an official final; --date is refused for a game's visit; tour and back")
    func rails() async throws {
        let library = try await importedMatching()
        let path = library.folder.path
        let list = try await CLI.run(["visits", "--team", "Red Sox", "--library", path]).stdout
        let id = try #require(list.split(separator: "\n").first { $0.contains("Fenway") }?.split(separator: " ").last.map(String.init))

        let refused = try await CLI.run(["visits", "edit", id, "--score", "1-0", "--library", path])
        #expect(refused.status != 0 && refused.stderr.contains("official final score") && refused.stderr.contains("--force"))
        let moved = try await CLI.run(["visits", "edit", id, "--date", "2015-06-16", "--library", path])
        #expect(moved.status != 0 && moved.stderr.contains("its day and venue are the game's"), "\(moved.stderr)")
        #expect(moved.stderr.contains("visits move"))

        let tour = try await CLI.run(["visits", "edit", id, "--type", "tour", "--library", path])
        #expect(tour.status == 0, "\(tour.stderr)")
        #expect(!(try await CLI.run(["visits", "--venue", "Fenway Park", "--library", path]).stdout.contains("4-2")))
        let game = try await CLI.run(["visits", "edit", id, "--type", "game", "--library", path])
        #expect(game.status == 0)
        #expect(try await CLI.run(["visits", "--venue", "Fenway Park", "--library", path]).stdout.contains("4-2"), "the final is back")

        let pending = try #require(
            try await CLI.run(["confirm", "--library", path]).stdout.split(separator: "\n").dropFirst().first?.split(separator: " ").first)
        let dropped = try await CLI.run(["confirm", String(pending), "--choice", "1", "--score", "3-2", "--library", path])
        #expect(dropped.status != 0 && dropped.stderr.contains("--score goes with a game entered by hand"), "a score is never dropped")

        let forced = try await CLI.run(["visits", "edit", id, "--score", "1-0", "--force", "--library", path])
        #expect(forced.status == 0 && forced.stdout.contains("Score stored"), "\(forced.stderr)")
    }
}

/// `report DIR`: a folder given as the report's path gets the report inside it.
@Suite("report into a folder")
struct ReportIntoFolderTests {
    @Test("A folder given as the path gets stadiumlog-report.html inside it")
    func intoFolder() async throws {
        let library = try await importedMatching()
        let path = library.folder.path
        let folder = library.folder.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let written = try await CLI.run(["report", folder.path, "--library", path])
        #expect(written.status == 0, "\(written.stderr)")
        let file = folder.appendingPathComponent("stadiumlog-report.html")
        #expect(written.stdout.contains(file.path))
        #expect(try String(contentsOf: file, encoding: .utf8).contains("<html"))
    }
}

/// A game typed by id that is far from where or when the photo was taken: asked about first, filed only on a yes.
@Suite("Filing far from the photo")
struct FarGameTests {
    @Test("attach --game far in place or day is refused in a script (naming --force), asked on a terminal, filed with --force")
    func farGame() async throws {
        let library = LibraryProcessTests.Library()
        let path = library.folder.path
        let photo = CLI.packageRoot.appendingPathComponent("TestImages/matching/medium-adjacent-day.jpg").path
        let elsewhere = try await CLI.run(["attach", photo, "--game", "game_mlb_2010_nym_lad_0427_2", "--library", path])
        #expect(elsewhere.status != 0 && elsewhere.stderr.contains("km from Citi Field") && elsewhere.stderr.contains("--force"))
        let earlier = try await CLI.run(["attach", photo, "--game", "game_mlb_2015_bos_atl_0615", "--library", path])
        #expect(earlier.status != 0 && earlier.stderr.contains("taken 7 days before the game"), "\(earlier.stderr)")
        let no = try await CLI.runInTerminal(
            ["attach", photo, "--game", "game_mlb_2015_bos_atl_0615", "--library", path], answers: [(prompt: "[y/N] ", type: "n")])
        #expect(no.screen.contains("Nothing was changed"), "\(no.screen)")
        #expect(!(try await CLI.run(["visits", "--library", path]).stdout.contains("2015-06-15")))
        let forced = try await CLI.run(["attach", photo, "--game", "game_mlb_2015_bos_atl_0615", "--force", "--library", path])
        #expect(forced.status == 0 && forced.stdout.contains("attached to"), "\(forced.stderr)")
        // The day after a game is not far: a night game's photos, a camera a zone off.
        let near = CLI.packageRoot.appendingPathComponent("TestImages/matching/high-adjacent-day.jpg").path
        let adjacent = try await CLI.run(["attach", near, "--game", "game_mlb_2015_bos_athletics_0607", "--library", path])
        #expect(adjacent.status == 0, "\(adjacent.stderr)")
    }
}

/// A new library with TestImages/matching imported by the real command, as most of these tests start.
private func importedMatching() async throws -> LibraryProcessTests.Library {
    let library = LibraryProcessTests.Library()
    let imported = try await CLI.run(["import", "TestImages/matching", "--library", library.folder.path, "--offline"])
    #expect(imported.status == 0, "\(imported.stderr)")
    return library
}
