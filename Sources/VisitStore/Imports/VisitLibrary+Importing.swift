import Foundation

extension VisitLibrary {
    /// The file imports lock to take turns.
    static let importLockName = ".import.lock"

    /// Runs `body` (an import) while no other process imports into this library: imports by several processes take
    /// turns. Their many small transactions would otherwise contend for SQLite's one writer, and under load one of
    /// them could wait past the busy timeout and stop part way; in turn, the later one finds the photos stored and
    /// unchanged. `whileWaiting` hears once that another import holds the library. The lock is the kernel's (`flock`),
    /// so a killed import leaves none behind.
    public func importingAlone<T>(whileWaiting: () -> Void, _ body: () async throws -> T) async throws -> T {
        let descriptor = open(folder.appendingPathComponent(Self.importLockName).path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw LibraryFolder.whyUnusable(folder) ?? LibraryError.notWritable(path: folder.path) }
        defer { close(descriptor) }  // which releases the lock
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            whileWaiting()
            // Asked again rather than blocked on: a blocked call would hold one of the few threads async code runs on.
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0 { try await Task.sleep(for: .milliseconds(100)) }
        }
        return try await body()
    }
}
