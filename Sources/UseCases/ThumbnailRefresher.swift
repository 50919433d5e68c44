import Foundation
import Parallel
import PhotoMetadata
import Thumbnails
import VisitStore

/// Makes the thumbnails of the library's photos again: the missing ones, or all (after a size change).
public struct ThumbnailRefresher: Sendable {
    /// The library whose photos get their thumbnails made and kept.
    public let library: VisitLibrary
    let generator: ThumbnailGenerator

    /// A refresher for `library`, making thumbnails with `generator` (its size, quality and preview choice).
    init(library: VisitLibrary, generator: ThumbnailGenerator = ThumbnailGenerator()) {
        self.library = library
        self.generator = generator
    }

    /// What a refresh did, photo by photo.
    public struct Result: Sendable {
        /// Thumbnails made and kept.
        public var made = 0
        /// Photos left alone because their thumbnail is already kept (none when refreshing all).
        public var alreadyThere = 0
        /// Photos whose original is no longer at its path (or changed since it was imported).
        public var moved: [String] = []
        /// Photos whose thumbnail could not be made, with the reason.
        public var failures: [(path: String, reason: String)] = []
    }

    /// Makes the missing thumbnails, or every one when `all`, 50 photos at a time; a photo whose original moved or
    /// changed is listed in ``Result/moved`` instead. Throws when the library cannot be read or written.
    func refresh(all: Bool) async throws(LibraryError) -> Result {
        let photos = try library.photosWithThumbnails()
        var result = Result()
        for start in stride(from: 0, to: photos.count, by: 50) {
            let chunk = Array(photos[start..<min(start + 50, photos.count)])
            let kept = all ? [] : try library.thumbnails.kept(among: chunk.filter { $0.thumbnail != nil }.map(\.hash))
            let outcomes = await chunk.concurrentMap { photo in
                kept.contains(photo.hash) ? .alreadyThere : outcome(for: photo)
            }
            var made: [(hash: String, jpeg: Data)] = []
            for (photo, outcome) in zip(chunk, outcomes) {
                switch outcome {
                case .alreadyThere: result.alreadyThere += 1
                case .moved: result.moved.append(photo.path)
                case .failed(let reason): result.failures.append((photo.path, reason))
                case .made(let jpeg): made.append((photo.hash, jpeg))
                }
            }
            try library.keepThumbnails(made)
            result.made += made.count
        }
        return result
    }

    private enum Outcome: Sendable {
        case alreadyThere, moved
        case made(Data)
        case failed(String)
    }

    /// A new thumbnail made from the photo's original, or why not.
    private func outcome(for photo: (hash: String, path: String, thumbnail: String?)) -> Outcome {
        guard FileManager.default.fileExists(atPath: photo.path),
            (try? FileHasher.sha256(ofFileAt: photo.path)) == photo.hash
        else { return .moved }
        let metadata = try? PhotoMetadataExtractor().metadata(ofFileAt: photo.path)
        do {
            return .made(try generator.thumbnail(ofPhotoAt: photo.path, metadata: metadata).jpeg)
        } catch {
            return .failed(String(describing: error))
        }
    }
}
