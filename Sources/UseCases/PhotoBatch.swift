import Foundation
import PhotoMetadata

/// The photos named on a command line (or picked in an app): folders walked, every file read as far as its metadata.
public struct PhotoBatch: Sendable {
    /// Every photo file read, by path, with its metadata or why it could not be read.
    public var photos: [(path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)]
    /// Files in the folders that are not photos by name (sidecars, documents), left unread.
    public var skippedFiles: Int
    /// Photos not read, as `unchanged` said (unchanged since an import that settled them).
    public var unchanged = 0

    /// Reads every photo under `paths` (on every core, in chunks so progress can be told). Problems with folders
    /// (unreadable, a link loop) are reported as they are found and do not stop the walk; none of the paths usable at
    /// all is an error.
    public static func read(
        _ paths: [String], followingLinks: Bool = false, progress: ImportSession.ProgressHandler? = nil
    ) async throws -> PhotoBatch {
        try requireExisting(paths)
        var walker = PhotoFileWalker(followsLinks: followingLinks)
        if let progress { walker.progress = { found in progress(.finding(found: found)) } }
        let walk = walker.walk(paths)
        for problem in walk.problems { progress?(.problem(problem)) }
        if walk.files.isEmpty && walk.problems.count >= paths.count { throw ImportError.nothingReadable }
        // Folders' sidecars are known from the walk; a photo named on its own has its sidecars looked for on disk.
        let named = Set(paths)
        let sidecars = walk.sidecars
        var photos: [(path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)] = []
        progress?(.reading(done: 0, total: walk.files.count))
        for start in stride(from: 0, to: walk.files.count, by: 1_000) {
            let chunk = Array(walk.files[start..<min(start + 1_000, walk.files.count)])
            photos += await metadata(of: chunk) { named.contains($0) ? nil : sidecars }
            progress?(.reading(done: photos.count, total: walk.files.count))
        }
        return PhotoBatch(photos: photos, skippedFiles: walk.skippedFiles)
    }

    /// The photos of one batch of a walk (``PhotoFileWalker/batches(_:limit:)``), read as far as their metadata, on
    /// every core. Files `unchanged` names are left unread when their folder has no sidecar that could have changed
    /// them.
    public static func read(_ batch: PhotoFileWalker.Batch, unchanged: (([String]) throws -> Set<String>)? = nil) async throws -> PhotoBatch
    {
        let skipped = batch.sidecars?.isEmpty == true ? try unchanged?(batch.files) ?? [] : []
        let files = skipped.isEmpty ? batch.files : batch.files.filter { !skipped.contains($0) }
        let sidecars = batch.sidecars
        return PhotoBatch(photos: await metadata(of: files) { _ in sidecars }, skippedFiles: batch.skippedFiles, unchanged: skipped.count)
    }

    /// Each file's metadata with its sidecars filled in (`sidecars` of its folder, or nil to look on disk), in order.
    private static func metadata(
        of files: [String], sidecars: @escaping @Sendable (String) -> Set<String>?
    ) async -> [(path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)] {
        let extractor = PhotoMetadataExtractor()
        return await files.concurrentMap { path in
            (
                path,
                Result { () throws(PhotoMetadataError) in
                    var metadata = try extractor.metadata(ofFileAt: path)
                    Sidecars.fill(&metadata, forPhotoAt: path, among: sidecars(path))
                    return metadata
                }
            )
        }
    }

    /// A folder or file named that is not there is a mistake to fix, not a warning: said before anything is read or
    /// created.
    public static func requireExisting(_ paths: [String]) throws(ImportError) {
        if let missing = paths.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            throw .noSuchFile(path: missing)
        }
    }
}

/// Why photos could not be read at all.
public enum ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A path named does not exist.
    case noSuchFile(path: String)
    /// None of the paths could be walked (each problem was reported as it was found).
    case nothingReadable

    /// One line for the fan saying what went wrong, and that nothing was read or imported.
    public var description: String {
        switch self {
        case .noSuchFile(let path): "\(path): no such file or folder; check the path (nothing was read)"
        case .nothingReadable: "none of the folders could be read (see the warnings above); nothing was imported"
        }
    }
}
