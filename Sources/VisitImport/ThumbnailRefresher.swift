import Foundation
import GRDB
import PhotoMetadata
import Thumbnails
import VisitStore

/// Makes the thumbnails of the library's photos again: the missing ones, or all (after a size change).
public struct ThumbnailRefresher: Sendable {
    public let library: VisitLibrary
    let store: ThumbnailStore

    public init(library: VisitLibrary, generator: ThumbnailGenerator = ThumbnailGenerator()) {
        self.library = library
        store = ThumbnailStore(library: library, generator: generator)
    }

    public struct Result: Sendable {
        public var made = 0
        public var alreadyThere = 0
        /// Photos whose original is no longer at its path (or changed since it was imported).
        public var moved: [String] = []
        public var failures: [(path: String, reason: String)] = []
    }

    public func refresh(all: Bool) throws(LibraryError) -> Result {
        let photos = try library.read { db in
            try Row.fetchAll(db, sql: """
                SELECT sha256, originalPath, thumbnailFile FROM visitPhoto
                UNION ALL SELECT sha256, originalPath, thumbnailFile FROM pendingMatch WHERE status != 'resolved'
                """).map { (hash: $0["sha256"] as String, path: $0["originalPath"] as String, thumbnail: $0["thumbnailFile"] as String?) }
        }
        var result = Result()
        for photo in photos {
            let existing = photo.thumbnail.map { store.url(forRelativePath: $0) }
            if !all, let existing, FileManager.default.fileExists(atPath: existing.path) {
                result.alreadyThere += 1
                continue
            }
            guard FileManager.default.fileExists(atPath: photo.path),
                  (try? FileHasher.sha256(ofFileAt: photo.path)) == photo.hash else {
                result.moved.append(photo.path)
                continue
            }
            let orientation = (try? PhotoMetadataExtractor().metadata(ofFileAt: photo.path))?.orientation
            do {
                let relative = try store.write(forPhotoAt: photo.path, hash: photo.hash, orientation: orientation)
                try library.write { db in
                    try db.execute(sql: "UPDATE visitPhoto SET thumbnailFile = ? WHERE sha256 = ?", arguments: [relative, photo.hash])
                    try db.execute(sql: "UPDATE pendingMatch SET thumbnailFile = ? WHERE sha256 = ?", arguments: [relative, photo.hash])
                }
                result.made += 1
            } catch let error as LibraryError {
                throw error
            } catch {
                result.failures.append((photo.path, String(describing: error)))
            }
        }
        return result
    }
}
