import Crypto
import Foundation

/// SHA-256 of a file's content.
enum FileHasher {
    /// Read in 1 MiB blocks into one buffer: memory stays flat whatever the file's size, and no block is allocated
    /// (and page-faulted in) anew — that cost a third of an import's system time.
    static func sha256(ofFileAt path: String) throws -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, path: path) }
        defer { close(descriptor) }
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
        defer { buffer.deallocate() }
        var hasher = SHA256()
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO, path: path)
            }
            hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
        return hasher.finalize().map { String(format: "%02x", $0) }.joined()
    }
}

extension POSIXError {
    /// The error with the file's path in its message ("cannot read the whole file: No such file or directory: /x").
    fileprivate init(_ code: POSIXErrorCode, path: String) {
        self.init(
            code, userInfo: [NSFilePathErrorKey: path, NSLocalizedDescriptionKey: "\(String(cString: strerror(code.rawValue))): \(path)"])
    }
}

/// A photo's path as the library keeps it: absolute, so it means the same file whatever folder a later command runs
/// in (and `relink` can tell a moved file from a relative path).
func absolutePath(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
}
