import Catalog
import Foundation
import GRDB
import PhotoMetadata
import ScoreProviderFixtures
import Scores
import Testing
import TimeAndPlace

@testable import UseCases
@testable import VisitStore

/// Photos of games the bundled index lacks find them through the providers, over real HTTP.
@Suite("Games of dates the bundled index does not cover")
struct UncoveredGamesTests {
    static let photos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TestImages/matching")

    static func photo(_ name: String) throws -> (path: String, metadata: PhotoMetadata) {
        let path = photos.appendingPathComponent("\(name).jpg").path
        return (path, try PhotoMetadataExtractor().metadata(ofFileAt: path))
    }

    @Test("A preseason photo: the league API fails, ESPN lists the game, the visit is made and gets ESPN's final")
    func preseasonPhoto() async throws {
        let context = try await ProviderTestContext()
        let api = context.api()
        let (path, metadata) = try Self.photo("uncovered-preseason")
        let uncovered = UncoveredGames(api: api)
        #expect(uncovered.days(needing: [metadata]) == [.init(league: "nhl", day: LocalDate("2022-09-25")!)])

        context.server.inject(.status(500), forPathsStartingWith: "/v1/schedule", count: 3)
        let lookup = try await uncovered.catalog(for: [metadata])
        #expect(lookup.failures.count == 3)
        let wild = try #require(lookup.added.first { $0.homeTeamId == "team_nhl_min" })
        #expect(
            wild.venueId == "stadium_nhl_grand_casino_arena" && wild.awayTeamId == "team_nhl_col" && wild.source == "espn",
            "ESPN's \"Xcel Energy Center\" is the arena's name of 2022")
        #expect(!lookup.added.contains { $0.homeTeamId == "team_nhl_ari" }, "Tucson: a neutral site the catalog lacks")

        let imported = try await PhotoImporter(library: context.library, catalog: lookup.catalog).run([(path, .success(metadata))])
        #expect(imported.visitsCreated == 1 && imported.matchedGameIds == ["game_nhl_2022_min_col_0925"])
        let scores = try await ScoreResolver(library: context.library, api: api).resolvePending(gameIds: imported.matchedGameIds)
        #expect(scores.resolved.count == 1)
        let visit = try #require(try context.library.read { db in try StadiumVisit.fetchOne(db) })
        #expect(visit.gameId == "game_nhl_2022_min_col_0925" && visit.venueName == "Xcel Energy Center")
        #expect(visit.homeScore == 3 && visit.awayScore == 2 && visit.scoreProvider == "espn" && !visit.scoreResolutionPending)
    }

    @Test("An NFL playoff game after the bundled index: ESPN's week scoreboard lists it, the photo gets the game and its final")
    func nflPlayoffAfterTheIndex() async throws {
        let context = try await ProviderTestContext()
        let api = context.api()
        // 17:45 at Bank of America Stadium, Charlotte, on 2026-01-10: the Rams' wild-card game kicked off at 16:30.
        let photo = PhotoMetadata(
            format: .jpeg,
            capture: CaptureTime(
                local: LocalDateTime(year: 2026, month: 1, day: 10, hour: 17, minute: 45)!,
                utcOffset: UTCOffset(seconds: -5 * 3_600), source: .offsetTimeOriginal),
            location: GeoCoordinate(latitude: 35.2256, longitude: -80.8531))
        let uncovered = UncoveredGames(api: api)
        #expect(uncovered.days(needing: [photo]) == [.init(league: "nfl", day: LocalDate("2026-01-10")!)])
        let lookup = try await uncovered.catalog(for: [photo])
        let game = try #require(lookup.added.first { $0.homeTeamId == "team_nfl_car" })
        #expect(game.venueId == "stadium_nfl_bank_of_america_stadium" && game.awayTeamId == "team_nfl_lar" && game.source == "espn")
        #expect(lookup.added.map(\.homeTeamId).sorted() == ["team_nfl_car", "team_nfl_chi"], "the day's two games, not the week's six")

        // Any real file holds the photo's bytes; its metadata is the one above.
        let (file, _) = try Self.photo("high-exact-day")
        let imported = try await PhotoImporter(library: context.library, catalog: lookup.catalog).run([(file, .success(photo))])
        #expect(imported.visitsCreated == 1 && imported.matchedGameIds == ["game_nfl_2025_car_lar_0110"], "\(imported)")
        let scores = try await ScoreResolver(library: context.library, api: api).resolvePending(gameIds: imported.matchedGameIds)
        #expect(scores.resolved.count == 1)
        let visit = try #require(try context.library.read { db in try StadiumVisit.fetchOne(db) })
        #expect(visit.homeScore == 31 && visit.awayScore == 34 && visit.venueName == "Bank of America Stadium")
    }

    @Test("An import keeps the games it found online in the library's overlay: later commands know them, none twice")
    func importKeepsFoundGames() async throws {
        let context = try await ProviderTestContext()
        context.server.inject(.status(500), forPathsStartingWith: "/v1/schedule", count: 1_000)
        let (path, _) = try Self.photo("uncovered-preseason")
        let session = ImportSession(library: context.library, api: context.api())
        let first = try await session.run([path])
        #expect(first.matchedGameIds == ["game_nhl_2022_min_col_0925"] && first.scores.resolved.count == 1)
        let overlay = try #require(try context.library.catalogOverlay())
        let kept = try #require(overlay.games.first { $0.id == "game_nhl_2022_min_col_0925" })
        #expect(
            kept.status == .final && kept.game.homeScore == 3 && kept.game.scoreProvenance?.provider == "espn"
                && kept.game.source == "espn" && !kept.inBundledIndex)
        let known = try #require(try context.library.catalog().game(id: "game_nhl_2022_min_col_0925"))
        #expect(known.venueId == "stadium_nhl_grand_casino_arena" && known.homeScore == 3)

        // The same photo copied elsewhere is read again, against the library's catalog (bundled + overlay) as the
        // command line does: the game is known now, the photo by its content.
        let copy = context.folder.appendingPathComponent("copy.jpg")
        try FileManager.default.copyItem(atPath: path, toPath: copy.path)
        let again = try await ImportSession(library: context.library, api: context.api(catalog: try context.library.catalog())).run([
            copy.path
        ])
        #expect(again.alreadyInLibrary == 1 && again.visitsCreated == 0)
        #expect(try context.library.catalogOverlay()?.games.count == overlay.games.count, "no game kept twice")
    }

    @Test("Dates the index covers, and offline imports, ask nobody")
    func coveredOrOffline() async throws {
        let context = try await ProviderTestContext()
        let (_, fenway) = try Self.photo("high-exact-day")
        #expect(UncoveredGames(api: context.api()).days(needing: [fenway]).isEmpty)
        #expect(try await UncoveredGames(api: context.api()).catalog(for: [fenway]).asked.isEmpty)
        let (_, preseason) = try Self.photo("uncovered-preseason")
        let offline = try await UncoveredGames(api: context.api(offline: true)).catalog(for: [preseason])
        #expect(offline.asked.isEmpty && offline.added.isEmpty)
        #expect(UncoveredGames(api: context.api(), league: "mlb").days(needing: [preseason]).isEmpty, "--sport mlb")
        #expect(context.server.requests.isEmpty)
    }

    @Test("A stadium with no tenant that day (a series abroad, an outdoor game) is asked about for every league, and the days around it")
    func neutralVenueAsked() throws {
        let day = LocalDate("2031-06-24")!
        let photo = PhotoMetadata(
            format: .jpeg,
            capture: CaptureTime(
                local: LocalDateTime(year: 2031, month: 6, day: 24, hour: 19)!,
                utcOffset: UTCOffset(seconds: 3_600), source: .offsetTimeOriginal),
            location: GeoCoordinate(latitude: 51.5386, longitude: -0.0164))
        let api = FreeScoreAPI(
            catalog: ProviderTestContext.catalog,
            library: try VisitLibrary(
                folder: FileManager.default.temporaryDirectory
                    .appendingPathComponent("stadiumlog-neutral-\(UUID())")),
            configuration: ProviderConfiguration(overrides: [:], timeout: 1, userAgent: "test", offline: false))
        let days = UncoveredGames(api: api).days(needing: [photo])
        for league in api.catalog.leagues.map(\.id) {
            for offset in -1...1 {
                #expect(days.contains(UncoveredGames.LeagueDay(league: league, day: day.adding(days: offset))), "\(league) \(offset)")
            }
        }
    }
}
