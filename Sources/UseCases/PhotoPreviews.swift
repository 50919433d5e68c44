import Foundation
import PhotoMetadata
import Thumbnails
import VisitStore

/// A larger view of a photo in the library, made on demand from its original: what a front end shows when the fan
/// wants to see a photo before deciding. Only a file the library records is read, and only when its content is still
/// the photo's (its SHA-256), so no stored path — nor one from a crafted export — can make it show anything else.
public struct PhotoPreviews: Sendable {
    /// The library whose photos are shown.
    public let library: VisitLibrary
    private let generator: ThumbnailGenerator
    private let small = ThumbnailGenerator()

    /// Previews of `library`'s photos, `longSide` pixels on their longer side.
    public init(library: VisitLibrary, longSide: Int = 1_600) {
        self.library = library
        generator = ThumbnailGenerator(longSide: longSide)
    }

    /// Why a preview could not be made.
    public enum Failure: Error, Hashable, Sendable {
        /// No photo or pending match in the library has this content hash.
        case unknownPhoto
        /// The original is no longer where it was imported from (or its content changed): `relink` finds it.
        case originalMissing(path: String)
        /// The original is there but could not be decoded.
        case undecodable(path: String, reason: String)
    }

    /// A JPEG of the photo with content hash `hash`, upright, from its original.
    public func preview(ofPhoto hash: String) throws -> Data {
        guard VisitPhoto.isContentHash(hash), let path = try library.storedPaths(ofPhotos: [hash])[hash] else {
            throw Failure.unknownPhoto
        }
        guard (try? FileHasher.sha256(ofFileAt: path)) == hash else { throw Failure.originalMissing(path: path) }
        do {
            return try generator.thumbnail(ofPhotoAt: path, metadata: try? PhotoMetadataExtractor().metadata(ofFileAt: path)).jpeg
        } catch {
            throw Failure.undecodable(path: path, reason: "\(error)")
        }
    }

    /// A thumbnail of a photo an import left out (``FanHistory/leftOut(examples:only:)``), made from the file now:
    /// it was never imported, so none is kept. The path is one the library recorded, never one from a request.
    public func thumbnail(ofLeftOut path: String) throws -> Data {
        guard FileManager.default.fileExists(atPath: path) else { throw Failure.originalMissing(path: path) }
        do {
            return try small.thumbnail(ofPhotoAt: path, metadata: try? PhotoMetadataExtractor().metadata(ofFileAt: path)).jpeg
        } catch {
            throw Failure.undecodable(path: path, reason: "\(error)")
        }
    }
}
