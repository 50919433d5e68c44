import Foundation

/// A file as the system knows it — its device and inode — rather than by its path: a library moved aside and another
/// put in its place has the same path and another identity.
struct FileIdentity: Hashable, Sendable {
    let device: UInt64
    let inode: UInt64

    /// The identity of whatever is at `path` now; nil when nothing is.
    init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
