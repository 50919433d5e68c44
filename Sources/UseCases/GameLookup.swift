import Catalog
import TimeAndPlace

/// The games a fan means by a team or a venue, as typed, and a day: what adding a game without photos, finding
/// another game for a photo, or moving photos to a game looks up — in the catalog, so only real games are offered.
public struct GameLookup: Sendable {
    /// The catalog the games are found in.
    public let catalog: Catalog

    /// Lookups in `catalog`.
    public init(catalog: Catalog) { self.catalog = catalog }

    /// The games on `day` of the teams `team` names ("Red Sox", "BOS", "Boston"; every league's team when an
    /// abbreviation is shared) and at the venues `venue` names (any name it had that day, part of one, a city, a
    /// team's home: ``Catalog/venues(meant:on:)``), each once, by start.
    public func games(team: String?, venue: String?, on day: LocalDate) -> [Game] {
        var games = team.map { catalog.teams(named: $0, on: day).flatMap { catalog.games(ofTeam: $0.id, on: day) } } ?? []
        games += venue.map { catalog.venues(meant: $0, on: day).flatMap { catalog.games(atVenue: $0.id, on: day) } } ?? []
        var seen: Set<GameID> = []
        return games.filter { seen.insert($0.id).inserted }
            .sorted { ($0.startUTC ?? .distantFuture, $0.id.rawValue) < ($1.startUTC ?? .distantFuture, $1.id.rawValue) }
    }
}
