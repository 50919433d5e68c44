import Foundation
import PhotoMetadata
import Thumbnails
import VisitStore

/// Thumbnails in the library's folder, named by the photo's content hash (`ab/abcdef….jpg`): the same photo always
/// has the same thumbnail, whatever it is called or wherever it moves.
struct ThumbnailStore: Sendable {
    let library: VisitLibrary
    let generator: ThumbnailGenerator

    /// Makes and writes the thumbnail of a photo; returns its relative path. Staged in the thumbnail folder and
    /// renamed, so a thumbnail is either complete or absent, even if the process is killed; readable by the owner only.
    func write(forPhotoAt path: String, hash: String, metadata: PhotoMetadata?) throws -> String {
        let thumbnail = try generator.thumbnail(ofPhotoAt: path, metadata: metadata)
        guard let relative = VisitPhoto.thumbnailPath(forHash: hash) else { throw ThumbnailError.undecodable(reason: "no content hash") }
        let destination = library.thumbnailFolder.appendingPathComponent(relative)
        try FileManager.default.createDirectory(
            at: destination.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        try PrivateFile.write(thumbnail.jpeg, to: destination, stagingIn: library.thumbnailFolder)
        return relative
    }

    /// Removes what killed runs left half written.
    func removeAbandonedFiles() {
        PrivateFile.removeAbandonedTemporaries(in: library.thumbnailFolder)
    }
}
