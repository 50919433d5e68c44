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

    /// Reads every photo under `paths` a folder at a time (the batches an import reads), handing each batch to `each`
    /// and then letting it go, so a million photos are never held (`scan`, `match`); returns how many non-photo files
    /// were left unread.
    public static func read(
        _ paths: [String], followingLinks: Bool = false, countsFilesFirst: Bool = false,
        progress: ImportSession.ProgressHandler? = nil, each: (PhotoBatch) throws -> Void
    ) async throws -> Int {
        try await forEachBatch(
            in: paths, followingLinks: followingLinks, countsFilesFirst: countsFilesFirst, progress: progress,
            step: { .reading(done: $0, total: $1) }
        ) { batch in try each(try await read(batch)) }.skipped
    }

    /// Walks `paths` a folder at a time (at most ``ImportSession/batchSize`` files each) and hands each batch that has
    /// files to `body`, then reports `step(done, total)`: the total is counted first when `countsFilesFirst` (a
    /// progress bar with time left), else 0. Folders that cannot be walked are reported as they are met; none of
    /// `paths` usable at all is ``ImportError/nothingReadable``. Returns how many non-photo files were left unread,
    /// and the places the system would not let the walk into (``PhotoFileWalker/Problem/isSystemError``).
    static func forEachBatch(
        in paths: [String], followingLinks: Bool, countsFilesFirst: Bool, progress: ImportSession.ProgressHandler?,
        step: (_ done: Int, _ total: Int) -> ImportSession.Progress, _ body: (PhotoFileWalker.Batch) async throws -> Void
    ) async throws -> (skipped: Int, systemErrors: [PhotoFileWalker.Problem]) {
        try requireExisting(paths)
        var counter = PhotoFileWalker(followsLinks: followingLinks)
        if let progress { counter.progress = { found in progress(.finding(found: found)) } }
        let total = countsFilesFirst ? counter.batches(paths).reduce(0) { $0 + $1.files.count } : 0
        var (done, problems, skipped) = (0, 0, 0)
        var systemErrors: [PhotoFileWalker.Problem] = []
        progress?(step(0, total))
        for batch in PhotoFileWalker(followsLinks: followingLinks).batches(paths, limit: ImportSession.batchSize) {
            problems += batch.problems.count
            systemErrors += batch.problems.filter(\.isSystemError)
            for problem in batch.problems { progress?(.problem(problem)) }
            skipped += batch.skippedFiles
            guard !batch.files.isEmpty else { continue }
            try await body(batch)
            done += batch.files.count
            progress?(step(done, total))
        }
        if done == 0 && problems >= paths.count {
            throw systemErrors.contains(where: \.isOutOfDescriptors) ? ImportError.tooManyOpenFiles : ImportError.nothingReadable
        }
        return (skipped, systemErrors)
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
