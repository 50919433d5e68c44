import Foundation

/// Why a library could not be opened or changed, with what the fan can do about it, in words any front end can use
/// (the command line adds its own flags and commands: `CommandLineMessage`).
public enum LibraryError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotCreateFolder(path: String, reason: String)
    case notWritable(path: String)
    case newerSchema(path: String)
    case busy(path: String)
    case diskFull(path: String)
    case database(reason: String)
    case invalidExport(reason: String)
    case notEmpty(path: String)
    /// No library at the path a command that only reads was given.
    case noLibrary(path: String)
    /// The folder is not a StadiumLog library (a file, another program's data); nothing was changed.
    case notALibrary(path: String, reason: String)
    /// The folder held a library whose database is missing, empty or damaged; nothing was changed.
    case damaged(path: String, reason: String)
    case readOnlyMedia(path: String)
    case tooManyOpenFiles
    /// Written by an older StadiumLog: a command that writes updates it, one that only reads cannot.
    case olderSchema(path: String)
    case nothingToUndo
    case cannotUndo(reason: String)
    /// A file the library writes (an export) could not be written.
    case cannotWrite(reason: String)

    /// What went wrong and what the fan can do about it, in one sentence.
    public var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason):
            "cannot create the library folder \(path): \(reason); choose another folder"
        case .notWritable(let path):
            "permission denied for the library folder \(path); check its owner and permissions, or choose another folder"
        case .newerSchema(let path):
            "the library at \(path) was written by a newer StadiumLog; update StadiumLog to open it (nothing was changed)"
        case .busy(let path):
            "another StadiumLog process is writing the library at \(path) and did not finish in time; try again"
        case .diskFull(let path):
            "the disk holding the library at \(path) is full; free some space and run the import again (everything imported so far is kept)"
        case .database(let reason): "library database error: \(reason)"
        case .invalidExport(let reason): "not a StadiumLog export: \(reason)"
        case .notEmpty(let path): "the library at \(path) already has visits; restore into a new, empty library"
        case .noLibrary(let path):
            "there is no library at \(path); check the folder, or import photos to start one"
        case .notALibrary(let path, let reason):
            "\(path) is not a StadiumLog library: \(reason); choose a new or empty folder (nothing was changed)"
        case .damaged(let path, let reason):
            "the library at \(path) is damaged: \(reason). Nothing was changed. Move the folder aside, restore your last "
                + "export into a new one and make its thumbnails again"
        case .readOnlyMedia(let path):
            "the library at \(path) is on read-only media: it can be read, not changed; copy it to a writable disk"
        case .tooManyOpenFiles:
            "this process may not open more files (the limit of open files is reached); raise the limit and run again"
        case .cannotWrite(let reason): reason
        case .nothingToUndo: "nothing to undo: no change made by hand is left to take back"
        case .cannotUndo(let reason): "cannot undo the last change: \(reason) (nothing was changed)"
        case .olderSchema(let path):
            "the library at \(path) was written by an older StadiumLog; open it once for writing to update it"
        }
    }
}
