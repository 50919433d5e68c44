import Foundation
import GRDB

/// A fan's library: one SQLite database (WAL) and its thumbnails' (``ThumbnailStore``), in one folder created private (0700), its files
/// readable by the owner only (0600): they hold where the fan was and what they wrote.
///
/// Several processes may open the same library: writes are serialised by SQLite, a process that has to wait longer
/// than `busyTimeout` fails with ``LibraryError/busy(path:)``, and no write is ever half done.
///
/// Nothing is ever silently replaced: only an absent or empty folder becomes a new library. A folder that holds
/// thumbnails or a `stadiumlog.conf` but no readable database is damaged, and opening it says so (restore from an
/// export); a database SQLite finds damaged is never written to. Commands that only read open the library with
/// ``Access/readOnly``: they never create one (a mistyped `--library` is an error), and they work on read-only media.
public final class VisitLibrary: Sendable {
    /// The library folder as given (``defaultFolder(explicit:environment:)`` finds the usual one); everything lives inside it.
    public let folder: URL
    /// How this instance opened the library; a `.readOnly` one cannot write.
    public let access: Access
    /// Whether opening it made a new library, in an absent or empty folder (a front end says so).
    public let isNew: Bool
    private let database: any DatabaseWriter
    /// The database file this instance opened, as the system knows it: compared with what is at the path before every
    /// write, so a process that runs for long (`serve`) never writes into a library moved aside or replaced.
    private let openedDatabase: FileIdentity?
    /// The photos' thumbnails, in a database of their own beside this one, opened on first use.
    public let thumbnails: ThumbnailStore

    /// The SQLite database in the library folder (its `-wal` and `-shm` files lie beside it).
    public static let databaseName = "library.sqlite"
    /// The score providers' settings in the library folder (`KEY=URL` lines); environment variables win over it.
    public static let configurationName = "stadiumlog.conf"

    /// How a command uses the library.
    public enum Access: Sendable {
        /// Reads only: the library must exist; nothing is created or migrated.
        case readOnly
        /// Reads and writes: an absent or empty folder becomes a new library; an older schema is migrated.
        case readWrite
    }

    /// The library folder: `--library`, else `$STADIUMLOG_LIBRARY`, else `$XDG_DATA_HOME/stadiumlog`, else
    /// `$HOME/.local/share/stadiumlog`.
    public static func defaultFolder(explicit: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let explicit { return URL(fileURLWithPath: explicit) }
        if let path = environment["STADIUMLOG_LIBRARY"], !path.isEmpty { return URL(fileURLWithPath: path) }
        if let data = environment["XDG_DATA_HOME"], !data.isEmpty {
            return URL(fileURLWithPath: data).appendingPathComponent("stadiumlog")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/stadiumlog")
    }

    /// Opens the library in `folder`; with `.readWrite`, creates it when the folder is absent or empty (unless not
    /// `creating`: then such a folder is no library, as for reading) and migrates its schema.
    public init(folder: URL, access: Access = .readWrite, creating: Bool = true, busyTimeout: TimeInterval = 30) throws(LibraryError) {
        self.folder = folder
        self.access = access
        thumbnails = ThumbnailStore(folder: folder, access: access)
        let state = try LibraryFolder(folder)
        let wouldBeNew = !state.hasDatabase && !state.hasLibraryFiles && state.foreignNames.isEmpty
        if access == .readWrite && wouldBeNew && !creating { throw .noLibrary(path: folder.path) }
        isNew = access == .readWrite && wouldBeNew
        if access == .readWrite {
            try state.prepareForWriting()
        } else if !state.hasDatabase {
            throw state.hasLibraryFiles ? .damaged(path: folder.path, reason: state.missingDatabaseReason) : .noLibrary(path: folder.path)
        }
        // Taken before the database is opened (prepareForWriting has made the file): a library swapped in between is
        // then the one found moved at the first write, never one written without being checked.
        openedDatabase = FileIdentity(path: state.database.path)
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        configuration.foreignKeysEnabled = true
        configuration.readonly = true
        do {
            // Judged through a read-only connection first: opening a pool for writing already writes (it makes sure
            // the WAL exists), and a damaged database must not be written to.
            let reader = state.hasDatabase ? try Self.openReadOnly(state.database, configuration: configuration) : nil
            let migrated = try reader.map { try Self.check($0, folder: folder, state: state, access: access) } ?? false
            if access == .readOnly, let reader {
                if !migrated {
                    // Written by an older StadiumLog: updated where it can be, so reading works after an upgrade.
                    guard LibraryFolder.whyUnusable(folder) == nil else { throw LibraryError.olderSchema(path: folder.path) }
                    try reader.close()
                    try Self.migrator.migrate(DatabasePool(path: state.database.path, configuration: Configuration()))
                    database = try Self.openReadOnly(state.database, configuration: configuration)
                    return
                }
                database = reader
                return
            }
            try reader?.close()
            configuration.readonly = false
            // In WAL mode, NORMAL syncs at checkpoints instead of at every commit: a killed process still loses
            // nothing committed, and a power cut can only lose the last transactions, never consistency — an import
            // run again puts them back. FULL made every 50-photo chunk of an import wait for the disk.
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
            let openPool = { try DatabasePool(path: state.database.path, configuration: configuration) }
            // Two processes opening a new (or older) library at once would both see a migration missing and both run
            // it, and both open a new file (which switches it to WAL: SQLite may refuse the second at once, without
            // waiting); one at a time, the second finds the work done.
            database =
                try migrated
                ? openPool()
                : Self.exclusively(lockingFileAt: folder.appendingPathComponent(".migration.lock")) {
                    let pool = try openPool()
                    try Self.migrator.migrate(pool)
                    return pool
                }
        } catch {
            throw Self.wrap(error, folder: folder)
        }
    }

    static func openReadOnly(_ url: URL, configuration: Configuration) throws -> DatabaseQueue {
        do {
            return try DatabaseQueue(path: url.path, configuration: configuration)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN {
            // On read-only media SQLite cannot make the WAL's shared-memory file; nothing can change the database
            // there, so it is read as immutable.
            return try DatabaseQueue(path: immutableURI(url), configuration: configuration)
        }
    }

    /// An SQLite URI (`file:…?immutable=1`) for a database on media nothing can write.
    private static func immutableURI(_ url: URL) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (url.path.addingPercentEncoding(withAllowedCharacters: allowed) ?? url.path) + "?immutable=1"
    }

    /// The schema must be ours and whole: a damaged file is never written to, an empty one in a folder that held a
    /// library lost its data, a newer one is left alone. Returns whether every migration has run.
    private static func check(_ reader: DatabaseQueue, folder: URL, state: LibraryFolder, access: Access) throws -> Bool {
        let migrator = Self.migrator
        return try reader.read { db in
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            if tables.isEmpty {
                if state.hasLibraryFiles { throw LibraryError.damaged(path: folder.path, reason: "its database has lost every table") }
                if access == .readOnly { throw LibraryError.noLibrary(path: folder.path) }
                return false
            }
            guard tables.contains("grdb_migrations") else {
                throw LibraryError.notALibrary(path: folder.path, reason: "\(databaseName) is another program's database")
            }
            // Damage first: a flipped byte in the migrations' table would otherwise read as a newer StadiumLog's library.
            if access == .readWrite, let problem = try integrityProblem(db) {
                throw LibraryError.damaged(path: folder.path, reason: "SQLite's integrity check finds it damaged (\(problem))")
            }
            if try migrator.hasBeenSuperseded(db) { throw LibraryError.newerSchema(path: folder.path) }
            return try migrator.hasCompletedMigrations(db)
        }
    }

    /// The first damage SQLite's full integrity check finds, the one `stadiumlog check` runs: a write must not build on
    /// it. `quick_check` is not enough: it leaves out the indexes, and a damaged unique index lets an import file a photo
    /// twice or lose one (measured: docs/PERFORMANCE.md).
    static func integrityProblem(_ db: Database) throws -> String? {
        let found = try String.fetchAll(db, sql: "PRAGMA integrity_check(1)")
        return found == ["ok"] ? nil : found.first ?? "no answer"
    }

    /// Runs `body` while holding an exclusive `flock` on a file, waiting for any other process holding it.
    private static func exclusively<T>(lockingFileAt url: URL, _ body: () throws -> T) throws -> T {
        let descriptor = open(url.path, O_RDWR | O_CREAT, 0o600)
        guard descriptor >= 0 else {
            let folder = url.deletingLastPathComponent()
            throw LibraryFolder.whyUnusable(folder) ?? LibraryError.notWritable(path: folder.path)
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 && errno == EINTR {}
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    /// Whether the database this instance opened is still the one at its folder's path: false once the folder or the
    /// database file was moved aside, replaced (a restored export put in its place) or deleted.
    public var isInPlace: Bool { openedDatabase != nil && FileIdentity(path: databaseURL.path) == openedDatabase }

    var databaseURL: URL { folder.appendingPathComponent(Self.databaseName) }

    /// Runs a write transaction, turning database errors into library errors.
    func write<T>(_ updates: (Database) throws -> T) throws(LibraryError) -> T {
        do {
            return try database.write { db in
                try checkInPlace()
                return try updates(db)
            }
        } catch {
            throw Self.wrap(error, folder: folder)
        }
    }

    /// A write transaction whose body may fail for a reason of its caller's (a visit that is not there, a decision that
    /// cannot be carried out): that error is rethrown as it is, and the database's own are library errors.
    func writeRethrowing<T>(_ updates: (Database) throws -> T) throws -> T {
        do {
            return try database.write { db in
                try checkInPlace()
                return try updates(db)
            }
        } catch  where Self.isStoreError(error) {
            throw Self.wrap(error, folder: folder)
        }
    }

    /// Refuses a write once the library was moved, replaced or deleted: asked inside the transaction, holding the
    /// write lock, so nothing is written into a library that is no longer at its path.
    private func checkInPlace() throws(LibraryError) {
        guard isInPlace else { throw .movedAway(path: folder.path) }
    }

    private static func isStoreError(_ error: any Error) -> Bool {
        error is DatabaseError || error is DecodingError || error is RowDecodingError || error is LibraryError
    }

    func read<T>(_ value: (Database) throws -> T) throws(LibraryError) -> T {
        do { return try database.read(value) } catch { throw Self.wrap(error, folder: folder) }
    }

    /// Each failure the database can report, as the one true sentence about it; `database` names the file (the
    /// library's own, or the thumbnails').
    static func wrap(_ error: any Error, folder: URL, database: String = databaseName) -> LibraryError {
        if let error = error as? LibraryError { return error }
        if let error = error as? DatabaseError {
            switch error.resultCode {
            case .SQLITE_BUSY, .SQLITE_LOCKED: return .busy(path: folder.path)
            case .SQLITE_FULL: return .diskFull(path: folder.path)
            case .SQLITE_CORRUPT, .SQLITE_NOTADB:
                let reason = "SQLite finds \(database) damaged (\(error.message ?? "\(error.resultCode)"))"
                if database == ThumbnailStore.databaseName {
                    return .damagedThumbnails(path: folder.appendingPathComponent(database).path, reason: reason)
                }
                return .damaged(path: folder.path, reason: reason)
            case .SQLITE_READONLY, .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_IOERR:
                return LibraryFolder.whyUnusable(folder) ?? .database(reason: error.message ?? "\(error.resultCode)")
            default: return .database(reason: error.message ?? "\(error.resultCode)")
            }
        }
        if error is DecodingError || error is RowDecodingError {
            return .damaged(path: folder.path, reason: "a stored value cannot be read back")
        }
        return .database(reason: String(describing: error))
    }
}
