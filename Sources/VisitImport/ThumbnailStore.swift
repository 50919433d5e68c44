import Foundation
import PhotoMetadata
import Thumbnails
import VisitStore

/// Thumbnails in the library's folder, named by the photo's content hash (`ab/abcdef….jpg`): the same photo always
/// has the same thumbnail, whatever it is called or wherever it moves.
struct ThumbnailStore: Sendable {
    let library: VisitLibrary
    let generator: ThumbnailGenerator

    /// The file name, relative to the thumbnail folder.
    static func relativePath(forHash hash: String) -> String { "\(hash.prefix(2))/\(hash).jpg" }

    func url(forRelativePath path: String) -> URL { library.thumbnailFolder.appendingPathComponent(path) }

    /// Makes and writes the thumbnail of a photo; returns its relative path. Written to a temporary file and renamed,
    /// so a thumbnail is either complete or absent, even if the process is killed.
    func write(forPhotoAt path: String, hash: String, metadata: PhotoMetadata?) throws -> String {
        let thumbnail = try generator.thumbnail(ofPhotoAt: path, metadata: metadata)
        let relative = Self.relativePath(forHash: hash)
        let destination = url(forRelativePath: relative)
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = destination.deletingLastPathComponent().appendingPathComponent(".\(hash).\(UUID().uuidString).tmp")
        try thumbnail.jpeg.write(to: temporary)
        if rename(temporary.path, destination.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: destination.path])
        }
        return relative
    }
}
