import Catalog
import Foundation
import GRDB
import PhotoMetadata
import ScoreProviderFixtures
import Scores
import Testing
import TimeAndPlace
import UseCases

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
        #expect(uncovered.days(needing: [metadata]) == [.init(sport: "nhl", day: LocalDate("2022-09-25")!)])

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
        #expect(UncoveredGames(api: context.api(), sport: "mlb").days(needing: [preseason]).isEmpty, "--sport mlb")
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
        for sport in api.catalog.leagues.map(\.id) {
            for offset in -1...1 {
                #expect(days.contains(UncoveredGames.SportDay(sport: sport, day: day.adding(days: offset))), "\(sport) \(offset)")
            }
        }
    }
}
