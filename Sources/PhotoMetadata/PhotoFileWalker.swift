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
public struct PhotoFileWalker: Sendable {
    /// Something the walk could not enter or read, with the reason.
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "\(path): \(reason)" }
    }

    /// The outcome of a walk.
    public struct Result: Sendable {
        /// Files to read, in walk order.
        public var files: [String] = []
        public var problems: [Problem] = []
        /// Files in the folders that are not photos by name (sidecars, documents).
        public var skippedFiles = 0
        /// The XMP and JSON files among them: the sidecars a photo may have (``Sidecars``).
        public var sidecars: Set<String> = []
    }

    /// Extensions of the files a folder walk picks up (compared case-insensitively).
    public var photoExtensions: Set<String>

    public static let defaultPhotoExtensions: Set<String> = [
        "jpg", "jpeg", "jpe", "jfif", "heic", "heif", "hif", "png", "tif", "tiff", "dng", "webp", "avif",
        "mov", "mp4", "m4v",
    ]

    public init(photoExtensions: Set<String> = Self.defaultPhotoExtensions) {
        self.photoExtensions = photoExtensions
    }

    /// Walks each root: a file is taken as is, a folder recursively.
    public func walk(_ roots: [String]) -> Result {
        var result = Result()
        for root in roots {
            var status = stat()
            guard stat(root, &status) == 0 else {
                result.problems.append(Problem(path: root, reason: Self.describe(errno: errno)))
                continue
            }
            if status.st_mode & S_IFMT == S_IFDIR {
                var ancestors: Set<FileIdentity> = [FileIdentity(status)]
                walkFolder(root, ancestors: &ancestors, into: &result)
            } else {
                result.files.append(root)
            }
        }
        return result
    }

    private func walkFolder(_ folder: String, ancestors: inout Set<FileIdentity>, into result: inout Result) {
        guard let stream = opendir(folder) else {
            result.problems.append(Problem(path: folder, reason: "cannot open folder: " + Self.describe(errno: errno)))
            return
        }
        var names: [String] = []
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        while let entry = readdir(stream) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            // A name that is not UTF-8 cannot round-trip through a Swift String to open(2): say so, skip it.
            guard let name = String(validating: bytes, as: UTF8.self) else {
                result.problems.append(Problem(path: prefix + String(decoding: bytes, as: UTF8.self),
                                               reason: "the file name is not valid UTF-8; rename the file to read it"))
                continue
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        closedir(stream)
        for name in names.sorted() {
            let path = prefix + name
            var status = stat()
            guard stat(path, &status) == 0 else {
                var linkStatus = stat()
                let isDanglingLink = lstat(path, &linkStatus) == 0 && linkStatus.st_mode & S_IFMT == S_IFLNK
                result.problems.append(Problem(path: path, reason: isDanglingLink
                    ? "broken symbolic link" : Self.describe(errno: errno)))
                continue
            }
            switch status.st_mode & S_IFMT {
            case S_IFDIR:
                let identity = FileIdentity(status)
                guard ancestors.insert(identity).inserted else {
                    result.problems.append(Problem(path: path, reason: "symbolic link loop (a folder containing itself); skipped"))
                    continue
                }
                walkFolder(path, ancestors: &ancestors, into: &result)
                ancestors.remove(identity)
            case S_IFREG:
                if isPhotoName(name) {
                    result.files.append(path)
                } else {
                    result.skippedFiles += 1
                    if ["xmp", "json"].contains(name.split(separator: ".").last?.lowercased()) { result.sidecars.insert(path) }
                }
            default:
                if isPhotoName(name) {
                    result.problems.append(Problem(path: path, reason: "not a regular file (FIFO, socket or device); not opened"))
                }
            }
        }
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
