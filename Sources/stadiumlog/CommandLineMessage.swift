import ArgumentParser
import Catalog
import UseCases
import VisitStore

/// The sentence a fan reads for each failure, naming the flag or command that fixes it. The libraries say what went
/// wrong and what to do in general words; only the command line knows its own flags.
enum CommandLineMessage {
    /// The error to exit with: a library's or a correction's in command-line words, any other as it is.
    static func error(for error: any Error) -> any Error {
        switch error {
        case let error as LibraryError: RuntimeError(text(for: error))
        case let error as CorrectionError: RuntimeError(text(for: error))
        case CatalogError.damagedOverlay(let path, let reason):
            RuntimeError("the catalog overlay \(path) cannot be used: \(reason); run `stadiumlog catalog update` to write it again")
        default: error
        }
    }

    static func text(for error: LibraryError) -> String {
        switch error {
        case .cannotCreateFolder(let path, let reason): "cannot create the library folder \(path): \(reason); choose another with --library"
        case .notWritable(let path):
            "permission denied for the library folder \(path); check its owner and permissions, or choose another with --library"
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
        case .nothingToUndo: "nothing to undo: no confirm, attach, edit, move, delete or score entered is left to take back"
        case .olderSchema(let path):
            "the library at \(path) was written by an older StadiumLog; run a command that writes (such as `stadiumlog scores`) once to update it"
        default: error.description
        }
    }

    static func text(for error: CorrectionError) -> String {
        switch error {
        case .alreadySettled(let photo, let visit):
            "\(photo) is already settled (\(visit)); nothing was changed. To change your mind: "
                + "`stadiumlog visits move \(photo) --to-game ID` (or --tour), or `stadiumlog undo`"
        case .noSuchVisit(let id): "there is no visit \(id); `stadiumlog visits` lists them (nothing was changed)"
        case .noSuchPending(let id): "there is no pending match \(id); `stadiumlog confirm` lists them (nothing was changed)"
        case .noSuchGame(let description):
            "\(description) is not a game in the catalog; check the teams and the date, or add --force to record it anyway "
                + "(nothing was changed)"
        case .photoNotInLibrary(let path): "\(path) is not in any visit; `stadiumlog attach` files it (nothing was changed)"
        case .officialScore(let visit, let score):
            "visit \(visit) has an official final score (\(score)); add --force to replace it with yours (nothing was changed)"
        case .tourHasNoScore: "a tour has no score; change its type with --type game first (nothing was changed)"
        case .unknownVenue(let id): "there is no venue \(id); `stadiumlog venues NAME` finds its id (nothing was changed)"
        case .noVenueOrDate: "this photo has no GPS position or no date: name the game with --game ID (nothing was changed)"
        case .unknownGame(let id):
            "there is no game \(id) in the catalog; `stadiumlog games --venue NAME --on DATE` lists a day's games (nothing was changed)"
        case .noSuchCandidate(_, let count) where count == 0:
            "this photo has no candidate games; settle it with --game ID, --tour or --home/--away (nothing was changed)"
        default: error.description
        }
    }
}
