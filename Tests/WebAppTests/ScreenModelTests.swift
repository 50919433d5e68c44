import Foundation
import Testing
import UseCases
import VisitStore

@testable import WebApp

/// The terminal and the browser show the same words for the same thing: each screen is one value built by the use
/// cases (``PendingMoment``, ``VisitSheet``), which `confirm` and `visits show` print and the pages render.
@Suite("serve and the command line: one screen model per screen")
struct ScreenModelTests {
    @Test("A pending moment: its place, times, reason and every candidate read the same in `confirm` and on the confirm page")
    func pendingMoment() async throws {
        let served = try InProcessSite()
        let confirmer = served.site.corrections.confirmer
        let moments = confirmer.moments(try confirmer.pending())
        #expect(moments.count > 1)
        let walk = try Self.cli(["confirm", "--interactive", "--library", served.folder.path], input: "q\n")
        let listed = try Self.cli(["confirm", "--library", served.folder.path], input: "")
        let page = try await served.test { client in try await client.get("/confirm", served) }
        let first = try #require(moments.first)
        #expect(walk.contains("[1/\(moments.count)] \(first.headline) — \(first.why)"), "\(walk)")
        #expect(page.text.contains("<p class=\"when\">\(first.headline)</p>"))
        for candidate in first.candidates {
            #expect(walk.contains(") \(candidate.line)"), "\(candidate.line)")
            #expect(page.text.contains(candidate.line), "\(candidate.line)")
        }
        for moment in moments {
            #expect(page.text.contains("<h2 class=\"where\">\(moment.place)</h2>"), "\(moment.place)")
            #expect(page.text.contains("<p class=\"reason\">\(moment.why)</p>"), "\(moment.why)")
            for photo in moment.photos {
                #expect(listed.contains(photo.path) && listed.contains(moment.why), "\(photo.path)")
                #expect(page.text.contains(photo.taken), "\(photo.taken)")
            }
        }
    }

    @Test(
        "A visit: its game, final and its source, moments, who played, seat, notes, photo times and corrections read the same in `visits show` and on its page"
    )
    func visitSheet() async throws {
        let served = try InProcessSite(photos: nil)
        _ = try Self.cli(["visits", "add", "--game", "game_mlb_2012_sea_tb_0815", "--library", served.folder.path], input: "")
        let visit = try #require(try served.site.history.visits().first)
        _ = try Self.cli(
            ["visits", "edit", visit.id, "--seat", "Section 105", "--notes", "King's Court", "--library", served.folder.path], input: "")
        let sheet = try served.site.corrections.editor.sheet(of: visit.id)
        let shown = try Self.cli(["visits", "show", visit.id, "--library", served.folder.path], input: "")
        let page = try await served.test { client in try await client.get("/visits/\(visit.id)", served) }
        #expect(page.text.contains("<span id=\"matchup\">\(sheet.matchup)</span>"))
        let score = try #require(sheet.score)
        #expect(shown.contains("Score: \(score) (\(sheet.scoreSource ?? ""))"))
        #expect(page.text.contains("<strong id=\"score\">\(score)</strong> <span class=\"muted\">(\(sheet.scoreSource ?? ""))</span>"))
        #expect(sheet.moments.count == 3)
        for moment in sheet.moments {
            #expect(shown.contains("Moment: \(moment)") && page.text.contains("<li>\(moment)</li>"), "\(moment)")
        }
        let field = try #require(sheet.onTheField, "Retrosheet names who played in 2012")
        #expect(field.lines.count == 8, "two lineups, starting pitchers and managers; the winning and losing pitchers")
        for line in field.lines {
            #expect(shown.contains("\(line.label): \(line.text)"), "\(line.label)")
            #expect(page.text.contains("<dt>\(line.label)</dt><dd>\(line.text)</dd>"), "\(line.label)")
        }
        #expect(shown.contains("Seat: Section 105") && page.text.contains("Seat: Section 105"))
        #expect(shown.contains("Notes: King's Court") && page.text.contains("King's Court"))
        #expect(sheet.corrections.count == 2)
        for change in sheet.corrections {
            #expect(shown.contains("\(change.madeAt)  \(change.summary)"), "\(change.summary)")
            #expect(page.text.contains("<time>\(change.madeAt)</time> \(change.summary)"), "\(change.summary)")
        }
    }

    @Test("Photos left out: the import's summary and the Not imported page name their reasons and paths alike")
    func leftOut() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("left-out-\(UUID().uuidString)")
        let photos = ServedLibrary.packageRoot.appendingPathComponent("TestImages/matching").path
        let imported = try Self.cli(["import", photos, "--library", folder.path, "--offline", "--list-unmatched"], input: "")
        let served = try InProcessSite(photos: nil, folder: folder)
        let groups = try served.site.history.leftOut(examples: NotImportedController.examplesShown)
        let page = try await served.test { client in try await client.get("/not-imported", served) }
        #expect(groups.count > 2)
        for group in groups {
            // The page's reason is the one the import counted, a tour's with its question added; the files remembered
            // without GPS or date are one group on the page, two reasons in the import.
            switch group.kind {
            case .noGameThatDay: #expect(imported.contains(MatchWords.noGameThatDayKind))
            case .nearGame, .notNearAnyVenue: #expect(imported.contains(group.kind.title), "\(group.kind.title)")
            case .noPlaceOrTime: #expect(imported.contains("no GPS position") || imported.contains("no capture date"))
            case .notAPhoto: break
            }
            #expect(page.text.contains("<h2>\(group.kind.title) <span class=\"count\">\(group.count)</span></h2>"))
            for photo in group.photos { #expect(imported.contains(photo.path) && page.text.contains(photo.path), "\(photo.path)") }
        }
    }

    @Test("Your record: a followed team's and each league's lines read the same in `progress` and on the overview")
    func record() async throws {
        let served = try InProcessSite(photos: nil)
        for game in [
            "game_mlb_2015_bos_tor_0612", "game_mlb_2015_bos_atl_0616", "game_mlb_2015_atl_bos_0617", "game_nhl_2015_bos_mtl_1010",
        ] {
            _ = try Self.cli(["visits", "add", "--game", game, "--library", served.folder.path], input: "")
        }
        let record = try served.site.history.record(following: "team_mlb_bos")
        let printed = try Self.cli(["progress", "--team", "Red Sox", "--library", served.folder.path], input: "")
        let page = try await served.test { client in try await client.get("/?team=team_mlb_bos", served) }
        let team = try #require(record.team)
        #expect(printed.contains(team.headline) && page.text.contains("<p class=\"lead\" id=\"team-record\">\(team.headline)</p>"))
        #expect(team.headline == "Boston Red Sox when you were there: 1-2 (home 1-1, away 0-1)")
        for line in record.leagues.flatMap({ [$0.headline] + $0.lines }) + team.lines {
            #expect(printed.contains(line) && page.text.contains(line), "\(line)")
        }
        // A season's page: that season's games, the team filtered by as the one followed.
        let season = try await served.test { client in try await client.get("/visits?season=2015&team=team_mlb_bos", served) }
        #expect(season.text.contains("Your games, season 2015"))
        #expect(season.text.contains("<p class=\"lead\" id=\"team-record\">\(team.headline)</p>"))
        let other = try await served.test { client in try await client.get("/visits?season=2014", served) }
        #expect(!other.text.contains("season-record"), "a season without a game seen says nothing")
    }

    /// Runs the real `stadiumlog` with `input` on its standard input; its standard output.
    static func cli(_ arguments: [String], input: String) throws -> String {
        let process = Process()
        process.executableURL = ServedLibrary.executable
        process.arguments = arguments
        process.currentDirectoryURL = ServedLibrary.packageRoot
        let (output, feed) = (Pipe(), Pipe())
        process.standardOutput = output
        process.standardInput = feed
        process.standardError = FileHandle.nullDevice
        try process.run()
        feed.fileHandleForWriting.write(Data(input.utf8))
        try feed.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
