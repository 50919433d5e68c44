import Parallel

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The photos named on a command line (or picked in an app): folders walked, every file read as far as its metadata.
public struct PhotoBatch: Sendable {
    /// Every photo file read, by path, with its metadata or why it could not be read.
    public var photos: [(path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)]
    /// Files in the folders that are not photos by name (sidecars, documents), left unread.
    public var skippedFiles: Int
    /// Photos not read, as `unchanged` said (unchanged since an import that settled them).
    public var unchanged = 0

    /// What a walk is doing, for a front end to show.
    public enum Progress: Sendable {
        /// Photo files found so far, while the folders are counted (before anything is read).
        case finding(found: Int)
        /// A folder that could not be walked (the walk goes on).
        case problem(PhotoFileWalker.Problem)
        /// Photo files handled so far (read; for an import, read and stored), of all of them (0 when not counted).
        case handled(done: Int, total: Int)
    }

    /// Hears of what a walk is doing; called on the walk's own task.
    public typealias ProgressHandler = @Sendable (Progress) -> Void

    /// Files read and handled together: enough to keep every core busy, few enough to hold (an import holds two, one
    /// read while the one before it is stored).
    public static let batchSize = 2_000

    /// Reads every photo under `paths` a folder at a time (the batches an import reads), handing each batch to `each`
    /// and then letting it go, so a million photos are never held (`scan`, `match`); returns how many non-photo files
    /// were left unread.
    public static func read(
        _ paths: [String], followingLinks: Bool = false, countsFilesFirst: Bool = false,
        progress: ProgressHandler? = nil, each: (PhotoBatch) throws -> Void
    ) throws -> Int {
        var walk = try PhotoWalk(paths, followingLinks: followingLinks, countsFilesFirst: countsFilesFirst, progress: progress)
        while let batch = walk.next() {
            try each(read(batch))
            walk.handled(batch)
        }
        try walk.finish()
        return walk.skippedFiles
    }

    /// The photos of one batch of a walk (``PhotoWalk``), read as far as their metadata, on every core. Files
    /// `unchanged` names are left unread when their folder has no sidecar that could have changed them.
    public static func read(_ batch: PhotoFileWalker.Batch, unchanged: (([String]) throws -> Set<String>)? = nil) rethrows -> PhotoBatch {
        let skipped = batch.sidecars?.isEmpty == true ? try unchanged?(batch.files) ?? [] : []
        let files = skipped.isEmpty ? batch.files : batch.files.filter { !skipped.contains($0) }
        return PhotoBatch(photos: metadata(of: files, sidecars: batch.sidecars), skippedFiles: batch.skippedFiles, unchanged: skipped.count)
    }

    /// Each file's metadata with its sidecars filled in (`sidecars` of its folder, or nil to look on disk), in order.
    private static func metadata(
        of files: [String], sidecars: Set<String>?
    ) -> [(path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)] {
        let extractor = PhotoMetadataExtractor()
        return sideBySide(files.count) { index in
            let path = files[index]
            return (
                path,
                Result { () throws(PhotoMetadataError) in
                    var metadata = try extractor.metadata(ofFileAt: path)
                    Sidecars.fill(&metadata, forPhotoAt: path, among: sidecars)
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
    /// None of the paths could be walked because the process may not open more files.
    case tooManyOpenFiles

    /// One line for the fan saying what went wrong, and that nothing was read or imported.
    public var description: String {
        switch self {
        case .noSuchFile(let path): "\(path): no such file or folder; check the path (nothing was read)"
        case .nothingReadable: "none of the folders could be read (see the warnings above); nothing was imported"
        case .tooManyOpenFiles:
            "none of the folders could be read: this process may not open more files; raise the open-file limit "
                + "(`ulimit -n 4096`) and run again (nothing was imported)"
        }
    }
}
