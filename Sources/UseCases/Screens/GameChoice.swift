import Catalog
import TimeAndPlace
import VisitStore

/// A game offered to the fan — a pending moment's candidate, or one found by team and day — with the words every
/// front end shows for it: what the game was, how far from the photo, how it fits the photo's time, and whether it is
/// already a visit.
public struct GameChoice: Hashable, Sendable {
    /// The game.
    public var gameId: GameID
    /// "Chicago Cubs at Cleveland Indians, Progressive Field, 2016-11-02 (night game), postseason, 8-7"
    /// (``Catalog/describe(_:)``).
    public var description: String
    /// "80 m away", when the photo's distance from the venue is known.
    public var distance: String?
    /// How the game fits the photo's time, truthfully: "during the game", "ended 3 h before the photo"; nil where no
    /// photo is being filed.
    public var fit: String?
    /// The visit the game already is, when it is one: filing joins it.
    public var visitId: String?

    /// The choice in one line, as the terminal lists it and the page labels it.
    public var line: String {
        description + (distance.map { ", \($0)" } ?? "") + (fit.map { " — \($0)" } ?? "") + (visitId == nil ? "" : " (already a visit)")
    }
}

extension GameChoice {
    /// `game` as a choice, with its visit in `library` when it is one.
    init(_ game: Game, distanceMeters: Double? = nil, fit: String? = nil, catalog: Catalog, library: VisitLibrary) {
        self.init(
            gameId: game.id, description: catalog.describe(game),
            distance: distanceMeters.map { MatchWords.distance($0) + " away" }, fit: fit,
            visitId: ((try? library.visit(ofGame: game.id)) ?? nil)?.id)
    }
}

extension GameLookup {
    /// The games a team or venue, as typed, had on a day (``games(team:venue:on:)``), as choices.
    public func choices(team: String?, venue: String? = nil, on day: LocalDate, library: VisitLibrary) -> [GameChoice] {
        games(team: team, venue: venue, on: day).map { GameChoice($0, catalog: catalog, library: library) }
    }
}
