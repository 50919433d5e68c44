import Foundation
import GRDB

/// The library's thumbnails: one JPEG per photo, keyed by the photo's content hash, as rows of a database of their own
/// beside the library's (`thumbnails.sqlite`).
///
/// Why rows and not a file each: creating a file is the dearest step of an import on ext4 (docs/PERFORMANCE.md, issue
/// #34, measured both ways), while small blobs go into SQLite faster than into files and come back as fast; and a row
/// is whole or absent after a kill or a full disk with no staging files to sweep. Why a database of its own: the
/// library's database is checked at every open (`quick_check`) and by `check` in full, and a gigabyte of pictures in
/// it would be read each time; thumbnails are made from the originals, so losing them loses nothing —
/// `stadiumlog thumbnails --missing` makes them again.
///
/// Opened on first use: commands that show no picture never touch it, and one that only reads never creates it.
public final class ThumbnailStore: @unchecked Sendable {
    /// The file beside the library's database (its `-wal` and `-shm` files lie beside it).
    public static let databaseName = "thumbnails.sqlite"
    /// Where libraries written before 2026-11-28 kept a file per thumbnail (`ab/<sha256>.jpg`); moved into the
    /// database the first time such a library is opened for writing, and read from there until then.
    static let legacyFolderName = "thumbnails"

    private let folder: URL
    private let access: VisitLibrary.Access
    private let lock = NSLock()
    /// Nil until first use; `.success(nil)` when a read-only library has no thumbnails database.
    private var opened: Result<(any DatabaseWriter)?, LibraryError>?

    init(folder: URL, access: VisitLibrary.Access) {
        self.folder = folder
        self.access = access
    }

    /// Where the thumbnails' database is (`thumbnails.sqlite` in the library folder).
    public var url: URL { folder.appendingPathComponent(Self.databaseName) }
    private var legacyFolder: URL { folder.appendingPathComponent(Self.legacyFolderName) }

    /// Keeps these thumbnails (JPEG data by content hash), replacing any kept before, in one transaction.
    public func keep(_ thumbnails: [(hash: String, jpeg: Data)]) throws(LibraryError) {
        guard !thumbnails.isEmpty else { return }
        guard let database = try database() else { throw .notWritable(path: folder.path) }
        try write(database) { db in
            let statement = try db.cachedStatement(sql: "INSERT OR REPLACE INTO thumbnail (sha256, jpeg) VALUES (?, ?)")
            for (hash, jpeg) in thumbnails { try statement.execute(arguments: [hash, jpeg]) }
        }
    }

    /// The thumbnail of the photo with this content hash; nil when it has none (or the hash is not one).
    public func jpeg(ofPhoto hash: String) throws(LibraryError) -> Data? {
        guard VisitPhoto.isContentHash(hash) else { return nil }
        let query = { (db: Database) in
            try Data.fetchOne(db.cachedStatement(sql: "SELECT jpeg FROM thumbnail WHERE sha256 = ?"), arguments: [hash])
        }
        // One statement is consistent by itself: no transaction around it (it was two thirds of a read's time).
        if let database = try database(), let data = try read(database, transaction: false, query) { return data }
        return legacyFile(ofPhoto: hash).flatMap { try? Data(contentsOf: $0) }
    }

    /// Which of these content hashes have a thumbnail.
    public func kept(among hashes: [String]) throws(LibraryError) -> Set<String> {
        var found = Set<String>()
        if let database = try database() {
            // Each answer stands alone: no transaction around them (`check` asks once a photo).
            try read(database, transaction: false) { db in
                let statement = try db.cachedStatement(sql: "SELECT 1 FROM thumbnail WHERE sha256 = ?")
                for hash in hashes where try Bool.fetchOne(statement, arguments: [hash]) != nil { found.insert(hash) }
            }
        }
        for hash in hashes where !found.contains(hash) {
            if let file = legacyFile(ofPhoto: hash), FileManager.default.fileExists(atPath: file.path) { found.insert(hash) }
        }
        return found
    }

    /// SQLite's integrity check of the thumbnails database; empty when it is sound or absent.
    public func integrityProblems() throws(LibraryError) -> [String] {
        guard let database = try database() else { return [] }
        let rows = try read(database) { db in try String.fetchAll(db, sql: "PRAGMA integrity_check(100)") }
        return rows == ["ok"] ? [] : rows
    }

    /// The file a library written before 2026-11-28 kept this thumbnail in, while it is still there.
    private func legacyFile(ofPhoto hash: String) -> URL? {
        VisitPhoto.thumbnailPath(forHash: hash).map(legacyFolder.appendingPathComponent)
    }

    // MARK: - Opening

    /// Opens the database now (making it, when writing) instead of on first use: an import does, so that a library
    /// whose thumbnails cannot be kept fails before any photo is read.
    public func open() throws(LibraryError) { _ = try database() }

    /// The database, opened (and made, when writing) on first use; nil for a read-only library that has none.
    private func database() throws(LibraryError) -> (any DatabaseWriter)? {
        lock.lock()
        defer { lock.unlock() }
        if opened == nil { opened = Result { () throws(LibraryError) in try makeDatabase() } }
        return try opened!.get()
    }

    private func makeDatabase() throws(LibraryError) -> (any DatabaseWriter)? {
        var configuration = Configuration()
        configuration.busyMode = .timeout(30)
        do {
            if access == .readOnly {
                guard FileManager.default.fileExists(atPath: url.path) else { return nil }
                configuration.readonly = true
                return try VisitLibrary.openReadOnly(url, configuration: configuration)
            }
            // Like the library's: synced at checkpoints, never half written.
            configuration.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
            let descriptor = Foundation.open(url.path, O_RDWR | O_CREAT, 0o600)  // private before SQLite creates it
            if descriptor >= 0 { close(descriptor) }
            let pool = try DatabasePool(path: url.path, configuration: configuration)
            try Self.migrator.migrate(pool)
            try moveLegacyFiles(into: pool)
            return pool
        } catch {
            throw failure(error)
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1: a thumbnail per content hash") { db in
            try db.create(table: "thumbnail") { t in
                t.primaryKey("sha256", .text)
                t.column("jpeg", .blob).notNull()
            }
        }
        return migrator
    }

    /// Moves the thumbnail files of a library written before 2026-11-28 into the database, 500 a transaction, each
    /// file removed only after its row is committed; the emptied folders go last. A kill part way leaves every
    /// thumbnail in one place or the other, and the next open goes on.
    private func moveLegacyFiles(into database: any DatabaseWriter) throws {
        let fileManager = FileManager.default
        guard let subfolders = try? fileManager.contentsOfDirectory(atPath: legacyFolder.path) else { return }
        for subfolder in subfolders where subfolder.utf8.count == 2 {
            let directory = legacyFolder.appendingPathComponent(subfolder)
            let names = (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
            var files = names.compactMap { name -> (hash: String, url: URL)? in
                let hash = String(name.dropLast(4))
                guard name.hasSuffix(".jpg"), VisitPhoto.thumbnailPath(forHash: hash) == "\(subfolder)/\(name)" else { return nil }
                return (hash, directory.appendingPathComponent(name))
            }
            while !files.isEmpty {
                let batch = files.prefix(500)
                files.removeFirst(batch.count)
                // A file that cannot be read now stays where it is, for the next open to try again.
                let moved = try database.write { db in
                    let statement = try db.cachedStatement(sql: "INSERT OR IGNORE INTO thumbnail (sha256, jpeg) VALUES (?, ?)")
                    return try batch.filter { file in
                        guard let jpeg = try? Data(contentsOf: file.url) else { return false }
                        try statement.execute(arguments: [file.hash, jpeg])
                        return true
                    }
                }
                for file in moved { unlink(file.url.path) }
            }
            // Half-written files of killed runs (`.NAME.PID.RANDOM.stadiumlog-tmp`) hold nothing kept.
            for name in names where name.hasSuffix(PrivateFile.suffix) { unlink(directory.appendingPathComponent(name).path) }
            rmdir(directory.path)
        }
        for name in (try? fileManager.contentsOfDirectory(atPath: legacyFolder.path)) ?? [] where name.hasSuffix(PrivateFile.suffix) {
            unlink(legacyFolder.appendingPathComponent(name).path)
        }
        rmdir(legacyFolder.path)
    }

    private func write(_ database: any DatabaseWriter, _ updates: (Database) throws -> Void) throws(LibraryError) {
        do { try database.write(updates) } catch { throw failure(error) }
    }

    /// A database error as the one true sentence about it; when the library's folder is sound (``VisitLibrary/wrap``
    /// finds nothing wrong with it) but the file cannot be opened, the file is named as the culprit.
    private func failure(_ error: any Error) -> LibraryError {
        let wrapped = VisitLibrary.wrap(error, folder: folder, database: Self.databaseName)
        guard case .database = wrapped, let error = error as? DatabaseError,
            [.SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_IOERR].contains(error.resultCode)
        else { return wrapped }
        let permitted =
            FileManager.default.isReadableFile(atPath: url.path)
            && (access == .readOnly || FileManager.default.isWritableFile(atPath: url.path))
        return .thumbnailsUnusable(path: url.path, reason: permitted ? error.message ?? "\(error.resultCode)" : "permission denied")
    }

    private func read<T>(_ database: any DatabaseWriter, transaction: Bool = true, _ value: (Database) throws -> T) throws(LibraryError)
        -> T
    {
        do {
            return try transaction ? database.read(value) : database.unsafeRead(value)
        } catch {
            throw failure(error)
        }
    }
}
