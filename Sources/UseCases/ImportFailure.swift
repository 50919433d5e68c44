import Foundation
import PhotoMetadata
import VisitStore

/// A file or folder an import could not read because the system failed it, not because of what it holds: not imported,
/// not remembered as read, so the next import reads it again. What the fan can do is chosen by its cause, never by
/// the words of its reason.
public struct ImportFailure: Hashable, Sendable {
    /// Why the system failed the read.
    public enum Cause: Hashable, Sendable {
        /// The process ran out of file descriptors: raising the open-file limit lets the import in.
        case tooManyOpenFiles
        /// Permission denied, an I/O error, a file gone while it was read.
        case system
    }

    /// The file or folder, as the walk reached it.
    public var path: String
    /// Why, in words ("permission denied", "cannot read the whole file: …").
    public var reason: String
    /// The kind of failure, which picks the remedy.
    public var cause: Cause

    /// The step that lets the next import read it.
    public var remedy: Remedy { cause == .tooManyOpenFiles ? .raiseOpenFileLimit : .fixAndImportAgain }
}

extension ImportFailure {
    /// A folder or file the walk could not enter.
    init(_ problem: PhotoFileWalker.Problem) {
        self.init(path: problem.path, reason: problem.reason, cause: problem.isOutOfDescriptors ? .tooManyOpenFiles : .system)
    }

    /// A photo whose metadata the system kept from being read.
    init(path: String, _ error: PhotoMetadataError) {
        self.init(path: path, reason: error.description, cause: error == .tooManyOpenFiles ? .tooManyOpenFiles : .system)
    }

    /// A matched photo that could not be read to the end to hash it.
    init(path: String, hashing error: any Error) {
        let code = (error as? POSIXError)?.code
        self.init(
            path: path, reason: "cannot read the whole file: \(error.localizedDescription)",
            cause: code == .EMFILE || code == .ENFILE ? .tooManyOpenFiles : .system)
    }
}
