/// Something the fan can do about an error. The error says what went wrong once, for every front end (its
/// ``FanFacingError/problem``); the step it suggests is a case here, which each front end says in its own terms — the
/// command line with its flags and commands, a page with its buttons — or in the general words given here.
public enum Remedy: Hashable, Sendable {
    // The library.
    case chooseAnotherFolder
    case checkPermissionsOrChooseAnotherFolder
    case updateStadiumLog
    case tryAgain
    case freeSpaceAndImportAgain
    case restoreIntoEmptyLibrary
    case checkFolderOrStartLibrary
    case chooseNewOrEmptyFolder
    case restoreLastExport
    /// Thumbnails are made from the photos: a damaged store of them is moved aside and they are made again.
    case makeThumbnailsAgain(movingAside: String)
    case copyToWritableDisk
    case raiseOpenFileLimit
    case fixAndImportAgain
    case openForWritingOnce
    // The web app.
    /// Another program listens on the port asked for.
    case chooseAnotherPort
    // Corrections.
    case moveOrUndo(photo: String)
    case findVisit
    case findPendingMatch
    /// An id typed too short to name one: more of it.
    case typeMoreOfTheId
    /// Photos filed under the wrong game go to the right one by a move.
    case moveToAnotherGame
    /// A game far from the photo is filed only when the fan says so.
    case fileEvenIfFar
    case checkTeamsAndDate
    case attachPhoto
    case confirmReplacingOfficialScore
    case checkScoreOrLeaveItOut
    case makeItAGame
    case findVenue
    case nameTheGame
    case findGameOfDay
    case settleWithoutCandidates
    case chooseCandidate(upTo: Int)
    /// The imports that can be taken back are listed with their numbers.
    case listImports

    /// The step in words that name no front end's controls; nil when only a front end can say how.
    public var inGeneralWords: String? {
        switch self {
        case .chooseAnotherFolder: "choose another folder"
        case .checkPermissionsOrChooseAnotherFolder: "check its owner and permissions, or choose another folder"
        case .updateStadiumLog: "update StadiumLog to open it"
        case .tryAgain: "try again"
        case .freeSpaceAndImportAgain: "free some space and run the import again (everything imported so far is kept)"
        case .restoreIntoEmptyLibrary: "restore into a new, empty library"
        case .checkFolderOrStartLibrary: "check the folder, or import photos to start one"
        case .chooseNewOrEmptyFolder: "choose a new or empty folder"
        case .restoreLastExport:
            "check it to see the damage, move the folder aside, restore your last export into a new one and make its thumbnails again"
        case .makeThumbnailsAgain(let path): "move \(path) aside and make the thumbnails again (nothing else is lost)"
        case .copyToWritableDisk: "it can be read, not changed; copy it to a writable disk"
        case .raiseOpenFileLimit: "raise the limit and run again"
        case .fixAndImportAgain: "fix that and run the same import again"
        case .openForWritingOnce: "open it once for writing to update it"
        case .chooseAnotherPort: "choose another port, or leave it out for any free one"
        case .moveOrUndo: "to change your mind, move the photo to another visit or undo"
        case .checkTeamsAndDate: "check the teams and the date"
        case .makeItAGame: "make it a game first"
        case .checkScoreOrLeaveItOut: "check the score (AWAY-HOME), or leave it out to keep the catalog's"
        case .nameTheGame: "name its game"
        case .settleWithoutCandidates: "name a game, a tour or the teams"
        case .chooseCandidate(let count): "choose 1 to \(count)"
        case .typeMoreOfTheId: "give more of the id"
        case .listImports: "the list of imports gives their numbers"
        case .moveToAnotherGame: "move its photos to the right game instead"
        case .fileEvenIfFar: "check the game; file it anyway only if you are sure"
        case .findVisit, .findPendingMatch, .attachPhoto, .confirmReplacingOfficialScore, .findVenue, .findGameOfDay: nil
        }
    }
}

/// An error a fan reads: what went wrong (worded once, here), what they can do (a ``Remedy`` each front end words),
/// and whether the library was left as it was.
public protocol FanFacingError: Error, CustomStringConvertible {
    /// What went wrong, in one clause a fan understands, for every front end.
    var problem: String { get }
    /// What the fan can do about it, when there is something.
    var remedy: Remedy? { get }
    /// Whether the library was left exactly as it was, which the fan is told.
    var changedNothing: Bool { get }
}

extension FanFacingError {
    /// The problem, then what to do as `remedyWords` says it (the general words by default), then "nothing was
    /// changed" when so: the one sentence every front end builds the same way.
    public func sentence(remedyWords: (Remedy) -> String? = \.inGeneralWords) -> String {
        (remedy.flatMap(remedyWords).map { "\(problem); \($0)" } ?? problem) + (changedNothing ? " (nothing was changed)" : "")
    }

    /// The sentence in general words.
    public var description: String { sentence() }
}
