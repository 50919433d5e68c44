import Foundation
import PhotoMetadata
import Thumbnails
import VisitStore

/// Makes the thumbnails of the library's photos again: the missing ones, or all (after a size change).
public struct ThumbnailRefresher: Sendable {
    /// The library whose photos get their thumbnails made and recorded.
    public let library: VisitLibrary
    let store: ThumbnailStore

    /// A refresher for `library`, making thumbnails with `generator` (its size, quality and preview choice).
    init(library: VisitLibrary, generator: ThumbnailGenerator = ThumbnailGenerator()) {
        self.library = library
        store = ThumbnailStore(library: library, generator: generator)
    }

    /// What a refresh did, photo by photo.
    public struct Result: Sendable {
        /// Thumbnails written.
        public var made = 0
        /// Photos left alone because their thumbnail is already on disk (none when refreshing all).
        public var alreadyThere = 0
        /// Photos whose original is no longer at its path (or changed since it was imported).
        public var moved: [String] = []
        /// Photos whose thumbnail could not be made, with the reason.
        public var failures: [(path: String, reason: String)] = []
    }

    /// Makes the missing thumbnails, or every one when `all`, 50 photos at a time; a photo whose original moved or
    /// changed is listed in ``Result/moved`` instead. Throws when the library cannot be read or written.
    func refresh(all: Bool) async throws(LibraryError) -> Result {
        if let problem = library.thumbnailFolderProblem { throw .cannotWrite(reason: problem) }
        store.removeAbandonedFiles()
        let photos = try library.photosWithThumbnails()
        var result = Result()
        for start in stride(from: 0, to: photos.count, by: 50) {
            let chunk = Array(photos[start..<min(start + 50, photos.count)])
            let outcomes = await chunk.concurrentMap { photo in outcome(for: photo, all: all) }
            var made: [(hash: String, thumbnail: String)] = []
            for (photo, outcome) in zip(chunk, outcomes) {
                switch outcome {
                case .alreadyThere: result.alreadyThere += 1
                case .moved: result.moved.append(photo.path)
                case .failed(let reason): result.failures.append((photo.path, reason))
                case .made(let thumbnail): made.append((photo.hash, thumbnail))
                }
            }
            try library.setThumbnails(made)
            result.made += made.count
        }
        return result
    }

    private enum Outcome: Sendable {
        case alreadyThere, moved
        case made(String)
        case failed(String)
    }

    /// What one photo needs, done: nothing, or a new thumbnail (its relative path), or why not.
    private func outcome(for photo: (hash: String, path: String, thumbnail: String?), all: Bool) -> Outcome {
        if !all, photo.thumbnail != nil, let existing = library.thumbnailURL(forHash: photo.hash),
            FileManager.default.fileExists(atPath: existing.path)
        {
            return .alreadyThere
        }
        guard FileManager.default.fileExists(atPath: photo.path),
            (try? FileHasher.sha256(ofFileAt: photo.path)) == photo.hash
        else { return .moved }
        let metadata = try? PhotoMetadataExtractor().metadata(ofFileAt: photo.path)
        do {
            return .made(try store.write(forPhotoAt: photo.path, hash: photo.hash, metadata: metadata))
        } catch {
            return .failed(String(describing: error))
        }
    }
}
