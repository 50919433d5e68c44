/// A walk of the folders and files named, a batch at a time (at most ``PhotoBatch/batchSize`` files each, a folder's
/// files together), keeping count of what it met and telling `progress` as it goes: the files found while they are
/// counted first (`countsFilesFirst`, for a bar with time left), each folder that could not be walked, and the files
/// handled as each batch is (``handled(_:)``, by whoever asked for it: read, or read and stored).
///
/// An iterator rather than a loop with a body, so that a command that reads (`scan`, `match`) and an import, whose
/// batches are handled by async work and read one ahead, walk the same way.
public struct PhotoWalk: IteratorProtocol {
    private let progress: PhotoBatch.ProgressHandler?
    private var batches: PhotoFileWalker.Batches
    private let named: Int
    private let total: Int
    private var done = 0
    private var problems = 0
    /// Files in the folders that are not photos by name, left unread.
    public private(set) var skippedFiles = 0
    /// The places the system would not let the walk into (``PhotoFileWalker/Problem/isSystemError``).
    public private(set) var systemErrors: [PhotoFileWalker.Problem] = []

    /// Starts a walk of `paths`, each of which must exist (``ImportError/noSuchFile(path:)`` before anything is read).
    public init(
        _ paths: [String], followingLinks: Bool, countsFilesFirst: Bool, progress: PhotoBatch.ProgressHandler?
    ) throws(ImportError) {
        try PhotoBatch.requireExisting(paths)
        var counter = PhotoFileWalker(followsLinks: followingLinks)
        if let progress { counter.progress = { found in progress(.finding(found: found)) } }
        total = countsFilesFirst ? counter.batches(paths).reduce(0) { $0 + $1.files.count } : 0
        named = paths.count
        batches = PhotoFileWalker(followsLinks: followingLinks).batches(paths, limit: PhotoBatch.batchSize)
        self.progress = progress
        progress?(.handled(done: 0, total: total))
    }

    /// The next batch with files.
    public mutating func next() -> PhotoFileWalker.Batch? {
        while let batch = batches.next() {
            problems += batch.problems.count
            systemErrors += batch.problems.filter(\.isSystemError)
            for problem in batch.problems { progress?(.problem(problem)) }
            skippedFiles += batch.skippedFiles
            guard !batch.files.isEmpty else { continue }
            return batch
        }
        return nil
    }

    /// Counts `batch`'s files as handled, and says so.
    public mutating func handled(_ batch: PhotoFileWalker.Batch) {
        done += batch.files.count
        progress?(.handled(done: done, total: total))
    }

    /// Ends the walk: none of the paths usable at all is ``ImportError/nothingReadable`` (or
    /// ``ImportError/tooManyOpenFiles`` when that was why).
    public func finish() throws(ImportError) {
        if done == 0 && problems >= named {
            throw systemErrors.contains(where: \.isOutOfDescriptors) ? .tooManyOpenFiles : .nothingReadable
        }
    }
}
