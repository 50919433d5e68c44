import Foundation
import GRDB

/// A fan's library: one SQLite database (WAL) and a thumbnail folder, in one folder created private (0700).
///
/// Several processes may open the same library: writes are serialised by SQLite, a process that has to wait longer
/// than `busyTimeout` fails with ``LibraryError/busy(path:)``, and no write is ever half done.
public final class VisitLibrary: Sendable {
    public let folder: URL
    public let database: DatabasePool

    public static let databaseName = "library.sqlite"
    public static let thumbnailFolderName = "thumbnails"

    public var thumbnailFolder: URL { folder.appendingPathComponent(Self.thumbnailFolderName) }

    /// The library folder: `--library`, else `$STADIUMLOG_LIBRARY`, else `$XDG_DATA_HOME/stadiumlog`, else
    /// `~/.local/share/stadiumlog`.
    public static func defaultFolder(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit { return URL(fileURLWithPath: explicit) }
        if let path = environment["STADIUMLOG_LIBRARY"], !path.isEmpty { return URL(fileURLWithPath: path) }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            return URL(fileURLWithPath: data).appendingPathComponent("stadiumlog")
        }
        return FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share/stadiumlog")
    }

    /// Opens (creating if needed) the library in `folder`, migrating its schema.
    public init(folder: URL, busyTimeout: TimeInterval = 30) throws(LibraryError) {
        self.folder = folder
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(Self.thumbnailFolderName),
                                                    withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw .cannotCreateFolder(path: folder.path, reason: (error as NSError).localizedDescription)
        }
        guard FileManager.default.isWritableFile(atPath: folder.path) else { throw .notWritable(path: folder.path) }
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        // In WAL mode, NORMAL syncs at checkpoints instead of at every commit: a killed process still loses nothing
        // committed, and a power cut can only lose the last transactions, never consistency — an import run again
        // puts them back. FULL made every 50-photo chunk of an import wait for the disk.
        configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
        do {
            database = try DatabasePool(path: folder.appendingPathComponent(Self.databaseName).path,
                                        configuration: configuration)
        } catch {
            throw Self.wrap(error, folder: folder)
        }
        let migrator = Self.migrator
        do {
            if try database.read(migrator.hasBeenSuperseded) { throw LibraryError.newerSchema(path: folder.path) }
            if try !database.read(migrator.hasCompletedMigrations) {
                // Two processes opening a new (or older) library at once would both see a migration missing and both
                // run it; one at a time, the second finds the work done.
                try Self.exclusively(lockingFileAt: folder.appendingPathComponent(".migration.lock")) {
                    try migrator.migrate(database)
                }
            }
        } catch let error as LibraryError {
            throw error
        } catch {
            throw Self.wrap(error, folder: folder)
        }
    }

    /// Runs `body` while holding an exclusive `flock` on a file, waiting for any other process holding it.
    private static func exclusively(lockingFileAt url: URL, _ body: () throws -> Void) throws {
        let descriptor = open(url.path, O_RDWR | O_CREAT, 0o644)
        guard descriptor >= 0 else { throw LibraryError.notWritable(path: url.deletingLastPathComponent().path) }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        try body()
    }

    /// Runs a write transaction, turning database errors into library errors.
    public func write<T>(_ updates: (Database) throws -> T) throws(LibraryError) -> T {
        do { return try database.write(updates) } catch { throw Self.wrap(error, folder: folder) }
    }

    public func read<T>(_ value: (Database) throws -> T) throws(LibraryError) -> T {
        do { return try database.read(value) } catch { throw Self.wrap(error, folder: folder) }
    }

    static func wrap(_ error: any Error, folder: URL) -> LibraryError {
        if let error = error as? LibraryError { return error }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: folder.path)
            case .SQLITE_FULL: return .diskFull(path: folder.path)
            case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM: return .notWritable(path: folder.path)
            default: return .database(reason: error.message ?? "\(error.resultCode)")
            }
        }
        return .database(reason: String(describing: error))
    }

    /// The schema, one migration per change, forever: a library written by an older StadiumLog opens in a newer one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: visits, photos, pending matches") { db in
            try db.create(table: "visit") { t in
                t.primaryKey("id", .text)
                t.column("venueId", .text).notNull().indexed()
                t.column("venueName", .text).notNull()
                t.column("localDate", .text).notNull()
                t.column("sport", .text)
                t.column("visitType", .text).notNull()
                t.column("gameId", .text)
                t.column("homeTeamId", .text)
                t.column("homeTeamName", .text)
                t.column("awayTeamId", .text)
                t.column("awayTeamName", .text)
                t.column("homeScore", .integer)
                t.column("awayScore", .integer)
                t.column("scoreSource", .text)
                t.column("scoreResolutionPending", .boolean).notNull()
                t.column("dataSource", .text).notNull()
                t.column("seat", .text)
                t.column("notes", .text)
                t.column("photoLatitude", .double)
                t.column("photoLongitude", .double)
                t.column("photoCaptureDate", .text)
                t.column("createdAt", .datetime).notNull()
                t.column("source", .text).notNull()
            }
            // One visit per game; without a game, one per venue, day and kind (a tour).
            try db.execute(sql: "CREATE UNIQUE INDEX visitGame ON visit(gameId) WHERE gameId IS NOT NULL")
            try db.execute(sql: "CREATE UNIQUE INDEX visitWithoutGame ON visit(venueId, localDate, visitType) WHERE gameId IS NULL")
            try db.create(table: "visitPhoto") { t in
                t.primaryKey("sha256", .text)
                t.column("visitId", .text).notNull().indexed().references("visit", onDelete: .cascade)
                t.column("originalPath", .text).notNull()
                t.column("captureLocal", .text)
                t.column("utcOffset", .text)
                t.column("timeSource", .text)
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("thumbnailFile", .text)
                t.column("sortOrder", .integer).notNull()
            }
            try db.create(table: "pendingMatch") { t in
                t.primaryKey("id", .text)
                t.column("sha256", .text).notNull().unique()
                t.column("originalPath", .text).notNull()
                t.column("captureLocal", .text)
                t.column("utcOffset", .text)
                t.column("timeSource", .text)
                t.column("latitude", .double)
                t.column("longitude", .double)
                t.column("venueId", .text)
                t.column("reason", .text)
                t.column("candidatesJSON", .text).notNull()
                t.column("thumbnailFile", .text)
                t.column("status", .text).notNull()
                t.column("resolvedVisitId", .text)
                t.column("createdAt", .datetime).notNull()
            }
        }
        migrator.registerMigration("v2: score providers and the score cache") { db in
            try db.alter(table: "visit") { t in
                t.add(column: "scoreProvider", .text)
                t.add(column: "scoreFetchedAt", .datetime)
            }
            try db.create(table: "providerState") { t in
                t.primaryKey("provider", .text)
                t.column("nextRequestAt", .datetime).notNull()
                t.column("lastRequestAt", .datetime)
                t.column("recentFailures", .text).notNull()
                t.column("disabledUntil", .datetime)
                t.column("lastError", .text)
                t.column("requestCount", .integer).notNull()
            }
            try db.create(table: "cachedGameScore") { t in
                t.primaryKey("key", .text)
                t.column("homeScore", .integer)
                t.column("awayScore", .integer)
                t.column("outcome", .text).notNull()
                t.column("provider", .text)
                t.column("fetchedAt", .datetime).notNull()
                t.column("expiresAt", .datetime)
            }
        }
        migrator.registerMigration("v3: robots.txt of scraped providers") { db in
            try db.alter(table: "providerState") { t in
                t.add(column: "robotsTxt", .text)
                t.add(column: "robotsFetchedAt", .datetime)
            }
        }
        migrator.registerMigration("v4: achievements and the original values of corrected visits") { db in
            try db.create(table: "earnedAchievement") { t in
                t.primaryKey("id", .text)
                t.column("definitionId", .text).notNull()
                t.column("name", .text).notNull()
                t.column("description", .text).notNull()
                t.column("earnedOn", .text).notNull()
                t.column("visitIds", .text).notNull()
            }
            try db.create(table: "visitOriginal") { t in
                t.primaryKey("visitId", .text).references("visit", onDelete: .cascade)
                t.column("original", .text).notNull()
                t.column("editedAt", .datetime).notNull()
            }
        }
        return migrator
    }
}
