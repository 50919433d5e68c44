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
/// write cut short by a kill or a full disk leaves nothing behind for long: the next write in that folder, to any name,
/// removes the temporary files of processes that no longer run (a killed export's can be as large as the export). Many small files (thumbnails) are staged in one folder of
/// their own on the same disk, which their owner sweeps once per run.
public enum PrivateFile {
    static let suffix = ".stadiumlog-tmp"

    /// Writes `data` to `url`, staged beside it, or in `staging` (a folder on the same disk) when given.
    public static func write(_ data: Data, to url: URL, stagingIn staging: URL? = nil) throws(PrivateFileError) {
        let file = try PrivateFileStream(url, stagingIn: staging)
        try file.append(data)
        try file.commit()
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

/// A private file (``PrivateFile``) written a part at a time, for documents too large to hold whole (an export of a
/// million photos): staged beside its target, it appears there only at ``commit()``, and a stream that is not
/// committed leaves nothing.
public final class PrivateFileStream {
    private let url: URL
    private let temporary: URL
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    /// Bytes gathered before a write: few system calls, little memory.
    private static let chunk = 1 << 20

    /// A new temporary file for `url`, beside it or in `staging`.
    public init(_ url: URL, stagingIn staging: URL? = nil) throws(PrivateFileError) {
        if staging == nil { PrivateFile.removeAbandonedTemporaries(in: url.deletingLastPathComponent()) }
        self.url = url
        temporary = (staging ?? url.deletingLastPathComponent()).appendingPathComponent(
            ".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0 ... .max))\(PrivateFile.suffix)")
        descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw PrivateFileError(path: url.path, code: errno) }
        buffer.reserveCapacity(Self.chunk)
    }

    deinit { abandon() }

    /// Adds `bytes` to the file.
    public func append(_ bytes: some Sequence<UInt8>) throws(PrivateFileError) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.chunk { try flush() }
    }

    /// Adds `text`, as UTF-8.
    public func append(_ text: String) throws(PrivateFileError) { try append(text.utf8) }

    /// Writes what is left, makes it durable and puts the file in place of its target.
    public func commit() throws(PrivateFileError) {
        try flush()
        let failure: Int32? = fsync(descriptor) != 0 ? errno : nil
        close(descriptor)
        descriptor = -1
        if let failure {
            unlink(temporary.path)
            throw PrivateFileError(path: url.path, code: failure)
        }
        guard rename(temporary.path, url.path) == 0 else {
            let code = errno
            unlink(temporary.path)
            throw PrivateFileError(path: url.path, code: code)
        }
    }

    /// Removes the temporary file: nothing was written to the target.
    public func abandon() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
        unlink(temporary.path)
    }

    private func flush() throws(PrivateFileError) {
        var failure: Int32?
        buffer.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += written
            }
        }
        buffer.removeAll(keepingCapacity: true)
        if let failure {
            abandon()
            throw PrivateFileError(path: url.path, code: failure)
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
