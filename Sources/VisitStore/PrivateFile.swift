import Foundation

#if canImport(Glibc)
    import Glibc
    private let systemWrite = Glibc.write
#elseif canImport(Darwin)
    import Darwin
    private let systemWrite = Darwin.write
#endif

/// Writes files that hold a fan's whereabouts and notes (thumbnails, exports, reports): readable by the owner only
/// (0600), and whole or absent — the data goes to a temporary file beside the target, which is renamed over it.
///
/// A temporary file is named after its target and the writing process (`.NAME.PID.RANDOM.stadiumlog-tmp`), so a
/// write cut short by a kill or a full disk leaves nothing behind for long: the next write beside that target removes
/// the temporary files of processes that no longer run. Many small files (thumbnails) are staged in one folder of
/// their own on the same disk, which their owner sweeps once per run.
public enum PrivateFile {
    static let suffix = ".stadiumlog-tmp"

    /// Writes `data` to `url`, staged beside it, or in `staging` (a folder on the same disk) when given.
    public static func write(_ data: Data, to url: URL, stagingIn staging: URL? = nil) throws(PrivateFileError) {
        if staging == nil { removeAbandonedTemporaries(in: url.deletingLastPathComponent(), forName: url.lastPathComponent) }
        let temporary = (staging ?? url.deletingLastPathComponent()).appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0 ... .max))\(suffix)")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PrivateFileError(path: url.path, code: errno) }
        var failure: Int32?
        data.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = errno }
        close(descriptor)
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = errno }
        if let failure {
            unlink(temporary.path)
            throw PrivateFileError(path: url.path, code: failure)
        }
    }

    /// Removes temporary files (of any target when `name` is nil) left in `folder` by processes no longer running.
    public static func removeAbandonedTemporaries(in folder: URL, forName name: String? = nil) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for file in names where file.hasPrefix(".") && file.hasSuffix(suffix) {
            let parts = file.dropLast(suffix.count).split(separator: ".")
            guard parts.count >= 3, let pid = pid_t(parts[parts.count - 2]) else { continue }
            if let name, parts.dropLast(2).joined(separator: ".") != name { continue }
            if pid != getpid(), kill(pid, 0) != 0, errno == ESRCH { unlink(folder.appendingPathComponent(file).path) }
        }
    }
}

/// A file that could not be written, with the operating system's reason in words a fan can act on.
public struct PrivateFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file that was to be written (the target, not its temporary file).
    public var path: String
    /// The `errno` of the call that failed (open, write, fsync or rename).
    public var code: Int32

    /// A failure to write `path`, with the system's error number.
    public init(path: String, code: Int32) {
        self.path = path
        self.code = code
    }

    /// "cannot write PATH: REASON": what to do for the usual failures (a full disk, permissions), else `strerror`'s words.
    public var description: String {
        let reason =
            switch code {
            case ENOSPC, EDQUOT: "the disk is full; free some space and try again"
            case EACCES, EPERM: "permission denied; choose a folder you can write to"
            case EROFS: "the disk is read-only; choose another place"
            case ENOENT: "its folder does not exist"
            case EMFILE, ENFILE: "too many open files; raise the limit with `ulimit -n 4096` and try again"
            default: String(cString: strerror(code))
            }
        return "cannot write \(path): \(reason)"
    }
}
