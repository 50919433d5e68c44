#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An open, regular photo file read with `pread`, as little as possible.
///
/// The first 64 KiB are read once, which holds the whole metadata of nearly every JPEG; anything past it is read on
/// demand. Only regular files are ever opened: FIFOs and devices are refused from `stat` before `open`, and the
/// descriptor is opened non-blocking and checked again, so a path swapped for a FIFO cannot hang a batch.
struct PhotoFile: ~Copyable, ByteSource {
    static let headSize = 64 * 1024

    private let descriptor: Int32
    /// The file's size in bytes when it was opened.
    let size: Int
    /// The first `min(size, headSize)` bytes.
    let head: [UInt8]

    init(path: String) throws(PhotoMetadataError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw Self.error(errno: errno) }
        try Self.requireRegularFile(status)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw Self.error(errno: errno) }
        let size: Int
        let head: [UInt8]
        do throws(PhotoMetadataError) {
            guard fstat(descriptor, &status) == 0 else { throw Self.error(errno: errno) }
            try Self.requireRegularFile(status)
            size = Int(status.st_size)
            var buffer = [UInt8](repeating: 0, count: min(size, Self.headSize))
            let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
            guard count >= 0 else { throw Self.error(errno: errno) }
            buffer.removeSubrange(count...)
            head = buffer
        } catch {
            close(descriptor)
            throw error
        }
        self.descriptor = descriptor
        self.size = size
        self.head = head
    }

    deinit { close(descriptor) }

    /// Up to `count` bytes at `offset`; fewer at the end of the file.
    func bytes(at offset: Int, count: Int) throws(PhotoMetadataError) -> ArraySlice<UInt8> {
        guard offset >= 0, count > 0, offset < size else { return [] }
        if offset + count <= head.count { return head[offset..<offset + count] }
        var buffer = [UInt8](repeating: 0, count: min(count, size - offset))
        let read = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        guard read >= 0 else { throw Self.error(errno: errno) }
        return buffer[0..<read]
    }

    private static func requireRegularFile(_ status: stat) throws(PhotoMetadataError) {
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: throw .notARegularFile(kind: "a directory")
        case S_IFIFO: throw .notARegularFile(kind: "a FIFO")
        case S_IFSOCK: throw .notARegularFile(kind: "a socket")
        case S_IFCHR, S_IFBLK: throw .notARegularFile(kind: "a device")
        default: throw .notARegularFile(kind: "not a plain file")
        }
    }

    private static func error(errno code: Int32) -> PhotoMetadataError {
        switch code {
        case ENOENT, ENOTDIR: .notFound
        case EACCES, EPERM: .unreadable(reason: "permission denied")
        case EMFILE, ENFILE: .tooManyOpenFiles
        default: .unreadable(reason: String(cString: strerror(code)))
        }
    }
}

/// Where a photo's bytes come from: a file read with `pread`, or memory (an embedded EXIF item, a fuzzer's input).
protocol ByteSource: ~Copyable {
    var size: Int { get }
    /// The first bytes, up to 64 KiB.
    var head: [UInt8] { get }
    /// Up to `count` bytes at `offset`; fewer at the end.
    func bytes(at offset: Int, count: Int) throws(PhotoMetadataError) -> ArraySlice<UInt8>
}

/// Bytes already in memory.
struct MemoryBytes: ByteSource {
    let data: [UInt8]
    var size: Int { data.count }
    var head: [UInt8] { Array(data.prefix(PhotoFile.headSize)) }

    func bytes(at offset: Int, count: Int) throws(PhotoMetadataError) -> ArraySlice<UInt8> {
        guard offset >= 0, count > 0, offset < data.count else { return [] }
        return data[offset..<min(data.count, offset + count)]
    }
}
