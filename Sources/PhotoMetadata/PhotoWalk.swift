/// A walk of the folders and files named, a batch at a time (at most ``PhotoBatch/batchSize`` files each, a folder's
/// files together), keeping count of what it met and telling `progress` as it goes: the files found while they are
/// counted first (`countsFilesFirst`, for a bar with time left), each folder that could not be walked, and the files
/// handled after each batch (by whoever asked for the batch: read, or read and stored).
///
/// A sequence rather than a loop with a body, so that both a command that reads (`scan`, `match`) and an import,
/// whose batches are handled by async work, walk the same way.
public struct PhotoWalk: IteratorProtocol {
    private let progress: PhotoBatch.ProgressHandler?
    private var batches: PhotoFileWalker.Batches
    private let named: Int
    private let total: Int
    private var done = 0
    private var handing = 0
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

    /// The next batch with files; the batch handed out before it counts as handled.
    public mutating func next() -> PhotoFileWalker.Batch? {
        countHanded()
        while let batch = batches.next() {
            problems += batch.problems.count
            systemErrors += batch.problems.filter(\.isSystemError)
            for problem in batch.problems { progress?(.problem(problem)) }
            skippedFiles += batch.skippedFiles
            guard !batch.files.isEmpty else { continue }
            handing = batch.files.count
            return batch
        }
        return nil
    }

    /// Ends the walk: the last batch counts as handled; none of the paths usable at all is
    /// ``ImportError/nothingReadable`` (or ``ImportError/tooManyOpenFiles`` when that was why).
    public mutating func finish() throws(ImportError) {
        countHanded()
        if done == 0 && problems >= named {
            throw systemErrors.contains(where: \.isOutOfDescriptors) ? .tooManyOpenFiles : .nothingReadable
        }
    }

    private mutating func countHanded() {
        guard handing > 0 else { return }
        done += handing
        handing = 0
        progress?(.handled(done: done, total: total))
    }
}
