import Foundation

/// Why a library could not be opened or changed, with what the user can do about it.
public enum LibraryError: Error, Hashable, Sendable, CustomStringConvertible {
    case cannotCreateFolder(path: String, reason: String)
    case notWritable(path: String)
    case newerSchema(path: String)
    case busy(path: String)
    case diskFull(path: String)
    case database(reason: String)
    case notFound(what: String)
    case invalidExport(reason: String)
    case notEmpty(path: String)

    public var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason):
            "cannot create the library folder \(path): \(reason); choose another with --library"
        case .notWritable(let path): "the library at \(path) is read-only; check its permissions or use --library"
        case .newerSchema(let path):
            "the library at \(path) was written by a newer StadiumLog; update StadiumLog to open it (nothing was changed)"
        case .busy(let path):
            "another StadiumLog process is writing the library at \(path) and did not finish in time; try again"
        case .diskFull(let path):
            "the disk holding the library at \(path) is full; free some space and run the import again (everything imported so far is kept)"
        case .database(let reason): "library database error: \(reason)"
        case .notFound(let what): "\(what) is not in the library"
        case .invalidExport(let reason): "not a StadiumLog export: \(reason)"
        case .notEmpty(let path): "the library at \(path) already has visits; restore into a new, empty library"
        }
    }
}
