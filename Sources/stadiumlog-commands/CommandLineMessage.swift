import ArgumentParser
import Catalog
import CommandLineBasics
import UseCases
import VisitStore

/// The sentence a fan reads for each failure, naming the flag or command that fixes it. The libraries say what went
/// wrong, once (``FanFacingError/problem``), and which step helps (a ``Remedy``); only the command line knows its own
/// flags, so it words the steps.
enum CommandLineMessage {
    /// The error to exit with: one a fan faces in command-line words, any other as it is.
    static func error(for error: any Error) -> any Error {
        switch error {
        case let error as any FanFacingError: RuntimeError(text(for: error))
        case CatalogError.damagedOverlay(let path, let reason):
            RuntimeError("the catalog overlay \(path) cannot be used: \(reason); run `stadiumlog catalog update` to write it again")
        default: error
        }
    }

    /// The sentence of any error, for a document that reports it (the JSON of an import that stopped).
    static func sentence(for error: any Error) -> String {
        (error as? any FanFacingError).map { text(for: $0) } ?? String(describing: error)
    }

    /// The error's own sentence, its remedy said with this command line's flags and commands.
    static func text(for error: some FanFacingError) -> String { error.sentence(remedyWords: words(for:)) }

    /// How to take each step here; the general words where the command line has nothing more precise.
    static func words(for remedy: Remedy) -> String? {
        switch remedy {
        case .chooseAnotherFolder: "choose another with --library"
        case .checkPermissionsOrChooseAnotherFolder: "check its owner and permissions, or choose another with --library"
        case .checkFolderOrStartLibrary: "check --library (or $STADIUMLOG_LIBRARY), or run `stadiumlog import` to start one"
        case .chooseNewOrEmptyFolder: "choose a new or empty folder with --library"
        case .restoreLastExport:
            "`stadiumlog check` says what is damaged; move the folder aside and restore your last export into a new one "
                + "(`stadiumlog restore EXPORT.json --library NEW-FOLDER`), then `stadiumlog thumbnails`"
        case .makeThumbnailsAgain(let path):
            "move \(path) aside and run `stadiumlog thumbnails --missing` to make them again from the photos (nothing else is lost)"
        case .copyToWritableDisk:
            "commands that only read (visits, progress, report, export) work, this one needs to write; copy the library to a "
                + "writable disk"
        case .raiseOpenFileLimit: "raise it with `ulimit -n 4096` and run again"
        case .chooseAnotherPort: "choose another with --port, or leave --port out for any free one"
        case .openForWritingOnce: "run a command that writes (such as `stadiumlog scores`) once to update it"
        case .moveOrUndo(let photo):
            "to change your mind: `stadiumlog visits move \(photo) --to-game ID` (or --tour), or `stadiumlog undo`"
        case .findVisit: "`stadiumlog visits` lists them"
        case .typeMoreOfTheId: "type more of the id, or all of it"
        case .listImports: "`stadiumlog imports` lists them with their numbers"
        case .fileEvenIfFar: "check the game id; add --force to file it anyway"
        case .moveToAnotherGame: "`stadiumlog visits move PHOTO… --to-game GAME_ID` files its photos under the right game"
        case .findPendingMatch: "`stadiumlog confirm` lists them"
        case .checkTeamsAndDate: "check the teams and the date, or add --force to record it anyway"
        case .attachPhoto: "`stadiumlog attach` files it"
        case .confirmReplacingOfficialScore: "add --force to replace it with yours"
        case .makeItAGame: "change its type with --type game first"
        case .findVenue: "`stadiumlog venues NAME` finds its id"
        case .nameTheGame: "name the game with --game ID"
        case .findGameOfDay: "`stadiumlog games --venue NAME --on DATE` lists a day's games"
        case .settleWithoutCandidates: "settle it with --game ID, --tour or --home/--away"
        default: remedy.inGeneralWords
        }
    }
}
