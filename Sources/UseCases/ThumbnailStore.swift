import Foundation
import PhotoMetadata
import Thumbnails
import VisitStore

/// Thumbnails in the library's folder, named by the photo's content hash (`ab/abcdef….jpg`): the same photo always
/// has the same thumbnail, whatever it is called or wherever it moves.
struct ThumbnailStore: Sendable {
    let library: VisitLibrary
    let generator: ThumbnailGenerator

    /// Makes and writes the thumbnail of a photo; returns its relative path. Staged beside it and renamed (one folder
    /// locked, not two: the cores writing thumbnails do not wait on each other), so a thumbnail is either complete or
    /// absent, even if the process is killed; readable by the owner only.
    func write(forPhotoAt path: String, hash: String, metadata: PhotoMetadata?) throws -> String {
        let thumbnail = try generator.thumbnail(ofPhotoAt: path, metadata: metadata)
        guard let relative = VisitPhoto.thumbnailPath(forHash: hash) else { throw ThumbnailError.undecodable(reason: "no content hash") }
        let destination = library.thumbnailFolder.appendingPathComponent(relative)
        let folder = destination.deletingLastPathComponent()
        // One call a thumbnail: the thumbnail folder is made only when the hash's folder cannot be for want of it.
        do { try Self.makeFolder(folder) } catch  where error.code == ENOENT {
            try Self.makeFolder(library.thumbnailFolder)
            try Self.makeFolder(folder)
        }
        try PrivateFile.write(thumbnail.jpeg, to: destination, stagingIn: folder)
        return relative
    }

    /// Makes a folder readable by the owner only, unless it is there.
    private static func makeFolder(_ url: URL) throws(PrivateFileError) {
        guard mkdir(url.path, 0o700) != 0, errno != EEXIST else { return }
        throw PrivateFileError(path: url.path, code: errno)
    }

    /// Removes what killed runs left half written: in the thumbnail folder and its 256 subfolders.
    func removeAbandonedFiles() {
        PrivateFile.removeAbandonedTemporaries(in: library.thumbnailFolder)
        let subfolders = (try? FileManager.default.contentsOfDirectory(atPath: library.thumbnailFolder.path)) ?? []
        for name in subfolders where name.utf8.count == 2 {
            PrivateFile.removeAbandonedTemporaries(in: library.thumbnailFolder.appendingPathComponent(name))
        }
    }
}
