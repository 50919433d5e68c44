import Catalog
import Foundation

/// What a library folder holds before its database is opened, and the checks that keep a fan's library from being
/// silently replaced: only an absent or empty folder becomes a new library.
struct LibraryFolder {
    let folder: URL
    let exists: Bool
    /// The database file, present and not empty.
    let hasDatabase: Bool
    /// Thumbnails or a configuration: the folder held a library, whatever state its database is in.
    let hasLibraryFiles: Bool
    /// Names in the folder that a library never holds.
    let foreignNames: [String]
    let databaseSize: Int?

    var database: URL { folder.appendingPathComponent(VisitLibrary.databaseName) }

    /// The files and folders a library is made of (the database's WAL and shared memory included).
    static let ownNames: Set<String> = [
        VisitLibrary.databaseName, VisitLibrary.databaseName + "-wal", VisitLibrary.databaseName + "-shm",
        VisitLibrary.databaseName + "-journal", ThumbnailStore.databaseName, ThumbnailStore.databaseName + "-wal",
        ThumbnailStore.databaseName + "-shm", ThumbnailStore.legacyFolderName, VisitLibrary.configurationName,
        CatalogOverlay.fileName, ".migration.lock", VisitLibrary.importLockName,
    ]

    init(_ folder: URL) throws(LibraryError) {
        self.folder = folder
        var isFolder: ObjCBool = false
        exists = FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder)
        if exists && !isFolder.boolValue { throw .notALibrary(path: folder.path, reason: "it is a file, not a folder") }
        let names = exists ? ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []) : []
        if exists && names.isEmpty, access(folder.path, R_OK | X_OK) != 0 {
            throw Self.whyUnusable(folder, writing: false) ?? .notWritable(path: folder.path)
        }
        let legacyThumbnails =
            (try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(ThumbnailStore.legacyFolderName).path))
            ?? []
        let thumbnailsSize =
            (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(ThumbnailStore.databaseName).path))?[.size]
            as? Int
        hasLibraryFiles =
            (thumbnailsSize ?? 0) > 0 || legacyThumbnails.contains { !$0.hasPrefix(".") } || names.contains(VisitLibrary.configurationName)
            || names.contains(CatalogOverlay.fileName)
        // The database is looked at after the files that follow it: another process making a new library writes them
        // only once its database has a header, so a folder caught between the two never looks like a library that
        // lost its database.
        databaseSize =
            (try? FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(VisitLibrary.databaseName).path))?[.size]
            as? Int
        hasDatabase = (databaseSize ?? 0) > 0
        foreignNames = names.filter { !Self.ownNames.contains($0) }.sorted()
    }

    /// Why a database cannot be opened when the library has no usable one.
    var missingDatabaseReason: String {
        databaseSize == nil ? "\(VisitLibrary.databaseName) is missing" : "\(VisitLibrary.databaseName) is empty (0 bytes)"
    }

    /// Makes the folder ready for a writing command: creates a new library in an absent or empty folder, refuses a
    /// damaged or foreign one, and keeps the folder private (0700) and the database file the owner's (0600).
    func prepareForWriting() throws(LibraryError) {
        if !hasDatabase {
            if hasLibraryFiles { throw .damaged(path: folder.path, reason: missingDatabaseReason) }
            if let name = foreignNames.first {
                throw .notALibrary(path: folder.path, reason: "it already holds other files (\(name))")
            }
        }
        do {
            try FileManager.default.createDirectory(
                at: folder, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw Self.whyUnusable(folder.deletingLastPathComponent())
                ?? .cannotCreateFolder(path: folder.path, reason: (error as NSError).localizedFailureReason ?? "\(error)")
        }
        if let error = Self.whyUnusable(folder) { throw error }
        // A folder that existed with wider permissions is made private: it holds where the fan has been.
        var status = stat()
        if stat(folder.path, &status) == 0, status.st_mode & 0o077 != 0 { chmod(folder.path, 0o700) }
        // SQLite gives the WAL and shared-memory files the database file's permissions: created 0600 here, all are.
        let descriptor = open(database.path, O_RDWR | O_CREAT, 0o600)
        if descriptor >= 0 { close(descriptor) } else if let error = Self.whyUnusable(folder) { throw error }
    }

    /// The true reason a folder cannot be used, when the operating system gives one: read-only media, permissions,
    /// a full disk, or this process out of file descriptors. Nil when nothing is wrong with the folder itself.
    static func whyUnusable(_ folder: URL, writing: Bool = true) -> LibraryError? {
        // As many descriptors as SQLite opens for a database (the file, its WAL, its shared memory, a journal): with
        // fewer free, that is why it failed, though one alone would open now.
        var probes: [Int32] = []
        defer { for probe in probes { close(probe) } }
        for _ in 0..<4 {
            let probe = open("/dev/null", O_RDONLY)
            if probe < 0, errno == EMFILE || errno == ENFILE { return .tooManyOpenFiles }
            if probe >= 0 { probes.append(probe) }
        }
        guard access(folder.path, F_OK) == 0 else { return nil }
        if access(folder.path, writing ? (W_OK | X_OK) : (R_OK | X_OK)) != 0 {
            return errno == EROFS ? .readOnlyMedia(path: folder.path) : .notWritable(path: folder.path)
        }
        var info = statvfs()
        if statvfs(folder.path, &info) == 0 {
            if writing, info.f_flag & UInt(ST_RDONLY) != 0 { return .readOnlyMedia(path: folder.path) }
            if writing, info.f_bavail == 0 { return .diskFull(path: folder.path) }
        }
        return nil
    }
}
