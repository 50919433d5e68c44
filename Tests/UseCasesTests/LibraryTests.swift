import Catalog
import Foundation
import GRDB
import Matching
import PhotoMetadata
import Testing
import TimeAndPlace

@testable import UseCases
@testable import VisitStore

/// A library in a temporary folder, removed afterwards.
final class TemporaryLibrary {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-library-\(UUID())")
    lazy var library = try! VisitLibrary(folder: folder)
    deinit { try? FileManager.default.removeItem(at: folder) }

    /// Every row of the library's tables, with ids and times left out, for comparing two libraries.
    func snapshot() throws -> [String] {
        try library.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT 'visit', venueId, venueName, localDate, sport, visitType, gameId, homeTeamName, awayTeamName,
                           homeScore, awayScore, dataSource FROM visit
                    UNION ALL SELECT 'photo', sha256, originalPath, captureLocal, utcOffset, timeSource, thumbnailFile,
                           (SELECT gameId FROM visit WHERE visit.id = visitId), NULL, NULL, NULL, NULL FROM visitPhoto
                    UNION ALL SELECT 'pending', sha256, originalPath, captureLocal, reason, status, candidates, NULL, NULL,
                           NULL, NULL, NULL FROM pendingMatch
                    ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
                    """
            ).map(\.description)
        }
    }
}

@Suite("Visit library: import, confirm, export")
struct LibraryTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let catalog = try! Catalog.bundled()

    static func photos(_ folder: String) -> [(path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)] {
        PhotoFileWalker().walk([packageRoot.appendingPathComponent(folder).path]).files.map { path in
            (path, Result { () throws(PhotoMetadataError) in try PhotoMetadataExtractor().metadata(ofFileAt: path) })
        }
    }

    @Test("Importing twice gives identical rows; the second run adds nothing")
    func importTwice() async throws {
        let temporary = TemporaryLibrary()
        let importer = PhotoImporter(library: temporary.library, catalog: Self.catalog, chunkSize: 4)
        let first = try await importer.run(Self.photos("TestImages/matching"))
        #expect(first.attached == 15 && first.visitsCreated == 14)
        #expect(first.pendingAdded == 6, "photos near a game outside its time are no questions")
        let before = try temporary.snapshot()
        let second = try await importer.run(Self.photos("TestImages/matching"))
        #expect(second.attached == 0 && second.pendingAdded == 0 && second.visitsCreated == 0)
        #expect(second.alreadyInLibrary == 21)
        #expect(try temporary.snapshot() == before)
    }

    @Test("One visit per game with many photos; names frozen as they were that day; thumbnails kept")
    func visitsAndThumbnails() async throws {
        let temporary = TemporaryLibrary()
        _ = try await PhotoImporter(library: temporary.library, catalog: Self.catalog).run(Self.photos("TestImages/matching"))
        let visits = try temporary.library.read { db in try StadiumVisit.fetchAll(db) }
        let fenway = try #require(visits.first { $0.gameId == "game_mlb_2015_bos_atl_0615" })
        #expect(fenway.venueName == "Fenway Park" && fenway.homeTeamName == "Boston Red Sox")
        #expect(fenway.homeScore == 2 && fenway.awayScore == 4 && fenway.scoreSource == .app)
        #expect(fenway.dataSource == .automatic && fenway.source == .photoImport && fenway.visitType == .game)
        let sbc = try #require(visits.first { $0.venueId == "stadium_mlb_oracle_park" })
        #expect(sbc.venueName == "SBC Park")
        let photos = try temporary.library.read { db in try VisitPhoto.filter(Column("visitId") == fenway.id).fetchAll(db) }
        #expect(photos.count == 2)
        #expect(Set(photos.map(\.sortOrder)) == [0, 1])
        for photo in photos {
            let thumbnail = try #require(photo.thumbnailFile)
            #expect(thumbnail == VisitPhoto.thumbnailPath(forHash: photo.sha256))
            let data = try #require(try temporary.library.thumbnails.jpeg(ofPhoto: photo.sha256))
            #expect(Array(data.prefix(2)) == [0xFF, 0xD8])
            #expect(data.range(of: Data("Exif".utf8)) == nil)
        }
        let attributes = try FileManager.default.attributesOfItem(atPath: temporary.folder.path)
        #expect((attributes[.posixPermissions] as? Int) == 0o700)
    }

    @Test("Scriptable confirm: a candidate, a tour, a game by id, a game by hand, a skip")
    func confirm() async throws {
        let temporary = TemporaryLibrary()
        _ = try await PhotoImporter(library: temporary.library, catalog: Self.catalog).run(Self.photos("TestImages/matching"))
        let confirmer = MatchConfirmer(library: temporary.library, catalog: Self.catalog)
        let pending = try confirmer.pending()
        func item(_ name: String) throws -> PendingMatch { try #require(pending.first { $0.originalPath.hasSuffix("/\(name).jpg") }) }

        // The NBA game of the shared arena (its NHL game has a visit already, from the afternoon photo).
        let shared = try item("shared-arena-two-games")
        let number = try #require(confirmer.candidates(of: shared).firstIndex { $0.league == "nba" }) + 1
        let visit = try #require(try confirmer.resolve(shared.id, .choice(number)).visit)
        #expect(visit.league == "nba" && visit.dataSource == .partialManual)

        let tour = try #require(try confirmer.resolve(try item("doubleheader-between-games").id, .tour).visit)
        #expect(tour.visitType == .tour && tour.gameId == nil && tour.venueId == "stadium_mlb_citi_field")

        let byId = try #require(try confirmer.resolve(try item("medium-exact-day").id, .game("game_mlb_2015_bos_atl_0615")).visit)
        #expect(byId.gameId == "game_mlb_2015_bos_atl_0615")
        let visits = try temporary.library.read { db in try StadiumVisit.filter(Column("gameId") == byId.gameId).fetchCount(db) }
        #expect(visits == 1, "attached to the existing visit of that game")

        // The Yankees did not play at Citi Field that day: refused, unless the fan insists.
        let doubleheader = try item("doubleheader")
        #expect(throws: CorrectionError.noSuchGame(description: "New York Yankees at New York Mets at Citi Field on 2010-04-27")) {
            try confirmer.resolve(
                doubleheader.id, .manual(homeTeamId: "team_mlb_nym", awayTeamId: "team_mlb_nyy", homeScore: 3, awayScore: 1))
        }
        let manual = try #require(
            try confirmer.resolve(
                doubleheader.id,
                .manual(
                    homeTeamId: "team_mlb_nym", awayTeamId: "team_mlb_nyy",
                    homeScore: 3, awayScore: 1, force: true)
            ).visit)
        #expect(manual.dataSource == .fullyManual && manual.homeScore == 3 && manual.scoreSource == .user)
        // A game that did happen there, typed by hand, is attached as that game.
        let typed = try #require(
            try confirmer.resolve(
                try item("two-venues-in-range").id,
                .manual(
                    homeTeamId: "team_mlb_phi", awayTeamId: "team_mlb_nym", homeScore: nil, awayScore: nil)
            ).visit)
        #expect(typed.gameId == "game_mlb_2012_phi_nym_0413" && typed.homeScore != nil)
        // Settled is settled: neither a second choice nor a skip changes it.
        for decision in [MatchConfirmer.Decision.tour, .skip] {
            #expect {
                try confirmer.resolve(try item("doubleheader-between-games").id, decision)
            } throws: { error in
                guard case CorrectionError.alreadySettled = error else { return false }
                return true
            }
        }

        #expect(try confirmer.resolve(try item("session-without-gps").id, .skip).visit == nil)
        #expect(try confirmer.pending().count == pending.count - 6)
        #expect(try confirmer.pending(includingSkipped: true).count == pending.count - 5)
        #expect(throws: CorrectionError.noSuchPending(id: "no-such-id")) { try confirmer.resolve("no-such-id", .tour) }
    }

    @Test("A candidate found online (a day the bundled index lacks) can still be chosen: it is rebuilt from the pending match")
    func onlineCandidate() throws {
        let temporary = TemporaryLibrary()
        let candidates = [
            PendingCandidate(
                id: "game_nhl_2022_min_col_0925", league: "nhl", localDate: try #require(LocalDate("2022-09-25")),
                startUTC: try Date("2022-09-25T20:00:00Z", strategy: .iso8601), venueId: "stadium_nhl_grand_casino_arena",
                home: .init(id: "team_nhl_min", name: "Minnesota Wild"), away: .init(id: "team_nhl_col", name: "Colorado Avalanche"),
                distanceMeters: 110)
        ]
        let pending = PendingMatch(
            sha256: String(repeating: "a", count: 64), originalPath: "/photos/preseason.jpg",
            captureLocal: LocalDateTime(exifString: "2022-09-25T15:40:00"), utcOffset: UTCOffset("-05:00"),
            timeSource: .offsetTimeOriginal,
            latitude: nil, longitude: nil, venueId: "stadium_nhl_grand_casino_arena", reason: nil,
            candidates: candidates, thumbnailFile: nil)
        try temporary.library.write { db in try pending.insert(db) }
        #expect(Self.catalog.game(id: "game_nhl_2022_min_col_0925") == nil, "not in the bundled index")
        let confirmer = MatchConfirmer(library: temporary.library, catalog: Self.catalog)
        #expect(confirmer.candidates(of: pending).map(\.id) == ["game_nhl_2022_min_col_0925"])
        let visit = try #require(try confirmer.resolve(pending.id, .choice(1)).visit)
        #expect(visit.gameId == "game_nhl_2022_min_col_0925" && visit.homeTeamName == "Minnesota Wild")
        #expect(visit.scoreResolutionPending, "its score is looked up later")
    }

    @Test("A score typed with a game's teams is kept when the catalog has no final yet, refused when it has another")
    func typedScore() throws {
        let temporary = TemporaryLibrary()
        func pending(_ hash: Character, at venue: String, _ time: String, offset: String) throws -> PendingMatch {
            let match = PendingMatch(
                sha256: String(repeating: hash, count: 64), originalPath: "/photos/\(hash).jpg",
                captureLocal: LocalDateTime(exifString: time), utcOffset: UTCOffset(offset), timeSource: .offsetTimeOriginal,
                latitude: nil, longitude: nil, venueId: venue, reason: nil, candidates: [], thumbnailFile: nil)
            try temporary.library.write { db in try match.insert(db) }
            return match
        }
        let confirmer = MatchConfirmer(library: temporary.library, catalog: Self.catalog)
        // The Bruins at Anaheim, 2026-10-16: in the schedule, no final yet.
        #expect(Self.catalog.game(id: "game_nhl_2026_ana_bos_1016")?.finalScore == nil)
        let ducks = try pending("d", at: "stadium_nba_honda_center", "2026-10-16T20:10:00", offset: "-07:00")
        let kept = try #require(
            try confirmer.resolve(ducks.id, .manual(homeTeamId: "team_nhl_ana", awayTeamId: "team_nhl_bos", homeScore: 3, awayScore: 2))
                .visit)
        #expect(kept.gameId == "game_nhl_2026_ana_bos_1016")
        #expect(kept.homeScore == 3 && kept.awayScore == 2 && kept.scoreSource == .user && !kept.scoreResolutionPending)
        // Braves at Red Sox, 2015-06-15, was 4-2: 9-9 is refused, nothing filed.
        let fenway = try pending("f", at: "stadium_mlb_fenway_park", "2015-06-15T19:40:00", offset: "-04:00")
        #expect(
            throws: CorrectionError.scoreDisagrees(game: "Atlanta Braves at Boston Red Sox on 2015-06-15", official: "4-2", typed: "9-9")
        ) {
            try confirmer.resolve(fenway.id, .manual(homeTeamId: "team_mlb_bos", awayTeamId: "team_mlb_atl", homeScore: 9, awayScore: 9))
        }
        #expect(try temporary.library.visit(ofGame: "game_mlb_2015_bos_atl_0615") == nil)
    }

    @Test("Unmatched photos can be attached by hand, to a game or as a tour; attaching twice changes nothing")
    func attachByHand() async throws {
        let temporary = TemporaryLibrary()
        _ = try await PhotoImporter(library: temporary.library, catalog: Self.catalog).run(Self.photos("TestImages/matching"))
        let confirmer = MatchConfirmer(library: temporary.library, catalog: Self.catalog)
        let noGPS = Self.packageRoot.appendingPathComponent("TestImages/matching/missing-gps.jpg").path
        let game = try #require(try confirmer.attach([noGPS], .game("game_mlb_2015_bos_atl_0615")).first?.outcome.visit)
        #expect(game.gameId == "game_mlb_2015_bos_atl_0615")
        let far = Self.packageRoot.appendingPathComponent("TestImages/matching/low-exact-day.jpg").path
        let tour = try #require(
            try confirmer.attach(
                [far], .tour, venueId: "stadium_mlb_fenway_park",
                on: LocalDate("2015-06-20")
            ).first?.outcome.visit)
        #expect(tour.visitType == .tour && tour.localDate == LocalDate("2015-06-20"))
        let before = try temporary.snapshot()
        #expect(
            try confirmer.attach([noGPS], .tour, venueId: "stadium_mlb_fenway_park", on: LocalDate("2015-06-20")).first?.outcome
                == .alreadyIn(game))
        #expect(try temporary.snapshot() == before)
        let thumbnails = try temporary.library.read { db in
            try String?.fetchAll(db, sql: "SELECT thumbnailFile FROM visitPhoto WHERE originalPath IN (?, ?)", arguments: [noGPS, far])
        }
        #expect(thumbnails.count == 2 && thumbnails.allSatisfy { $0 != nil })
    }

    @Test("Export, then restore into an empty library: identical visits, photos and pending matches")
    func exportRestore() async throws {
        let original = TemporaryLibrary()
        _ = try await PhotoImporter(library: original.library, catalog: Self.catalog).run(Self.photos("TestImages/matching"))
        let file = original.folder.appendingPathComponent("export.json")
        try original.library.export(to: file, includingGPS: true, catalog: Self.catalog)
        let restored = TemporaryLibrary()
        try restored.library.restore(from: file, catalog: Self.catalog)
        #expect(try restored.library.visits() == original.library.visits())
        #expect(try restored.snapshot() == original.snapshot())
        #expect(throws: LibraryError.notEmpty(path: restored.folder.path)) {
            try restored.library.restore(from: file, catalog: Self.catalog)
        }
    }

    @Test("Exports carry no GPS unless asked")
    func exportWithoutGPS() async throws {
        let temporary = TemporaryLibrary()
        _ = try await PhotoImporter(library: temporary.library, catalog: Self.catalog).run(Self.photos("TestImages/matching"))
        let file = temporary.folder.appendingPathComponent("shared.json")
        try temporary.library.export(to: file, catalog: Self.catalog)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(!text.contains("42.34"), "no Fenway latitude anywhere")
        let document = try JSONDecoder().decode([String: AnyDecodable].self, from: Data(text.utf8))
        #expect(document["visits"] != nil)
        try temporary.library.export(to: file, includingGPS: true, catalog: Self.catalog)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("42.34"))
    }
}

/// Any JSON value, for checking a document's shape.
struct AnyDecodable: Decodable {
    init(from decoder: any Decoder) throws {}
}

@Suite("Usual places across export and restore")
struct NoGameDayPhotoExportTests {
    @Test("Photos on days without a game travel in an export with GPS, never in one without, and come back on restore")
    func travel() throws {
        let original = TemporaryLibrary()
        let photos = [
            NoGameDayPhoto(path: "/photos/home-1.jpg", latitude: 42.336, longitude: -71.113, day: LocalDate("2015-01-10")!),
            NoGameDayPhoto(path: "/photos/home-2.jpg", latitude: 42.336, longitude: -71.113, day: LocalDate("2015-01-17")!),
        ]
        try original.library.remember(noGameDayPhotos: photos)
        let shared = original.folder.appendingPathComponent("shared.json")
        try original.library.export(to: shared, catalog: LibraryTests.catalog)
        #expect(try !String(contentsOf: shared, encoding: .utf8).contains("noGameDayPhotos"), "positions are the fan's to give")
        let file = original.folder.appendingPathComponent("export.json")
        try original.library.export(to: file, includingGPS: true, catalog: LibraryTests.catalog)
        let restored = TemporaryLibrary()
        try restored.library.restore(from: file, catalog: LibraryTests.catalog)
        #expect(try restored.library.noGameDayPhotos() == photos)

        let hostile = original.folder.appendingPathComponent("hostile.json")
        try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "42.336", with: "420.336").write(
            to: hostile, atomically: true, encoding: .utf8)
        #expect(throws: LibraryError.self) { try TemporaryLibrary().library.restore(from: hostile, catalog: LibraryTests.catalog) }
    }
}
