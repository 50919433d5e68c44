import Catalog
import Foundation
import TimeAndPlace

/// A provider's game mapped onto the catalog: canonical team ids, and the bundled game it is when the index has it.
public struct MappedGame: Hashable, Sendable {
    /// The game as the provider reported it, in its own names, with its scores and status.
    public var game: ProviderGame
    /// The catalog id of the home team (`team_mlb_chc`).
    public var homeTeamId: TeamID
    /// The catalog id of the visiting team.
    public var awayTeamId: TeamID
    /// The bundled game with the same home team, day and game number, when the index covers the date.
    public var catalogGameId: GameID?
}

extension Catalog {
    /// The provider's game in catalog terms, or nil when either team cannot be named without guessing.
    public func map(_ game: ProviderGame) -> MappedGame? {
        guard let home = team(for: game.home, league: game.league, on: game.localDate),
            let away = team(for: game.away, league: game.league, on: game.localDate), home.id != away.id
        else { return nil }
        let played = games(ofTeam: home.id, on: game.localDate)
        if let match = Self.same(game, among: played.filter { $0.homeTeamId == home.id && $0.awayTeamId == away.id }) {
            return MappedGame(game: game, homeTeamId: home.id, awayTeamId: away.id, catalogGameId: match.id)
        }
        // A source that lists the park's team as home (Baseball-Reference, by its box ids) names the other way round a
        // game whose official home team batted last in the other team's park (the Mariners at Oracle Park, 2020): the
        // same two teams, day and number at a neutral site are that game, read the catalog's way round.
        let swapped = played.filter { $0.homeTeamId == away.id && $0.awayTeamId == home.id && $0.isNeutralSite }
        if let match = Self.same(game, among: swapped) {
            var turned = game
            (turned.home, turned.away, turned.homeScore, turned.awayScore) = (game.away, game.home, game.awayScore, game.homeScore)
            return MappedGame(game: turned, homeTeamId: away.id, awayTeamId: home.id, catalogGameId: match.id)
        }
        return MappedGame(game: game, homeTeamId: home.id, awayTeamId: away.id, catalogGameId: nil)
    }

    /// The one bundled game of `candidates` (one pairing, one day) that is `game`: by its number in a doubleheader; a
    /// provider that does not number doubleheader games (number 0) matches only a lone bundled game.
    private static func same(_ game: ProviderGame, among candidates: [Game]) -> Game? {
        let sameNumber = candidates.filter { $0.gameNumber == game.gameNumber }
        if sameNumber.count == 1 { return sameNumber[0] }
        return game.gameNumber == 0 && candidates.count == 1 ? candidates[0] : nil
    }

    /// A provider's game as a listing for ``Catalog/adding(_:)``: its teams mapped, at the venue the provider
    /// names, else — when it names none — at the home team's home that day. Nil when a team or the venue is in doubt
    /// (a neutral site the catalog does not know is never put at the home team's arena).
    public func listing(for game: ProviderGame, from provider: String) -> Listing? {
        map(game).flatMap { listing(for: $0, from: provider) }
    }

    /// ``listing(for:from:)`` for a game already mapped; nil for a game the bundled index has.
    public func listing(for mapped: MappedGame, from provider: String) -> Listing? {
        guard mapped.catalogGameId == nil else { return nil }
        let game = mapped.game
        let venue: Venue?
        if let name = game.venueName {
            let named = venues(named: name, on: game.localDate).filter { $0.leagues.contains(game.league) }
            venue = named.count == 1 ? named[0] : nil
        } else {
            venue = homeVenue(of: mapped.homeTeamId, on: game.localDate)
        }
        guard let venue else { return nil }
        // Leagues file games abroad under their own (US) date: the start, read in the venue's zone, gives the date
        // the fans there had (the 2025 Tokyo opener is listed under March 17 and was played on March 18).
        var day = game.localDate
        if let start = game.startUTC, let zone = TimeZone(identifier: venue.timeZone),
            let local = LocalDateTime(instant: start, in: zone)
        {
            day = local.date
        }
        return Listing(
            league: game.league, localDate: day, gameNumber: game.gameNumber, venueId: venue.id,
            homeTeamId: mapped.homeTeamId, awayTeamId: mapped.awayTeamId, startUTC: game.startUTC, source: provider)
    }

    /// The catalog team a provider means, tried most exact first: the provider's own id where the catalog records
    /// that kind of id, then the full name as it was that day, then an abbreviation that names one team only.
    public func team(for provided: ProviderTeam, league: LeagueID, on day: LocalDate) -> Team? {
        if let id = provided.id, let kind = provided.idKind {
            let byId = teams(matching: id, on: day, league: league).filter { team in
                team.aliases.contains { $0.kind == kind && $0.alias == id }
            }
            if byId.count == 1 { return byId[0] }
        }
        for text in [provided.name, provided.abbreviation].compactMap({ $0 }) {
            let found = teams(matching: text, on: day, league: league)
            if found.count == 1 { return found[0] }
        }
        return nil
    }
}
