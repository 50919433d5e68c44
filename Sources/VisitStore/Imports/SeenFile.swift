import Catalog
import Foundation
import GRDB

/// A file an import has read, as it was then — its size, modification time and inode — and what became of it: a
/// re-import does not read it again while all three are unchanged (its content hash stays the identity of new and
/// changed files). What became of it decides how long that holds: a photo in the library, while its content is still
/// there; a photo near no venue, while the catalog is the same; one without GPS or date, or not a photo we can read,
/// until it changes; a photo near a game but no question (``Outcome/nearGame``), while the catalog is the same. A file
/// the system would not let us read (permission denied, too many open files, an I/O error) is never remembered: that
/// is no verdict on the file, and the next import must try it again.
public struct SeenFile: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    /// The absolute, standardized path: the key the file is remembered by.
    public var path: String
    /// Its size in bytes when it was read.
    public var size: Int64
    /// Its modification time when it was read: seconds since 1970, nanoseconds as the fraction.
    public var modified: Double
    /// Its inode number when it was read, so a file replaced by another of the same size and time is still noticed.
    public var inode: Int64
    /// What became of it, which decides how long it may go unread (see ``SeenFile``).
    public var outcome: Outcome
    /// For `inLibrary`: the content hash that must still be in the library.
    public var sha256: String?
    /// For `noVenueNearby` and `nearGame`: the catalog that concluded it (``Catalog``'s fingerprint).
    public var catalog: String?
    /// For `nearGame`: the game the photo was near, which the not-imported list names and offers to file it into.
    public var gameId: GameID?

    /// What became of a file: in the library (a visit photo or a pending match), near no venue, near a game but no
    /// question (`nearGame`: outside every game's window, or too far to be sure), without GPS or date
    /// (`noPlaceOrTime`), or content that is no photo we read (`notAPhoto`: empty, broken, a format not read yet).
    /// `unreadable` is what versions before 2026-11 wrote for any file that failed, a system error included: such a
    /// row is never trusted, so a file once refused by a full descriptor table is read again. `evidence`: a file read
    /// beside the photos (a location history, check-ins, a calendar, a track, a .zip of them, or a JSON that is none),
    /// read whole without an error, while the catalog is the same (a 2 GB location history is read once).
    public enum Outcome: String, Codable, Hashable, Sendable, DatabaseValueConvertible {
        case inLibrary, noVenueNearby, nearGame, noPlaceOrTime, notAPhoto, unreadable, evidence
    }

    /// The columns, read and written by hand rather than through Codable: an import reads and writes one row per file,
    /// a million for a large library, and the coders cost more than the database.
    public enum Columns {
        static let path = Column(CodingKeys.path)
        static let size = Column(CodingKeys.size)
        static let modified = Column(CodingKeys.modified)
        static let inode = Column(CodingKeys.inode)
        static let outcome = Column(CodingKeys.outcome)
        static let sha256 = Column(CodingKeys.sha256)
        static let catalog = Column(CodingKeys.catalog)
        static let gameId = Column(CodingKeys.gameId)
    }

    /// A remembered file from its row.
    public init(row: Row) throws {
        path = row[Columns.path]
        size = row[Columns.size]
        modified = row[Columns.modified]
        inode = row[Columns.inode]
        guard let outcome = Outcome.fromDatabaseValue(row[Columns.outcome] as DatabaseValue) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "seenFile.outcome of \(path)"))
        }
        self.outcome = outcome
        sha256 = row[Columns.sha256]
        catalog = row[Columns.catalog]
        gameId = row[Columns.gameId]
    }

    /// A remembered file as its row.
    public func encode(to container: inout PersistenceContainer) {
        container[Columns.path] = path
        container[Columns.size] = size
        container[Columns.modified] = modified
        container[Columns.inode] = inode
        container[Columns.outcome] = outcome
        container[Columns.sha256] = sha256
        container[Columns.catalog] = catalog
        container[Columns.gameId] = gameId
    }

    /// A file as it was read; `sha256` goes with `inLibrary`, `catalog` with `noVenueNearby`, `nearGame` and `evidence`, `gameId`
    /// with `nearGame`.
    public init(
        path: String, size: Int64, modified: Double, inode: Int64, outcome: Outcome, sha256: String? = nil,
        catalog: String? = nil, gameId: GameID? = nil
    ) {
        self.path = path
        self.size = size
        self.modified = modified
        self.inode = inode
        self.outcome = outcome
        self.sha256 = sha256
        self.catalog = catalog
        self.gameId = gameId
    }

    /// The file as it is on disk now (its absolute path, a placeholder outcome), or nil when it cannot be looked at.
    public static func now(atPath path: String) -> SeenFile? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return SeenFile(looked: path, status)
    }

    /// The files as they are on disk now, by path; those that cannot be looked at are left out. Each folder is opened
    /// once and its files looked at by name in it: a re-import looks at every file of a large library, and looking up
    /// each whole path again was an eighth of its time (`perf`, docs/PERFORMANCE.md).
    public static func now(atPaths paths: [String]) -> [String: SeenFile] {
        var files: [String: SeenFile] = [:]
        files.reserveCapacity(paths.count)
        var folder: (path: Substring, descriptor: Int32)?
        defer { if let folder, folder.descriptor >= 0 { close(folder.descriptor) } }
        for path in paths {
            // Byte by byte: the separator is ASCII, and a path read as characters costs more than the look itself.
            guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.startIndex else {
                files[path] = now(atPath: path)
                continue
            }
            let parent = path[..<slash]
            if folder.map({ !$0.path.utf8.elementsEqual(parent.utf8) }) ?? true {
                if let folder, folder.descriptor >= 0 { close(folder.descriptor) }
                folder = (parent, open(String(parent), O_RDONLY | O_DIRECTORY | O_CLOEXEC))
            }
            guard let folder, folder.descriptor >= 0 else {
                files[path] = now(atPath: path)
                continue
            }
            var status = stat()
            guard fstatat(folder.descriptor, String(path[path.utf8.index(after: slash)...]), &status, 0) == 0 else { continue }
            files[path] = SeenFile(looked: path, status)
        }
        return files
    }

    private init(looked path: String, _ status: stat) {
        #if os(Linux)
            let modified = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
        #else
            let modified = Double(status.st_mtimespec.tv_sec) + Double(status.st_mtimespec.tv_nsec) / 1e9
        #endif
        self.init(
            path: Self.standardized(path), size: Int64(status.st_size), modified: modified, inode: Int64(status.st_ino),
            outcome: .unreadable)
    }

    /// The absolute, standardized form of a path: as it is when it already is one (a walk's paths under an absolute
    /// folder, every file of a re-import), else through Foundation.
    static func standardized(_ path: String) -> String {
        isStandard(path) ? path : URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// Absolute, and no empty, `.` or `..` component, nor a trailing slash: read byte by byte (a million paths).
    private static func isStandard(_ path: String) -> Bool {
        var utf8 = path.utf8.makeIterator()
        guard utf8.next() == UInt8(ascii: "/") else { return false }
        var component = 0
        var dots = 0
        var count = 1
        while let byte = utf8.next() {
            count += 1
            if byte == UInt8(ascii: "/") {
                if component == 0 || component == dots && dots <= 2 { return false }
                (component, dots) = (0, 0)
            } else {
                component += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return count == 1 || component > 0 && !(component == dots && dots <= 2)
    }

}

extension VisitLibrary {
    /// Of the files as they are now, those an import need not read again (see ``SeenFile``), with what became of them.
    public func unchangedFiles(_ files: [SeenFile], catalog: String) throws(LibraryError) -> [String: SeenFile.Outcome] {
        try read { db in
            // One statement, prepared once, for every group of paths (a re-import asks this for each folder of a large
            // library; a short group is padded with NULL, which matches nothing), and whether a file's photo is still
            // in the library asked in the same query, through the primary key and the unique index on `sha256` (only for
            // the files that became photos: most of a library is photos near no venue).
            let width = 500
            let statement = try db.cachedStatement(
                sql: """
                    SELECT path, size, modified, inode, outcome, catalog,
                        outcome = 'inLibrary' AND (
                            EXISTS (SELECT 1 FROM visitPhoto WHERE visitPhoto.sha256 = seenFile.sha256)
                            OR EXISTS (SELECT 1 FROM pendingMatch WHERE pendingMatch.sha256 = seenFile.sha256))
                    FROM seenFile WHERE path IN (\(Array(repeating: "?", count: width).joined(separator: ",")))
                    """)
            let now = Dictionary(files.map { ($0.path, $0) }, uniquingKeysWith: { a, _ in a })
            let paths = Array(now.keys)
            var unchanged: [String: SeenFile.Outcome] = [:]
            for start in stride(from: 0, to: paths.count, by: width) {
                let group = paths[start..<min(start + width, paths.count)].map { $0 as String? }
                let rows = try Row.fetchCursor(
                    statement, arguments: StatementArguments(group + Array(repeating: nil, count: width - group.count)))
                while let row = try rows.next() {
                    let path: String = row[0]
                    guard let file = now[path], row[1] == file.size, row[2] == file.modified, row[3] == file.inode,
                        let outcome = SeenFile.Outcome(rawValue: row[4])
                    else { continue }
                    switch outcome {
                    case .inLibrary: if row[6] { unchanged[path] = .inLibrary }
                    case .noVenueNearby, .nearGame, .evidence: if row[5] == catalog { unchanged[path] = outcome }
                    case .noPlaceOrTime, .notAPhoto: unchanged[path] = outcome
                    case .unreadable: continue
                    }
                }
            }
            return unchanged
        }
    }

    /// Remembers files an import read (replacing what it knew of them).
    public func remember(_ files: [SeenFile]) throws(LibraryError) {
        guard !files.isEmpty else { return }
        // One prepared statement for them all, each file's values bound in column order: an import remembers every
        // file it reads, and a record's insert (a container of named values for each) cost three times the database's
        // own work.
        try write { db in
            let upsert = try db.cachedStatement(
                sql: "INSERT OR REPLACE INTO \(SeenFile.databaseTableName) (path, size, modified, inode, outcome, sha256, catalog, gameId) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
            for file in files {
                try upsert.execute(arguments: [
                    file.path, file.size, file.modified, file.inode, file.outcome, file.sha256, file.catalog, file.gameId,
                ])
            }
        }
    }
}

extension VisitLibrary {
    /// The files imports read and left out and not filed by hand since, by what became of them (near no venue, without
    /// GPS or date, not a photo), with how many and the first `examples` paths of each; ``photosNearGames()`` lists
    /// the photos near a game.
    public func filesLeftOut(examples: Int) throws(LibraryError) -> [(outcome: SeenFile.Outcome, count: Int, paths: [String])] {
        try read { db in
            try [SeenFile.Outcome.noVenueNearby, .noPlaceOrTime, .notAPhoto].compactMap { outcome in
                let rows = Self.leftOut(SeenFile.filter(SeenFile.Columns.outcome == outcome))
                let count = try rows.fetchCount(db)
                guard count > 0 else { return nil }
                let paths = try String.fetchAll(db, rows.select(SeenFile.Columns.path).order(SeenFile.Columns.path).limit(examples))
                return (outcome, count, paths)
            }
        }
    }

    /// The photos imports found near a game but did not ask about, not filed by hand since, by game: how many and
    /// every path (the games earliest first by id).
    public func photosNearGames() throws(LibraryError) -> [(gameId: GameID, paths: [String])] {
        try read { db in
            let files = try Self.leftOut(SeenFile.filter(SeenFile.Columns.outcome == SeenFile.Outcome.nearGame))
                .order(SeenFile.Columns.gameId, SeenFile.Columns.path).fetchAll(db)
            return Dictionary(grouping: files.filter { $0.gameId != nil }) { $0.gameId! }
                .map { (gameId: $0.key, paths: $0.value.map(\.path)) }
                .sorted { $0.gameId.rawValue < $1.gameId.rawValue }
        }
    }

    /// Of the remembered files, those not in the library by their path since (a photo filed by hand is).
    private static func leftOut(_ files: QueryInterfaceRequest<SeenFile>) -> QueryInterfaceRequest<SeenFile> {
        // `outcome <> 'inLibrary'` as the partial index `seenFileLeftOut` states it, so SQLite reads that index rather
        // than every file of the library.
        files.filter(sql: "outcome <> 'inLibrary'").filter(
            sql: "path NOT IN (SELECT originalPath FROM visitPhoto) AND path NOT IN (SELECT originalPath FROM pendingMatch)")
    }
}
