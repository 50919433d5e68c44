import Foundation
import GRDB
import Testing
import TimeAndPlace

@testable import VisitStore

/// The store on its own: the schema it refuses, the text its typed values are kept as, transactions all or nothing.
@Suite("The visit store")
struct VisitStoreTests {
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-store-\(UUID())")
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    static let visit = StadiumVisit(
        id: "visit-1", venueId: "stadium_mlb_fenway_park", venueName: "Fenway Park",
        localDate: LocalDate("2015-06-15")!, league: "mlb", visitType: .game,
        gameId: "game_mlb_2015_bos_atl_0615", dataSource: .automatic, source: .photoImport)

    static func photo(_ hash: Character, at text: String) -> VisitPhoto {
        VisitPhoto(
            sha256: String(repeating: hash, count: 64), visitId: "", originalPath: "/photos/\(hash).jpg",
            captureLocal: LocalDateTime(exifString: text), utcOffset: UTCOffset("-04:00"), timeSource: .gpsClock,
            latitude: 42.3467, longitude: -71.0972, thumbnailFile: nil, sortOrder: 0)
    }

    /// A new library holding `visit` and its photo `a`.
    static func libraryWithOnePhoto() throws -> VisitLibrary {
        let library = try VisitLibrary(folder: Folder().url)
        try library.transaction { transaction in
            try transaction.insert(visit)
            try transaction.file(photo("a", at: "2015:06:15 19:42:10"), into: visit.id)
        }
        return library
    }

    @Test("A doubleheader's visits are listed game 1 first, whatever their visit ids")
    func doubleheaderInOrder() throws {
        let library = try VisitLibrary(folder: Folder().url)
        var second = Self.visit
        (second.id, second.gameId) = ("a-second", "game_mlb_2015_bos_atl_0615_2")
        var first = Self.visit
        (first.id, first.gameId) = ("z-first", "game_mlb_2015_bos_atl_0615_1")
        try library.transaction { transaction in
            try transaction.insert(second)
            try transaction.insert(first)
        }
        #expect(try library.visits().map(\.id) == ["z-first", "a-second"])
    }

    @Test("A library written by a newer StadiumLog is refused, untouched")
    func newerSchema() throws {
        let folder = Folder()
        let library = try VisitLibrary(folder: folder.url)
        try library.write { db in
            try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v99: from the future')")
        }
        #expect(throws: LibraryError.newerSchema(path: folder.url.path)) { try VisitLibrary(folder: folder.url) }
    }

    @Test("A library of the schema before typed candidates (v7) opens with its pending matches' candidates as a typed list")
    func candidatesMigrated() throws {
        let folder = Folder()
        let library = try VisitLibrary(folder: folder.url)
        // The v7 schema and a row as v7 wrote it: the candidates as the report's GAME objects in a string column.
        try library.write { db in
            try db.execute(sql: "ALTER TABLE pendingMatch RENAME COLUMN candidates TO candidatesJSON")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier LIKE 'v8:%'")
            try db.execute(
                sql: """
                    INSERT INTO pendingMatch (id, sha256, originalPath, candidatesJSON, status, createdAt)
                    VALUES ('P1', ?, '/p.jpg', ?, 'pending', '2026-11-01 10:00:00.000')
                    """,
                arguments: [
                    String(repeating: "b", count: 64),
                    #"[{"away":{"id":"team_mlb_atl","name":"Atlanta Braves"},"confidence":"userConfirm","dayNight":"N","#
                        + #""gameNumber":0,"home":{"id":"team_mlb_bos","name":"Boston Red Sox"},"id":"game_mlb_2015_bos_atl_0615","#
                        + #""localDate":"2015-06-15","sport":"mlb","startUTC":"2015-06-15T23:10:00Z","#
                        + #""venueId":"stadium_mlb_fenway_park","window":"dayNight"}]"#,
                ])
        }
        let reopened = try VisitLibrary(folder: folder.url)
        let pending = try #require(try reopened.pendingMatches(ids: ["P1"]).first)
        #expect(pending.candidates.map(\.id) == ["game_mlb_2015_bos_atl_0615"])
        #expect(pending.candidates.first?.home.name == "Boston Red Sox" && pending.candidates.first?.league == "mlb")
        #expect(pending.candidates.first?.startUTC == Date(timeIntervalSince1970: 1_434_409_800))
    }

    @Test("Capture times, offsets and time sources are typed in Swift and kept as the text they are written as")
    func typedColumns() throws {
        let library = try Self.libraryWithOnePhoto()
        let stored = try library.read { db in
            try Row.fetchOne(db, sql: "SELECT captureLocal, utcOffset, timeSource, sortOrder FROM visitPhoto")
        }
        #expect(stored?["captureLocal"] == "2015-06-15T19:42:10" && stored?["utcOffset"] == "-04:00")
        #expect(stored?["timeSource"] == "gpsClock" && stored?["sortOrder"] == 0)
        let photo = try #require(try library.photos(inVisit: Self.visit.id).first)
        #expect(photo.captureLocal?.hourAndMinute == "19:42" && photo.utcOffset?.seconds == -14_400 && photo.timeSource == .gpsClock)
    }

    @Test("Photos filed into a visit follow its last one; a failed transaction leaves nothing, and its error is the caller's")
    func transactions() throws {
        struct Refused: Error, Equatable {}
        let library = try VisitLibrary(folder: Folder().url)
        try library.transaction { transaction in
            try transaction.insert(Self.visit)
            for hash in ["b", "c"] as [Character] { try transaction.file(Self.photo(hash, at: "2015:06:15 19:00:00"), into: Self.visit.id) }
        }
        #expect(try library.photos(inVisit: Self.visit.id).map(\.sortOrder) == [0, 1])
        #expect(throws: Refused()) {
            try library.transaction { transaction in
                try transaction.file(Self.photo("d", at: "2015:06:15 20:00:00"), into: Self.visit.id)
                throw Refused()
            }
        }
        #expect(try library.photos(inVisit: Self.visit.id).count == 2, "the photo of the refused transaction is not there")
        #expect(try library.storedPaths(ofPhotos: [String(repeating: "b", count: 64)]).values.first == "/photos/b.jpg")
    }

    @Test(
        "A file is remembered by its absolute, standardized path, whether or not it was given as one",
        arguments: [
            ("/photos/2015/06 June/IMG_1.JPG", "/photos/2015/06 June/IMG_1.JPG"), ("/photos/.../a.jpg", "/photos/.../a.jpg"),
            ("/photos//a.jpg", "/photos/a.jpg"), ("/photos/./a.jpg", "/photos/a.jpg"), ("/photos/x/../a.jpg", "/photos/a.jpg"),
            ("/photos/", "/photos"), ("/", "/"),
        ])
    func standardizedPaths(given: String, remembered: String) {
        #expect(SeenFile.standardized(given) == remembered)
    }

    @Test("Unchanged files: same size, time, inode and still-holding outcome, a thousand at once; a legacy unreadable row is read again")
    func unchangedFiles() throws {
        let library = try Self.libraryWithOnePhoto()
        func file(_ name: String, _ outcome: SeenFile.Outcome, sha256: String? = nil, catalog: String? = nil) -> SeenFile {
            SeenFile(
                path: "/photos/\(name)", size: 100, modified: 1_434_400_000.25, inode: 7, outcome: outcome, sha256: sha256, catalog: catalog
            )
        }
        let farAway = (0..<1_200).map { file("far-\($0).jpg", .noVenueNearby, catalog: "c1") }
        try library.remember(
            farAway + [
                file("in-library.jpg", .inLibrary, sha256: String(repeating: "a", count: 64)),
                file("deleted-since.jpg", .inLibrary, sha256: String(repeating: "f", count: 64)),
                file("no-gps.jpg", .noPlaceOrTime), file("broken.jpg", .notAPhoto), file("refused.jpg", .unreadable),
                file("older-catalog.jpg", .noVenueNearby, catalog: "c0"),
            ])
        var now =
            farAway
            + ["in-library", "deleted-since", "no-gps", "broken", "refused", "older-catalog", "never-seen"].map {
                file("\($0).jpg", .unreadable)
            }
        now[0].size = 101
        now[1].modified += 1
        now[2].inode = 8
        let unchanged = try library.unchangedFiles(now, catalog: "c1")
        #expect(unchanged.count == 1_197 + 3)
        #expect(unchanged["/photos/in-library.jpg"] == .inLibrary && unchanged["/photos/no-gps.jpg"] == .noPlaceOrTime)
        #expect(unchanged["/photos/broken.jpg"] == .notAPhoto && unchanged["/photos/far-3.jpg"] == .noVenueNearby)
        for readAgain in ["far-0", "far-1", "far-2", "deleted-since", "refused", "older-catalog", "never-seen"] {
            #expect(unchanged["/photos/\(readAgain).jpg"] == nil, "\(readAgain)")
        }
    }
}

@Suite("Records of the format before 2026-11")
struct EarlierFormatTests {
    @Test("A pending match with candidates as a JSON string, and an original as one, read as typed values")
    func earlierPendingAndOriginal() throws {
        let pending = """
            {"id":"P1","sha256":"\(String(repeating: "a", count: 64))","originalPath":"/p.jpg","status":"pending",
             "createdAt":"2026-11-01 10:00:00.000","candidatesJSON":"[{\\"id\\":\\"game_nhl_2022_min_col_0925\\",\\"sport\\":\\"nhl\\",\\"localDate\\":\\"2022-09-25\\",\\"gameNumber\\":0,\\"startUTC\\":\\"2022-09-25T20:00:00Z\\",\\"venueId\\":\\"stadium_nhl_x\\",\\"home\\":{\\"id\\":\\"team_nhl_min\\",\\"name\\":\\"Minnesota Wild\\"},\\"away\\":{\\"id\\":\\"team_nhl_col\\"},\\"confidence\\":\\"userConfirm\\",\\"distanceMeters\\":110.0}]"}
            """
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            return try #require(Date.fromDatabaseValue(text.databaseValue))
        }
        let match = try decoder.decode(PendingMatch.self, from: Data(pending.utf8))
        #expect(match.candidates.count == 1)
        #expect(match.candidates.first?.league == "nhl" && match.candidates.first?.home.name == "Minnesota Wild")
        #expect(match.candidates.first?.startUTC == Date(timeIntervalSince1970: 1_664_136_000))
        let broken = pending.replacingOccurrences(of: "\"candidatesJSON\":\"[", with: "\"candidatesJSON\":\"{[")
        #expect(throws: DecodingError.self) { try decoder.decode(PendingMatch.self, from: Data(broken.utf8)) }

        let original = """
            {"visitId":"V1","editedAt":"2026-11-01 10:00:00.000","original":"{\\"id\\":\\"V1\\",\\"venueId\\":\\"stadium_mlb_fenway_park\\",\\"venueName\\":\\"Fenway Park\\",\\"localDate\\":\\"2015-06-15\\",\\"visitType\\":\\"game\\",\\"dataSource\\":\\"automatic\\",\\"source\\":\\"photo_import\\",\\"scoreResolutionPending\\":false,\\"createdAt\\":\\"2026-11-01T09:00:00Z\\"}"}
            """
        let kept = try decoder.decode(VisitOriginal.self, from: Data(original.utf8))
        #expect(kept.original.venueName == "Fenway Park" && kept.original.createdAt == Date(timeIntervalSince1970: 1_793_523_600))
    }
}
