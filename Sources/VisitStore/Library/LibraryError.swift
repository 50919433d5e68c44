import Foundation

/// Why a library could not be opened or changed: the problem worded once, and the ``Remedy`` each front end says in
/// its own terms (the command line with its flags and commands: `CommandLineMessage`).
public enum LibraryError: FanFacingError, Hashable, Sendable {
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
    /// The thumbnails' database is damaged; the photos and visits are not, and the thumbnails can be made again.
    case damagedThumbnails(path: String, reason: String)
    /// The thumbnails' database cannot be opened (its permissions, a folder in its place): nothing else is affected.
    case thumbnailsUnusable(path: String, reason: String)
    case readOnlyMedia(path: String)
    case tooManyOpenFiles
    /// Written by an older StadiumLog: a command that writes updates it, one that only reads cannot.
    case olderSchema(path: String)
    case nothingToUndo
    case cannotUndo(reason: String)
    /// A file the library writes (an export) could not be written.
    case cannotWrite(reason: String)
    /// The library holds a value its own restore would refuse (a damaged row): the export was not written.
    case unexportable(reason: String)
    /// The library this process opened was moved aside, replaced or deleted since: nothing was written to it.
    case movedAway(path: String)

    /// What went wrong, worded once for every front end.
    public var problem: String {
        switch self {
        case .cannotCreateFolder(let path, let reason): "cannot create the library folder \(path): \(reason)"
        case .notWritable(let path): "permission denied for the library folder \(path)"
        case .newerSchema(let path): "the library at \(path) was written by a newer StadiumLog"
        case .busy(let path): "another StadiumLog process is writing the library at \(path) and did not finish in time"
        case .diskFull(let path): "the disk holding the library at \(path) is full"
        case .database(let reason): "library database error: \(reason)"
        case .invalidExport(let reason): "not a StadiumLog export: \(reason)"
        case .notEmpty(let path): "the library at \(path) already has visits"
        case .noLibrary(let path): "there is no library at \(path)"
        case .notALibrary(let path, let reason): "\(path) is not a StadiumLog library: \(reason)"
        case .damaged(let path, let reason): "the library at \(path) is damaged: \(reason)"
        case .damagedThumbnails(let path, let reason): "the thumbnails at \(path) are damaged: \(reason)"
        case .thumbnailsUnusable(let path, let reason): "the thumbnails at \(path) cannot be opened (\(reason))"
        case .readOnlyMedia(let path): "the library at \(path) is on read-only media"
        case .tooManyOpenFiles: "this process may not open more files (the limit of open files is reached)"
        case .cannotWrite(let reason): reason
        case .unexportable(let reason):
            "the export was not written: the library holds a value a restore would refuse (\(reason)), so the file would be no backup"
        case .nothingToUndo: "nothing to undo: no confirm, attach, edit, move, delete or score entered is left to take back"
        case .cannotUndo(let reason): "cannot undo the last change: \(reason)"
        case .olderSchema(let path): "the library at \(path) was written by an older StadiumLog"
        case .movedAway(let path): "the library at \(path) was moved, replaced or deleted after this program opened it"
        }
    }

    /// What the fan can do about it.
    public var remedy: Remedy? {
        switch self {
        case .cannotCreateFolder: .chooseAnotherFolder
        case .notWritable: .checkPermissionsOrChooseAnotherFolder
        case .newerSchema: .updateStadiumLog
        case .busy: .tryAgain
        case .diskFull: .freeSpaceAndImportAgain
        case .notEmpty: .restoreIntoEmptyLibrary
        case .noLibrary: .checkFolderOrStartLibrary
        case .notALibrary: .chooseNewOrEmptyFolder
        case .damaged: .restoreLastExport
        case .damagedThumbnails(let path, _), .thumbnailsUnusable(let path, _): .makeThumbnailsAgain(movingAside: path)
        case .readOnlyMedia: .copyToWritableDisk
        case .tooManyOpenFiles: .raiseOpenFileLimit
        case .olderSchema: .openForWritingOnce
        case .movedAway: .tryAgain
        case .database, .invalidExport, .cannotWrite, .nothingToUndo, .cannotUndo, .unexportable: nil
        }
    }

    /// Refusals that happen before anything is written say so.
    public var changedNothing: Bool {
        switch self {
        case .newerSchema, .notALibrary, .damaged, .cannotUndo, .unexportable, .movedAway: true
        default: false
        }
    }
}
