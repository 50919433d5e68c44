import Catalog
import Foundation
import VisitStore

/// What `stadiumlog check` finds: the database as SQLite sees it, every record by the rules a restore applies, and the
/// files the records name — read only, so a damaged library is looked at without being changed.
public struct LibraryCheck: Sendable {
    /// SQLite's integrity check's findings; empty when the database is sound.
    public var database: [String] = []
    /// The first record a restore would refuse, with the rule it breaks (an export would not be written); nil when
    /// every record is sound.
    public var record: String?
    /// Photos (visit photos and pending matches) whose thumbnail the library records but does not keep.
    public var missingThumbnails = MissingFiles()
    /// SQLite's integrity check of the thumbnails' database, or why it cannot be read; empty when it is sound. Not
    /// damage to the library: thumbnails are made again from the photos.
    public var thumbnailDatabase: [String] = []
    /// Photos whose original file is not where the library last saw it (moved, renamed, or on a disk not mounted).
    public var missingOriginals = MissingFiles()

    /// Nothing is damaged: the database and every record are sound (missing files and thumbnails are not damage:
    /// `thumbnails` and `relink` bring them back).
    public var isSound: Bool { database.isEmpty && record == nil }

    /// Files the records name that are not there: how many, and the first few by name (a library of a million photos
    /// on a disk not mounted is a million, not a list held in memory).
    public struct MissingFiles: Sendable {
        /// How many are missing.
        public private(set) var count = 0
        /// The first ``kept`` of them.
        public private(set) var examples: [String] = []
        /// How many are named.
        public static let kept = 10

        /// Whether none is missing.
        public var isEmpty: Bool { count == 0 }

        mutating func add(_ path: String) {
            count += 1
            if examples.count < Self.kept { examples.append(path) }
        }
    }
}

extension FanHistory {
    /// Checks the whole library: SQLite's full integrity check, every record by the export's own rules, and that the
    /// thumbnails the records name are kept and the originals exist.
    public func check() throws(LibraryError) -> LibraryCheck {
        var result = LibraryCheck(database: try library.integrityProblems())
        do { result.thumbnailDatabase = try library.thumbnails.integrityProblems() } catch { result.thumbnailDatabase = [error.problem] }
        let thumbnailsReadable = result.thumbnailDatabase.isEmpty
        var missingThumbnails = LibraryCheck.MissingFiles()
        var missingOriginals = LibraryCheck.MissingFiles()
        result.record = try library.recordProblem(catalog: catalog) { hash, path, thumbnail in
            if thumbnailsReadable, thumbnail != nil, (try? library.thumbnails.kept(among: [hash]))?.isEmpty ?? true {
                missingThumbnails.add(path)
            }
            if !FileManager.default.fileExists(atPath: path) { missingOriginals.add(path) }
        }
        (result.missingThumbnails, result.missingOriginals) = (missingThumbnails, missingOriginals)
        return result
    }
}
