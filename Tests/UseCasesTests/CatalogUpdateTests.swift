import Catalog
import Foundation
import ScoreProviderFixtures
import Scores
import Testing
import TimeAndPlace

@testable import UseCases
@testable import VisitStore

/// `stadiumlog catalog update` against the fixture server: whole seasons over real HTTP into the library's overlay.
@Suite("The season in progress: the catalog overlay")
struct CatalogUpdateTests {
    static let today = LocalDate("2026-11-24")!
    static let fenway = "stadium_mlb_fenway_park"

    /// On the real clock: a season is dozens of requests, each waiting for its provider's pace.
    func update(_ context: ProviderTestContext, _ leagues: [LeagueID], seasons: [Int]) async throws -> CatalogUpdater.Result {
        try await CatalogUpdater(library: context.library, api: context.api(realTime: true)).update(
            leagues: leagues, seasons: seasons,
            today: Self.today)
    }

    @Test("MLB 2026: new games added with their finals, a doubleheader, a postponement, a suspended game, the postseason")
    func seasonInProgress() async throws {
        let context = try await ProviderTestContext()
        let result = try await update(context, ["mlb"], seasons: [2026])
        let report = try #require(result.seasons.first)
        #expect(report.provider == "mlb-statsapi" && report.listed == 10, "spring training is not a league game")
        #expect(report.agreed == 1 && report.added == 7 && report.postponed == 1 && report.suspended == 1)
        #expect(report.startsAdded == 2, "the two bundled games, which had no start time")
        #expect(report.unplaced.isEmpty)
        let disagreement = try #require(report.disagreements.first)
        #expect(report.disagreements.count == 1 && disagreement.gameId == "game_mlb_2026_hou_laa_0820")
        #expect(disagreement.bundledAwayScore == 18 && disagreement.providerAwayScore == 17)
        #expect(context.server.requests.count == 9, "a month a request, March through November")

        let overlay = try #require(try context.library.catalogOverlay())
        #expect(overlay == result.overlay && overlay.revision == 1 && overlay.format == CatalogOverlay.currentFormat)
        let file = context.folder.appendingPathComponent(CatalogOverlay.fileName).path
        #expect((try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int) == 0o600)

        let catalog = try context.library.catalog()
        let day = { (text: String) in LocalDate(text)! }
        let doubleheader = catalog.games(atVenue: Self.fenway, on: day("2026-09-05"))
        #expect(doubleheader.map(\.id) == ["game_mlb_2026_bos_nyy_0905_1", "game_mlb_2026_bos_nyy_0905_2"])
        #expect(doubleheader.map(\.homeScore) == [5, 2] && doubleheader.map(\.awayScore) == [3, 7])
        #expect(doubleheader.allSatisfy { $0.scoreProvenance?.provider == "mlb-statsapi" && $0.source == "mlb-statsapi" })
        #expect(catalog.games(atVenue: "stadium_mlb_petco_park", on: day("2026-09-06")).isEmpty, "postponed that day")
        let madeUp = try #require(catalog.games(atVenue: "stadium_mlb_petco_park", on: day("2026-09-07")).first)
        #expect(madeUp.homeScore == 1 && madeUp.awayScore == 4)
        for date in ["2026-09-08", "2026-09-09"] {
            let game = try #require(catalog.games(atVenue: "stadium_mlb_wrigley_field", on: day(date)).first)
            #expect(game.homeScore == 3 && game.awayScore == 5, "the suspended game's first day carries its final")
        }
        let houston = try #require(catalog.games(atVenue: "stadium_mlb_daikin_park", on: day("2026-08-20")).first)
        #expect(houston.awayScore == 18 && houston.scoreProvenance == nil, "a bundled final is never replaced")
        let postseason = try #require(catalog.games(atVenue: "stadium_mlb_dodger_stadium", on: day("2026-10-05")).first)
        #expect(postseason.seasonType == .postseason && postseason.homeScore == 4)
        let scheduled = try #require(catalog.games(atVenue: "stadium_mlb_dodger_stadium", on: day("2026-11-02")).first)
        #expect(!scheduled.isFinal)
        let bundled = try Catalog.bundled()
        // Fetched again, with the overlay's own games in the catalog the API carries: the same games, a new revision.
        let again = try await CatalogUpdater(library: context.library, api: context.api(realTime: true, catalog: catalog))
            .update(leagues: ["mlb"], seasons: [2026], today: Self.today)
        #expect(again.overlay.games.map(\.id) == overlay.games.map(\.id) && again.overlay.revision == 2)
        #expect(catalog.covers("mlb", on: day("2026-09-05")) && !bundled.covers("mlb", on: day("2026-09-05")))
        #expect(catalog.games(on: day("2026-03-05"), league: "mlb").isEmpty, "no spring training game")
    }

    @Test("A photo of a game in the overlay becomes a visit with the provider's final and its provenance")
    func photoOfOverlayGame() async throws {
        let context = try await ProviderTestContext()
        _ = try await update(context, ["mlb"], seasons: [2026])
        let (path, metadata) = try UncoveredGamesTests.photo("season-in-progress")
        let imported = try await PhotoImporter(library: context.library, catalog: try context.library.catalog())
            .run([(path, .success(metadata))])
        #expect(imported.matchedGameIds == ["game_mlb_2026_bos_nyy_0905_2"])
        let visit = try #require(try context.library.read { db in try StadiumVisit.fetchOne(db) })
        #expect(visit.homeScore == 2 && visit.awayScore == 7 && visit.scoreSource == .api)
        #expect(visit.scoreProvider == "mlb-statsapi" && visit.scoreFetchedAt != nil && !visit.scoreResolutionPending)
    }

    @Test("A provider failing mid-season, and an offline run, leave the overlay as it was")
    func failureKeepsOverlay() async throws {
        let context = try await ProviderTestContext()
        _ = try await update(context, ["mlb"], seasons: [2026])
        let file = context.folder.appendingPathComponent(CatalogOverlay.fileName)
        let before = try Data(contentsOf: file)
        context.server.inject(.status(500), forPathsStartingWith: "/api/v1/schedule", count: 3, after: 4)
        let failed = try await update(context, ["mlb"], seasons: [2026])
        #expect(failed.seasons.first?.provider == nil && failed.seasons.first?.failures.count == 3)
        #expect(try Data(contentsOf: file) == before, "half a season is no answer")
        let offline = try await CatalogUpdater(library: context.library, api: context.api(offline: true))
            .update(leagues: ["mlb", "nhl"], seasons: nil, today: Self.today)
        #expect(offline.seasons.allSatisfy { $0.provider == nil } && offline.seasons.count == 4)
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("Recorded seasons agree with the bundled index: MLB 2022 (postponements) and the NHL's 2025-26 opening week")
    func recordedSeasonsAgree() async throws {
        let context = try await ProviderTestContext()
        let result = try await update(context, ["mlb", "nhl"], seasons: [2022, 2025])
        let mlb = try #require(result.seasons.first { $0.league == "mlb" && $0.season == 2022 })
        #expect(mlb.provider == "mlb-statsapi" && mlb.listed == 17 && mlb.postponed == 3)
        #expect(mlb.agreed == 14 && mlb.disagreements.isEmpty && mlb.unplaced.isEmpty && mlb.added == 0)
        // The bundled 2022 games know only day or night; the provider's start times join them in the overlay, with
        // where they came from, and the bundled rows stay as they were.
        #expect(mlb.startsAdded == 14, "every game played, none postponed")
        let bundled = try #require(Catalog.bundled().game(id: "game_mlb_2022_atl_phi_1011"))
        let enriched = try #require(try context.library.catalog().game(id: "game_mlb_2022_atl_phi_1011"))
        #expect(bundled.startUTC == nil)
        #expect(enriched.startUTC == ISO8601DateFormatter().date(from: "2022-10-11T17:07:00Z"))
        #expect(enriched.startProvenance?.provider == "mlb-statsapi" && enriched.scoreProvenance == nil)
        #expect(
            (enriched.homeScore, enriched.awayScore, enriched.dayNight) == (bundled.homeScore, bundled.awayScore, bundled.dayNight))
        let nhl = try #require(result.seasons.first { $0.league == "nhl" && $0.season == 2025 })
        #expect(
            nhl.provider == "nhl-api-web" && nhl.listed > 0 && nhl.disagreements.isEmpty && nhl.unplaced.isEmpty,
            "\(nhl.unplaced.map(\.venueName))")
        #expect(context.server.requests.filter { $0.path.hasPrefix("/v1/schedule/") }.count == 2 * 48, "two seasons, a week a request")
    }

    @Test("NBA 2026-27 from the league schedule: one request, preseason left out, the venue's own date")
    func nbaSeason() async throws {
        let context = try await ProviderTestContext()
        let result = try await update(context, ["nba"], seasons: [2026])
        let report = try #require(result.seasons.first)
        #expect(
            report.provider == "nba-stats" && report.listed == 3 && report.added == 3 && report.unplaced.isEmpty,
            "\(report.unplaced.map(\.venueName))")
        #expect(context.server.requests.map(\.path) == ["/stats/scheduleleaguev2?LeagueID=00&Season=2026-27"])
        let catalog = try context.library.catalog()
        let lakers = try #require(
            catalog.games(ofTeam: "team_nba_lal", on: LocalDate("2026-10-20")!).first,
            "19:00 in Los Angeles on the 20th, though 02:00 UTC on the 21st")
        #expect(
            lakers.homeScore == 117 && lakers.awayScore == 121
                && lakers.venueId == catalog.homeVenue(of: "team_nba_lal", on: lakers.localDate)?.id)
        #expect(catalog.games(ofTeam: "team_nba_bos", on: LocalDate("2026-10-10")!).isEmpty, "a preseason game")
        #expect(result.leaguesWithoutProvider.isEmpty)
    }

    @Test("A season fetched again replaces that season's games and disagreements, and only that season's")
    func replacingOneSeason() {
        let fetched = Date(timeIntervalSince1970: 1_790_000_000)
        func disagreement(_ id: GameID, _ season: Int) -> CatalogOverlay.Disagreement {
            .init(
                gameId: id, league: "mlb", season: season, bundledHomeScore: 3, bundledAwayScore: 18, providerHomeScore: 3,
                providerAwayScore: 17, provider: "mlb-statsapi")
        }
        let before = CatalogOverlay(disagreements: [
            disagreement("game_mlb_2025_hou_laa_0820", 2025),
            disagreement("game_mlb_2026_hou_laa_0820", 2026),
        ])
        let season = CatalogOverlay.Season(league: "mlb", season: 2026, provider: "mlb-statsapi", fetchedAt: fetched)
        let corrected = before.replacing(season, games: [], disagreements: [])
        #expect(
            corrected.disagreements.map(\.gameId) == ["game_mlb_2025_hou_laa_0820"],
            "the provider corrected its 2026 score: that disagreement is gone, 2025's stays")
        #expect(corrected.seasons == [season] && corrected.revision == 1 && corrected.updatedAt == fetched)
    }

    @Test("An overlay written by a newer StadiumLog, or damaged, is refused with what to do")
    func unreadableOverlay() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("overlay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent(CatalogOverlay.fileName)
        try Data(#"{"format": 99}"#.utf8).write(to: file)
        #expect(throws: CatalogError.self) { try CatalogOverlay.load(fromFolder: folder) }
        do { _ = try CatalogOverlay.load(fromFolder: folder) } catch { #expect("\(error)".contains("update StadiumLog")) }
        #expect(throws: CatalogError.newerOverlay(path: file.path, format: 99)) { try CatalogOverlay.load(fromFolder: folder) }
        try Data("{not json".utf8).write(to: file)
        #expect(throws: CatalogError.damagedOverlay(path: file.path, reason: "it is not a catalog overlay")) {
            try CatalogOverlay.load(fromFolder: folder)
        }
        try FileManager.default.removeItem(at: file)
        #expect(try CatalogOverlay.load(fromFolder: folder) == nil)
    }

    @Test("An update writes a damaged overlay anew, and leaves one from a newer StadiumLog untouched")
    func updateOverDamagedOrNewer() async throws {
        let context = try await ProviderTestContext()
        let file = context.folder.appendingPathComponent(CatalogOverlay.fileName)
        try Data("{not json".utf8).write(to: file)
        let mended = try await update(context, ["mlb"], seasons: [2026])
        let written = try context.library.catalogOverlay()
        // 8 games the index lacks, and 2 bundled games with the provider's start time.
        #expect(mended.overlay.games.count == 10 && written?.revision == 1)
        let newer = Data(#"{"format": 2, "games": []}"#.utf8)
        try newer.write(to: file)
        await #expect(throws: LibraryError.self) { try await update(context, ["mlb"], seasons: [2026]) }
        #expect(try Data(contentsOf: file) == newer)
    }
}
