/// Why a file's metadata could not be read. Each message says what is wrong in words a user can act on.
public enum PhotoMetadataError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Nothing exists at the path.
    case notFound
    /// The path is a directory, FIFO, socket or device; those are never opened (reading a FIFO blocks).
    case notARegularFile(kind: String)
    /// The file exists but could not be opened or read.
    case unreadable(reason: String)
    /// The process had no file descriptor left to open it (its open-file limit, or the system's).
    case tooManyOpenFiles
    /// The file has zero bytes.
    case empty
    /// The content is an image or video format this version does not read yet.
    case unsupportedFormat(ImageFormat)
    /// The content is not an image at all, whatever its name says.
    case notAnImage
    /// A JPEG that ends before its image data and carries no metadata worth keeping.
    case truncated
    /// A JPEG whose segment structure is broken before any metadata could be read.
    case malformedJPEG(reason: String)
    /// A HEIF/HEIC file libheif rejects (damaged, truncated, or beyond its limits).
    case unreadableHEIF(reason: String)
    /// A QuickTime/MP4 file without the movie atom (`moov`) that holds its metadata: cut short, or still recording.
    case videoWithoutMovieHeader

    /// The reason in words a user can act on.
    public var description: String {
        switch self {
        case .notFound: "no such file"
        case .notARegularFile(let kind): "not a regular file (\(kind)); skipped without opening it"
        case .unreadable(let reason): "cannot read the file: \(reason)"
        case .tooManyOpenFiles: "cannot read the file: Too many open files"
        case .empty: "the file is empty (0 bytes)"
        case .unsupportedFormat(let format): "\(format.displayName) files are not supported yet"
        case .notAnImage: "not an image: the content is neither JPEG nor another known photo format"
        case .truncated: "the JPEG is cut short before its image data and has no EXIF metadata"
        case .malformedJPEG(let reason): "broken JPEG structure: \(reason)"
        case .unreadableHEIF(let reason): "broken HEIF/HEIC file: \(reason)"
        case .videoWithoutMovieHeader: "the video has no movie header (moov atom): it is cut short or was never finished"
        }
    }

    /// A format StadiumLog does not read yet, as opposed to a broken file.
    public var isUnsupportedFormat: Bool {
        if case .unsupportedFormat = self { return true }
        return false
    }

    /// Whether the error is a verdict on the file's bytes — the same content would fail the same way — rather than the
    /// system failing to read it (permission denied, too many open files, an I/O error, a file gone, libheif missing).
    /// Only verdicts may be remembered between imports: a system error is met again only if the file is read again.
    public var isVerdictOnContent: Bool {
        switch self {
        case .empty, .unsupportedFormat, .notAnImage, .truncated, .malformedJPEG, .unreadableHEIF, .videoWithoutMovieHeader:
            true
        case .notFound, .notARegularFile, .unreadable, .tooManyOpenFiles: false
        }
    }

    /// The machine-readable reason used by the scan report (`unreadable` or `unsupportedFormat`).
    public var reportReason: String { isUnsupportedFormat ? "unsupportedFormat" : "unreadable" }
}
