import Foundation

/// Why a library could not be opened or changed, with what the user can do about it.
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
    /// A pending match already settled (into a visit, or skipped when skipping again is asked).
    case alreadySettled(photo: String, visit: String)
    case noSuchVisit(id: String)
    case noSuchPending(id: String)
    /// A photo named on the command line that cannot be read.
    case unreadablePhoto(path: String, reason: String)
    /// Teams entered by hand that did not play at that venue that day.
    case noSuchGame(description: String)
    /// A photo that is not in the library (to move).
    case photoNotInLibrary(path: String)
    /// A final score from the index or a provider, which a hand-entered one would replace.
    case officialScore(visit: String, score: String)
    case tourHasNoScore
    /// A photo with no venue (no GPS, none named) or no date, for a decision that needs both.
    case noVenueOrDate
    case unknownVenue(id: String)
    /// A game id the catalog does not have.
    case unknownGame(id: String)
    /// `confirm --choice N` beyond the candidates the pending match has.
    case noSuchCandidate(number: Int, count: Int)
    /// A file the library writes (an export) could not be written.
    case cannotWrite(reason: String)

    public var description: String {
        switch self {
        case .cannotCreateFolder(let path, let reason):
            "cannot create the library folder \(path): \(reason); choose another with --library"
        case .notWritable(let path):
            "permission denied for the library folder \(path); check its owner and permissions, or choose another with --library"
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
            "there is no library at \(path); check --library (or $STADIUMLOG_LIBRARY), or run `stadiumlog import` to start one"
        case .notALibrary(let path, let reason):
            "\(path) is not a StadiumLog library: \(reason); choose a new or empty folder with --library (nothing was changed)"
        case .damaged(let path, let reason):
            "the library at \(path) is damaged: \(reason). Nothing was changed. Move the folder aside and restore your last "
                + "export into a new one (`stadiumlog restore EXPORT.json --library NEW-FOLDER`), then `stadiumlog thumbnails`"
        case .readOnlyMedia(let path):
            "the library at \(path) is on read-only media: commands that only read (visits, progress, report, export) work, "
                + "this one needs to write; copy the library to a writable disk"
        case .tooManyOpenFiles:
            "this process may not open more files (the limit of open files is reached); raise it with `ulimit -n 4096` and run again"
        case .cannotWrite(let reason): reason
        case .nothingToUndo: "nothing to undo: no confirm, attach, edit, move, delete or score entered is left to take back"
        case .cannotUndo(let reason): "cannot undo the last change: \(reason) (nothing was changed)"
        case .alreadySettled(let photo, let visit):
            "\(photo) is already settled (\(visit)); nothing was changed. To change your mind: "
                + "`stadiumlog visits move \(photo) --to-game ID` (or --tour), or `stadiumlog undo`"
        case .noSuchVisit(let id): "there is no visit \(id); `stadiumlog visits` lists them (nothing was changed)"
        case .noSuchPending(let id): "there is no pending match \(id); `stadiumlog confirm` lists them (nothing was changed)"
        case .unreadablePhoto(let path, let reason): "cannot read \(path): \(reason) (nothing was changed)"
        case .noSuchGame(let description):
            "\(description) is not a game in the catalog; check the teams and the date, or add --force to record it anyway "
                + "(nothing was changed)"
        case .photoNotInLibrary(let path): "\(path) is not in any visit; `stadiumlog attach` files it (nothing was changed)"
        case .officialScore(let visit, let score):
            "visit \(visit) has an official final score (\(score)); add --force to replace it with yours (nothing was changed)"
        case .tourHasNoScore: "a tour has no score; change its type with --type game first (nothing was changed)"
        case .unknownVenue(let id): "there is no venue \(id); `stadiumlog venues NAME` finds its id (nothing was changed)"
        case .noVenueOrDate:
            "this photo has no GPS position or no date: name the game with --game ID (nothing was changed)"
        case .unknownGame(let id):
            "there is no game \(id) in the catalog; `stadiumlog games --venue NAME --on DATE` lists a day's games (nothing was changed)"
        case .noSuchCandidate(let number, let count):
            count == 0 ? "this photo has no candidate games; settle it with --game ID, --tour or --home/--away (nothing was changed)"
                       : "there is no candidate \(number); choose 1 to \(count) (nothing was changed)"
        case .olderSchema(let path):
            "the library at \(path) was written by an older StadiumLog; run a command that writes (such as `stadiumlog scores`) once to update it"
        }
    }
}
