import Foundation
import GRDB
import Testing
import TimeAndPlace

@testable import VisitStore

/// A library written by any earlier StadiumLog opens in this one, migrated, nothing lost; one written by a later
/// StadiumLog is refused with words that say so, and never changed.
@Suite("Libraries of every schema version")
struct SchemaVersionTests {
    /// Every schema this StadiumLog has had before its current one, by the migration that made it.
    static let earlier = Array(VisitLibrary.migrator.migrations.dropLast())

    /// A library folder whose database stops at `migration`, holding one visit as the first schema wrote it.
    static func library(upTo migration: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-schema-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let database = try DatabaseQueue(path: folder.appendingPathComponent(VisitLibrary.databaseName).path)
        try VisitLibrary.migrator.migrate(database, upTo: migration)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO visit (id, venueId, venueName, localDate, sport, visitType, gameId, homeTeamId, awayTeamId,
                        homeScore, awayScore, scoreResolutionPending, dataSource, createdAt, source)
                    VALUES ('visit-1', 'stadium_mlb_fenway_park', 'Fenway Park', '2015-06-15', 'mlb', 'game',
                        'game_mlb_2015_bos_atl_0615', 'team_mlb_bos', 'team_mlb_atl', 4, 2, 0, 'automatic',
                        '2015-06-16 10:00:00.000', 'photo_import')
                    """)
        }
        try database.close()
        return folder
    }

    @Test("An earlier schema is migrated when the library is opened for writing, its visit kept", arguments: earlier)
    func olderOpensForWriting(_ migration: String) throws {
        let folder = try Self.library(upTo: migration)
        defer { try? FileManager.default.removeItem(at: folder) }
        let library = try VisitLibrary(folder: folder)
        let visits = try library.visits()
        #expect(visits.map(\.id) == ["visit-1"] && visits.first?.homeScore == 4 && visits.first?.venueName == "Fenway Park")
        let applied = try DatabaseQueue(path: folder.appendingPathComponent(VisitLibrary.databaseName).path).read { db in
            try VisitLibrary.migrator.appliedIdentifiers(db)
        }
        #expect(applied == Set(VisitLibrary.migrator.migrations))
    }

    @Test("An earlier schema opens for reading too (updated where it can be), its visit kept", arguments: earlier)
    func olderOpensForReading(_ migration: String) throws {
        let folder = try Self.library(upTo: migration)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try VisitLibrary(folder: folder, access: .readOnly).visits().map(\.id) == ["visit-1"])
    }

    @Test("A later StadiumLog's library is refused for reading and writing, in words that say so, its file unchanged")
    func newerIsRefusedUntouched() throws {
        let folder = try Self.library(upTo: VisitLibrary.migrator.migrations.last!)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(VisitLibrary.databaseName)
        let database = try DatabaseQueue(path: file.path)
        try database.write { db in try db.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('v11: from a later StadiumLog')") }
        try database.close()
        let before = try Data(contentsOf: file)
        for access in [VisitLibrary.Access.readWrite, .readOnly] {
            #expect(throws: LibraryError.newerSchema(path: folder.path)) { try VisitLibrary(folder: folder, access: access) }
        }
        #expect(LibraryError.newerSchema(path: folder.path).sentence().contains("written by a newer StadiumLog; update StadiumLog"))
        #expect(try Data(contentsOf: file) == before, "not a byte written")
    }
}
