/// Why a change the fan asked for (confirm, attach, edit, move, a score by hand) was not made. Nothing was changed.
public enum CorrectionError: Error, Hashable, Sendable, CustomStringConvertible {
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
    case tourHasNoScore
    /// A photo with no venue (no GPS, none named) or no date, for a decision that needs both.
    case noVenueOrDate
    case unknownVenue(id: String)
    /// A game id the catalog does not have.
    case unknownGame(id: String)
    /// Candidate number N beyond the candidates a pending match has.
    case noSuchCandidate(number: Int, count: Int)

    /// One line for the fan saying why, and that nothing was changed.
    public var description: String {
        switch self {
        case .alreadySettled(let photo, let visit): "\(photo) is already settled (\(visit)); nothing was changed"
        case .noSuchVisit(let id): "there is no visit \(id) (nothing was changed)"
        case .noSuchPending(let id): "there is no pending match \(id) (nothing was changed)"
        case .unreadablePhoto(let path, let reason): "cannot read \(path): \(reason) (nothing was changed)"
        case .noSuchGame(let description):
            "\(description) is not a game in the catalog; check the teams and the date (nothing was changed)"
        case .photoNotInLibrary(let path): "\(path) is not in any visit (nothing was changed)"
        case .officialScore(let visit, let score): "visit \(visit) has an official final score (\(score)) (nothing was changed)"
        case .tourHasNoScore: "a tour has no score; make it a game first (nothing was changed)"
        case .unknownVenue(let id): "there is no venue \(id) (nothing was changed)"
        case .noVenueOrDate: "this photo has no GPS position or no date: name its game (nothing was changed)"
        case .unknownGame(let id): "there is no game \(id) in the catalog (nothing was changed)"
        case .noSuchCandidate(let number, let count):
            count == 0
                ? "this photo has no candidate games; name a game, a tour or the teams (nothing was changed)"
                : "there is no candidate \(number); choose 1 to \(count) (nothing was changed)"
        }
    }
}
