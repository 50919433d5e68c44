#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the photo files under folders, the way a user means "everything in ~/Pictures/2015".
///
/// Folders are walked recursively in name order, so every run lists the same files in the same order. A walk never
/// stops on a bad entry: symlink loops, unreadable folders and special files are reported as ``Problem``s.
/// Hidden entries (names starting with `.`, such as `.thumbnails` or macOS `._IMG_0001.JPG` resource forks) are
/// skipped in folders. Files named explicitly are always taken, whatever their extension.
///
/// Every real folder is walked once, known by its device and inode, however many links lead to it: a tree of links
/// cannot multiply the photos or make the walk endless. Symbolic links that lead out of the folders given are not
/// followed unless ``followsLinks`` (`--follow-links`), and never into the kernel's pseudo-filesystems (`/proc`,
/// `/sys`): a link to `/` in a photo folder is reported, not walked.
public struct PhotoFileWalker: Sendable {
    /// Something the walk could not enter or read, or chose to skip, with the reason.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// The file or folder at fault, as the walk reached it.
        public var path: String
        /// Why, in words ("permission denied", "broken symbolic link").
        public var reason: String
        /// A symbolic link out of the folders given, left alone because links are not followed: a front end can say
        /// how to follow them.
        public var isLinkNotFollowed = false
        /// The system would not let the walk in (permission denied, too many open files, an I/O error): the photos
        /// inside were not seen, which an import must not pass over in silence.
        public var isSystemError = false
        /// The system error was running out of file descriptors: raising the open-file limit lets the walk in.
        public var isOutOfDescriptors = false
        /// `path: reason`, one line for the user.
        public var description: String { "\(path): \(reason)" }

        /// The system would not let the walk in, for the reason the error `code` names (after `context`, when given).
        static func system(path: String, context: String = "", code: Int32) -> Problem {
            Problem(
                path: path, reason: context + PhotoFileWalker.describe(errno: code), isSystemError: true,
                isOutOfDescriptors: code == EMFILE || code == ENFILE)
        }
    }

    /// The outcome of a walk.
    public struct Result: Sendable {
        /// Files to read, in walk order.
        public var files: [String] = []
        /// Entries the walk could not enter or read, or skipped on purpose, in walk order.
        public var problems: [Problem] = []
        /// Files in the folders that are not photos by name (sidecars, documents).
        public var skippedFiles = 0
        /// The XMP and JSON files among them: the sidecars a photo may have (``Sidecars``).
        public var sidecars: Set<String> = []
    }

    /// Extensions of the files a folder walk picks up (compared case-insensitively).
    public var photoExtensions: Set<String>
    /// Whether symbolic links that lead out of the folders given are followed.
    public var followsLinks: Bool
    /// Told the number of photo files found so far, every 1,000 and at the end (for a progress line).
    public var progress: (@Sendable (Int) -> Void)?

    /// The extensions walked by default: JPEG, HEIF, PNG, TIFF, DNG, WebP and AVIF photos, and MOV, MP4 and M4V
    /// videos.
    public static let defaultPhotoExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "jfif", "heic", "heif", "hif", "png", "tif", "tiff", "dng", "webp", "avif",
        "mov", "mp4", "m4v",
    ]

    /// A walker that picks up `photoExtensions` (lowercase, without the dot) and follows links out of the folders
    /// given only when `followsLinks`.
    public init(photoExtensions: Set<String> = Self.defaultPhotoExtensions, followsLinks: Bool = false) {
        self.photoExtensions = photoExtensions
        self.followsLinks = followsLinks
    }

    /// Walks each root: a file is taken as is, a folder recursively. The whole walk at once: ``batches(_:limit:)``
    /// gives the same files in the same order a folder at a time, for walks too large to hold.
    public func walk(_ roots: [String]) -> Result {
        var result = Result()
        for batch in batches(roots) {
            result.files += batch.files
            result.problems += batch.problems
            result.skippedFiles += batch.skippedFiles
            result.sidecars.formUnion(batch.sidecars ?? [])
        }
        return result
    }

    /// Some photo files of one folder (or some of the files named on their own), with what the walk met on the way.
    public struct Batch: Sendable {
        /// Files to read, in walk order: all in one folder, unless they were named on their own.
        public var files: [String] = []
        /// The XMP and JSON files of the batch's folder, where its photos' sidecars are; nil for files named on their
        /// own, whose sidecars are looked for on disk.
        public var sidecars: Set<String>?
        /// Entries the walk could not enter or read, or skipped on purpose, since the batch before.
        public var problems: [Problem] = []
        /// Files that are not photos by name, since the batch before.
        public var skippedFiles = 0

        /// Some files of one folder (with its `sidecars`) to read again, or files named on their own (nil).
        public init(files: [String] = [], sidecars: Set<String>? = nil) {
            (self.files, self.sidecars) = (files, sidecars)
        }
    }

    /// The walk a folder at a time: each batch holds at most `limit` files of one folder, so a library of a million
    /// photos in year and month folders is walked, read and stored while holding one folder's names, never all.
    public func batches(_ roots: [String], limit: Int = 5_000) -> Batches {
        Batches(walk: Walk(walker: self, realRoots: roots.compactMap(Self.realPath)), roots: roots[...], limit: max(1, limit))
    }

    /// The batches of a walk, made as they are asked for.
    public struct Batches: Sequence, IteratorProtocol {
        fileprivate var walk: Walk
        var roots: ArraySlice<String>
        let limit: Int
        var finished = false

        /// The next batch: files of one folder (or files named on their own), walking on as far as it takes.
        public mutating func next() -> Batch? {
            while true {
                if walk.pending.files.count >= limit { return walk.flush() }
                if var frame = walk.stack.popLast() {
                    guard frame.next < frame.entries.count else {
                        // The folder is done: its files go out, and the files after it are its parent's.
                        walk.ancestors.remove(frame.identity)
                        if !walk.pending.files.isEmpty { return walk.flush() }
                        walk.pending.sidecars = walk.stack.last?.sidecars
                        continue
                    }
                    let entry = frame.entries[frame.next]
                    // A subfolder starts a batch of its own: the files so far are their folder's, with its sidecars.
                    if walk.isFolder(entry, in: frame), !walk.pending.files.isEmpty {
                        walk.stack.append(frame)
                        return walk.flush()
                    }
                    frame.next += 1
                    walk.stack.append(frame)
                    walk.entry(frame.prefix + entry.name, name: entry.name, type: entry.type)
                    continue
                }
                guard let root = roots.first else {
                    if !finished { walk.walker.progress?(walk.found) }
                    finished = true
                    return walk.flushIfAny()
                }
                var status = stat()
                guard stat(root, &status) == 0 else {
                    walk.pending.problems.append(.system(path: root, code: errno))
                    roots.removeFirst()
                    continue
                }
                // A folder after files named on their own, or a file after a folder's files: the batch so far goes
                // out first, and the root stays to be taken next.
                let isFolder = status.st_mode & S_IFMT == S_IFDIR
                if !walk.pending.files.isEmpty, (walk.pending.sidecars == nil) == isFolder { return walk.flush() }
                roots.removeFirst()
                if isFolder {
                    walk.folder(root, status)
                } else {
                    walk.pending.files.append(root)
                    walk.found += 1
                }
            }
        }
    }

    /// A folder being walked: its entries in name order, and how far the walk has come.
    fileprivate struct Frame {
        var prefix: String
        var identity: FileIdentity
        var entries: [(name: String, type: UInt8)]
        var sidecars: Set<String>
        var next = 0
    }

    /// One walk's state: the folders entered and being walked, and the batch being filled.
    fileprivate struct Walk {
        let walker: PhotoFileWalker
        /// The roots as real paths (links resolved), to tell a link inside them from one leading out.
        let realRoots: [String]
        var pending = Batch()
        var walked: Set<FileIdentity> = []
        var ancestors: Set<FileIdentity> = []
        var stack: [Frame] = []
        var found = 0

        mutating func flush() -> Batch {
            defer { pending = Batch(sidecars: stack.last?.sidecars) }
            return pending
        }

        mutating func flushIfAny() -> Batch? {
            pending.files.isEmpty && pending.problems.isEmpty && pending.skippedFiles == 0 ? nil : flush()
        }

        /// Whether an entry of a folder is a folder the walk would enter (links resolved), without entering it.
        func isFolder(_ entry: (name: String, type: UInt8), in frame: Frame) -> Bool {
            if entry.type == UInt8(DT_DIR) { return true }
            guard entry.type == UInt8(DT_LNK) || entry.type == UInt8(DT_UNKNOWN) else { return false }
            var status = stat()
            return stat(frame.prefix + entry.name, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
        }

        /// Enters a folder: lists it (its sidecars from the names) and puts it on the stack, or says why not.
        mutating func folder(_ folder: String, _ status: stat) {
            let identity = FileIdentity(status)
            guard walked.insert(identity).inserted else {
                let reason =
                    ancestors.contains(identity)
                    ? "symbolic link loop (a folder containing itself); skipped"
                    : "a folder already walked through another path; skipped"
                pending.problems.append(Problem(path: folder, reason: reason))
                return
            }
            if PhotoFileWalker.isPseudoFilesystem(status) {
                pending.problems.append(Problem(path: folder, reason: "a system folder (/proc, /sys), not photos; skipped"))
                return
            }
            guard let stream = opendir(folder) else {
                pending.problems.append(.system(path: folder, context: "cannot open folder: ", code: errno))
                return
            }
            var entries: [(name: String, type: UInt8)] = []
            let prefix = folder.hasSuffix("/") ? folder : folder + "/"
            while let entry = readdir(stream) {
                let bytes = PhotoFileWalker.name(of: entry)
                // A name that is not UTF-8 cannot round-trip through a Swift String to open(2): say so, skip it.
                guard let name = String(validating: bytes, as: UTF8.self) else {
                    pending.problems.append(
                        Problem(
                            path: prefix + String(decoding: bytes, as: UTF8.self),
                            reason: "the file name is not valid UTF-8; rename the file to read it"))
                    continue
                }
                if !name.hasPrefix(".") { entries.append((name, entry.pointee.d_type)) }
            }
            closedir(stream)
            let sidecars = Set(
                entries.filter { $0.type != UInt8(DT_DIR) && PhotoFileWalker.isSidecarName($0.name) }.map { prefix + $0.name })
            ancestors.insert(identity)
            stack.append(Frame(prefix: prefix, identity: identity, entries: entries.sorted { $0.name < $1.name }, sidecars: sidecars))
            pending.sidecars = sidecars
        }

        mutating func entry(_ path: String, name: String, type: UInt8) {
            // Most entries are plain files, known from the folder listing without a look at each one.
            if type == UInt8(DT_REG) { return file(path, name: name) }
            var status = stat()
            guard stat(path, &status) == 0 else {
                let code = errno
                var linkStatus = stat()
                let isDanglingLink = lstat(path, &linkStatus) == 0 && linkStatus.st_mode & S_IFMT == S_IFLNK
                pending.problems.append(
                    isDanglingLink || code == ELOOP || code == ENOENT
                        ? Problem(path: path, reason: isDanglingLink ? "broken symbolic link" : PhotoFileWalker.describe(errno: code))
                        : .system(path: path, code: code))
                return
            }
            let kind = status.st_mode & S_IFMT
            guard kind == S_IFDIR || kind == S_IFREG else {
                if walker.isPhotoName(name) {
                    pending.problems.append(Problem(path: path, reason: "not a regular file (FIFO, socket or device); not opened"))
                }
                return
            }
            if type == UInt8(DT_LNK) || type == UInt8(DT_UNKNOWN), !walker.followsLinks, leadsOut(path) {
                if kind == S_IFDIR || walker.isPhotoName(name) {
                    pending.problems.append(
                        Problem(
                            path: path, reason: "a symbolic link out of the folders given; not followed",
                            isLinkNotFollowed: true))
                }
                return
            }
            if kind == S_IFDIR { folder(path, status) } else { file(path, name: name) }
        }

        private mutating func file(_ path: String, name: String) {
            if walker.isPhotoName(name) {
                pending.files.append(path)
                found += 1
                if found % 1_000 == 0 { walker.progress?(found) }
            } else {
                pending.skippedFiles += 1
            }
        }

        /// Whether `path`, a link (or an entry that may be one), resolves outside every root.
        private func leadsOut(_ path: String) -> Bool {
            var linkStatus = stat()
            guard lstat(path, &linkStatus) == 0, linkStatus.st_mode & S_IFMT == S_IFLNK else { return false }
            guard let target = PhotoFileWalker.realPath(path) else { return true }
            return !realRoots.contains { root in target == root || target.hasPrefix(root == "/" ? root : root + "/") }
        }
    }

    /// A directory entry's name, read up to its terminating NUL: the kernel's record is only as long as the name,
    /// so copying the whole fixed-size `d_name` field would read past it.
    private static func name(of entry: UnsafeMutablePointer<dirent>) -> [UInt8] {
        let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
        let start = UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self)
        return Array(UnsafeRawBufferPointer(start: start, count: strlen(start)))
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The kernel's own filesystems (`/proc`, `/sys`), which hold no photos and can be endless to walk: known by
    /// their device.
    private static func isPseudoFilesystem(_ status: stat) -> Bool {
        pseudoFilesystemDevices.contains(UInt64(status.st_dev))
    }

    private static let pseudoFilesystemDevices = mountedDevices(of: ["/proc", "/sys", "/dev/pts"], root: "/")

    /// The devices of those of `paths` that are file systems of their own, mounted over a folder of `root`'s. One that
    /// is only a folder of the root's file system — `/sys` in a chroot or a container that does not mount it — is not:
    /// its device is every ordinary folder's, and counting it would skip the whole disk as a system folder.
    static func mountedDevices(of paths: [String], root: String) -> Set<UInt64> {
        var rootStatus = stat()
        guard stat(root, &rootStatus) == 0 else { return [] }
        return Set(
            paths.compactMap { path in
                var status = stat()
                return stat(path, &status) == 0 && status.st_dev != rootStatus.st_dev ? UInt64(status.st_dev) : nil
            })
    }

    /// XMP and JSON files: where sidecars are.
    private static func isSidecarName(_ name: String) -> Bool {
        ["xmp", "json"].contains(name.split(separator: ".").last?.lowercased())
    }

    private func isPhotoName(_ name: String) -> Bool {
        guard let dot = name.lastIndex(of: ".") else { return false }
        return photoExtensions.contains(name[name.index(after: dot)...].lowercased())
    }

    static func describe(errno code: Int32) -> String {
        switch code {
        case ENOENT: "no such file or folder"
        case EACCES, EPERM: "permission denied"
        case ELOOP: "symbolic link loop"
        default: String(cString: strerror(code))
        }
    }
}

/// A file's identity on disk, which two paths (or a symlink and its target) share.
private struct FileIdentity: Hashable {
    var device: UInt64
    var inode: UInt64
    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
