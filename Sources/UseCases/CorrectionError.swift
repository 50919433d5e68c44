import Catalog
import VisitStore

/// Why a change the fan asked for (confirm, attach, edit, move, a score by hand) was not made. Nothing was changed.
public enum CorrectionError: FanFacingError, Hashable, Sendable {
    /// A pending match already settled into a visit.
    case alreadySettled(photo: String, visit: String)
    case noSuchVisit(id: String)
    case noSuchPending(id: String)
    /// A photo named to attach that cannot be read.
    case unreadablePhoto(path: String, reason: String)
    /// Teams entered by hand that did not play at that venue that day.
    case noSuchGame(description: String)
    /// A photo that is not in the library (to move).
    case photoNotInLibrary(path: String)
    /// A final score from the index or a provider, which a hand-entered one would replace only when asked to.
    case officialScore(visit: String, score: String)
    /// A score typed with a game entered by hand that the catalog knows with another final: one of them is wrong, and
    /// the catalog's is not replaced on the way.
    case scoreDisagrees(game: String, official: String, typed: String)
    case tourHasNoScore
    /// A photo with no venue (no GPS, none named) or no date, for a decision that needs both.
    case noVenueOrDate
    case unknownVenue(id: String)
    /// A game id the catalog does not have.
    case unknownGame(id: GameID)
    /// Candidate number N beyond the candidates a pending match has.
    case noSuchCandidate(number: Int, count: Int)
    /// A game added by hand that is already a visit.
    case alreadyVisited(game: String, visit: String)
    /// No photo an import left near this game waits to be filed (filed already, or never near it).
    case nothingNearGame(id: GameID)
    /// A game far from where or when the photo was taken, chosen by id: asked before it is filed.
    case farFromPhoto(photo: String, game: String, far: String)
    /// Another day or venue for the visit of a catalog game: that would be another game.
    case gameFixesDayAndVenue(visit: String)
    /// The start of an id that several ids share (they are listed, at most five).
    case ambiguousId(typed: String, matches: [String])
    /// A start of an id too short to name one (fewer than ``TypedID`` takes).
    case idTooShort(typed: String, shortest: Int)
    /// An import number that no import with anything left in the library has.
    case noSuchImport(Int64)

    /// What went wrong, worded once for every front end.
    public var problem: String {
        switch self {
        case .alreadySettled(let photo, let visit): "\(photo) is already settled (\(visit))"
        case .noSuchVisit(let id): "there is no visit \(id)"
        case .noSuchPending(let id): "there is no pending match \(id)"
        case .unreadablePhoto(let path, let reason): "cannot read \(path): \(reason)"
        case .noSuchGame(let description): "\(description) is not a game in the catalog"
        case .photoNotInLibrary(let path): "\(path) is not in any visit"
        case .officialScore(let visit, let score): "visit \(visit) has an official final score (\(score))"
        case .scoreDisagrees(let game, let official, let typed):
            "the catalog's final of \(game) is \(official), not \(typed)"
        case .tourHasNoScore: "a tour has no score"
        case .unknownVenue(let id): "there is no venue \(id)"
        case .noVenueOrDate: "this photo has no GPS position or no date"
        case .unknownGame(let id): "there is no game \(id) in the catalog"
        case .noSuchCandidate(_, let count) where count == 0: "this photo has no candidate games"
        case .noSuchCandidate(let number, _): "there is no candidate \(number)"
        case .alreadyVisited(let game, let visit): "\(game) is already a visit (\(visit))"
        case .nothingNearGame(let id): "no photo left out near \(id) waits to be filed (filed already, or moved since)"
        case .farFromPhoto(let photo, let game, let far): "\(photo) was taken \(far) (\(game))"
        case .gameFixesDayAndVenue(let visit): "\(visit) is a game's visit: its day and venue are the game's"
        case .noSuchImport(let number): "there is no import \(number)"
        case .idTooShort(let typed, let shortest):
            "'\(typed)' is too short to name one: an id's start needs \(shortest) characters or more"
        case .ambiguousId(let typed, let matches):
            "'\(typed)' is the start of \(matches.count < 5 ? "\(matches.count)" : "several") ids (\(matches.joined(separator: ", ")))"
        }
    }

    /// What the fan can do about it.
    public var remedy: Remedy? {
        switch self {
        case .alreadySettled(let photo, _): .moveOrUndo(photo: photo)
        case .noSuchVisit: .findVisit
        case .noSuchPending: .findPendingMatch
        case .unreadablePhoto: nil
        case .noSuchGame: .checkTeamsAndDate
        case .photoNotInLibrary: .attachPhoto
        case .officialScore: .confirmReplacingOfficialScore
        case .scoreDisagrees: .checkScoreOrLeaveItOut
        case .tourHasNoScore: .makeItAGame
        case .unknownVenue: .findVenue
        case .noVenueOrDate: .nameTheGame
        case .unknownGame: .findGameOfDay
        case .noSuchCandidate(_, let count): count == 0 ? .settleWithoutCandidates : .chooseCandidate(upTo: count)
        case .alreadyVisited, .nothingNearGame: .findVisit
        case .ambiguousId, .idTooShort: .typeMoreOfTheId
        case .noSuchImport: .listImports
        case .gameFixesDayAndVenue: .moveToAnotherGame
        case .farFromPhoto: .fileEvenIfFar
        }
    }

    /// A correction that was refused changed nothing.
    public var changedNothing: Bool { true }
}
