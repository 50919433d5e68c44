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

    /// Reads every photo under `paths`, except those `unchanged` names among the walked files that no sidecar could
    /// change (their folder has none). Problems with folders (unreadable, a link loop) are reported as they are found
    /// and do not stop the walk; none of the paths usable at all is an error.
    public static func read(
        _ paths: [String], followingLinks: Bool = false,
        unchanged: (([String]) throws -> Set<String>)? = nil,
        progress: ImportSession.ProgressHandler? = nil
    ) throws -> PhotoBatch {
        try requireExisting(paths)
        var walker = PhotoFileWalker(followsLinks: followingLinks)
        if let progress { walker.progress = { found in progress(.finding(found: found)) } }
        let walk = walker.walk(paths)
        for problem in walk.problems { progress?(.problem(problem)) }
        if walk.files.isEmpty && walk.problems.count >= paths.count { throw ImportError.nothingReadable }
        let extractor = PhotoMetadataExtractor()
        // Folders' sidecars are known from the walk; a photo named on its own has its sidecars looked for on disk.
        let walked = Set(walk.files).subtracting(paths)
        let sidecarFolders = Set(walk.sidecars.map { ($0 as NSString).deletingLastPathComponent })
        let skipped =
            try unchanged?(
                walk.files.filter {
                    walked.contains($0) && !sidecarFolders.contains(($0 as NSString).deletingLastPathComponent)
                }) ?? []
        let files = skipped.isEmpty ? walk.files : walk.files.filter { !skipped.contains($0) }
        progress?(.reading(done: 0, total: files.count))
        let photos = files.enumerated().map { index, path in
            if index % 200 == 0 || index + 1 == files.count { progress?(.reading(done: index + 1, total: files.count)) }
            return (
                path,
                Result { () throws(PhotoMetadataError) in
                    var metadata = try extractor.metadata(ofFileAt: path)
                    Sidecars.fill(&metadata, forPhotoAt: path, among: walked.contains(path) ? walk.sidecars : nil)
                    return metadata
                }
            )
        }
        return PhotoBatch(photos: photos, skippedFiles: walk.skippedFiles, unchanged: skipped.count)
    }

    /// The photos of one batch of a walk (``PhotoFileWalker/batches(_:limit:)``), read as far as their metadata.
    /// Files `unchanged` names are left unread when their folder has no sidecar that could have changed them.
    public static func read(_ batch: PhotoFileWalker.Batch, unchanged: (([String]) throws -> Set<String>)? = nil) throws -> PhotoBatch {
        let skipped = batch.sidecars?.isEmpty == true ? try unchanged?(batch.files) ?? [] : []
        let files = skipped.isEmpty ? batch.files : batch.files.filter { !skipped.contains($0) }
        let extractor = PhotoMetadataExtractor()
        let photos = files.map { path in
            (
                path,
                Result { () throws(PhotoMetadataError) in
                    var metadata = try extractor.metadata(ofFileAt: path)
                    Sidecars.fill(&metadata, forPhotoAt: path, among: batch.sidecars)
                    return metadata
                }
            )
        }
        return PhotoBatch(photos: photos, skippedFiles: batch.skippedFiles, unchanged: skipped.count)
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
