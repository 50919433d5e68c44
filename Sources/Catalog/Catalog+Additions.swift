import Foundation
import TimeAndPlace

extension Catalog {
    /// A game the bundled index lacks, listed by a score provider, to be added with ``adding(_:)``.
    public struct Listing: Hashable, Sendable {
        /// The league of the game, which decides the game table it joins and how its season is named.
        public var league: LeagueID
        /// The game's date at the venue (its local day, not the UTC day).
        public var localDate: LocalDate
        /// 0 for a single game, 1 or 2 for the games of a doubleheader (as ``Game/gameNumber``).
        public var gameNumber: Int
        /// The canonical id of the venue (`stadium_mlb_fenway_park`); a listing at a venue the catalog does not know is left out.
        public var venueId: String
        /// The canonical id of the home team (`team_mlb_bos`); a listing naming an unknown team is left out.
        public var homeTeamId: TeamID
        /// The canonical id of the visiting team (`team_mlb_nyy`).
        public var awayTeamId: TeamID
        /// Scheduled start in UTC, when the provider gives it; without it the game's window is its whole fan day.
        public var startUTC: Date?
        /// Where the listing came from (a provider's name), kept as the game's ``Game/source``.
        public var source: String

        /// Creates a listing; `gameNumber` 0 is a single game, and a nil `startUTC` means the start is not known.
        public init(
            league: LeagueID, localDate: LocalDate, gameNumber: Int = 0, venueId: String, homeTeamId: TeamID,
            awayTeamId: TeamID, startUTC: Date? = nil, source: String
        ) {
            self.league = league
            self.localDate = localDate
            self.gameNumber = gameNumber
            self.venueId = venueId
            self.homeTeamId = homeTeamId
            self.awayTeamId = awayTeamId
            self.startUTC = startUTC
            self.source = source
        }
    }

    /// This catalog with games from outside the bundled index (a season it does not cover yet), so photos of
    /// those games match like any other. A listing naming an unknown venue or team, or a game the index already
    /// has, is left out. Scores are not taken from listings: they are resolved with their provenance later.
    public func adding(_ listings: [Listing]) -> Catalog {
        adding(
            listings.map { listing in
                Addition(
                    listing: listing, season: season(of: listing.league, on: listing.localDate), seasonType: .regular,
                    isNeutralSite: false, score: nil)
            })
    }

    /// This catalog with a library's overlay (``CatalogOverlay``): the games of seasons the bundled index lacks, and
    /// final scores and start times for bundled games that had none, each with its provenance. Bundled games are never replaced, and
    /// games postponed or cancelled on a day are not games of that day.
    public func applying(_ overlay: CatalogOverlay) -> Catalog {
        var copy = self
        var additions: [Addition] = []
        for overlaid in overlay.games where overlaid.status.takesPlace {
            let game = overlaid.game
            var score: (home: Int, away: Int, provenance: ScoreProvenance)?
            if overlaid.status == .final, let home = game.homeScore, let away = game.awayScore,
                let provenance = game.scoreProvenance
            {
                score = (home, away, provenance)
            }
            if overlaid.inBundledIndex {
                copy.fillScore(of: game, with: score)
                copy.fillStart(of: game)
            } else {
                additions.append(
                    Addition(
                        listing: Listing(
                            league: game.league, localDate: game.localDate, gameNumber: game.gameNumber,
                            venueId: game.venueId, homeTeamId: game.homeTeamId, awayTeamId: game.awayTeamId,
                            startUTC: game.startUTC, source: game.source),
                        season: game.season, seasonType: game.seasonType, isNeutralSite: game.isNeutralSite, score: score))
            }
        }
        return copy.adding(additions)
    }

    /// The canonical id a listed game gets (`game_mlb_2026_bos_nyy_0615`), or nil when a team is unknown.
    public func gameId(of listing: Listing, season: Int) -> GameID? {
        guard let home = teamIndex[listing.homeTeamId.rawValue], let away = teamIndex[listing.awayTeamId.rawValue] else { return nil }
        return gameId(
            league: listing.league, season: season, home: home, away: away, on: listing.localDate,
            number: listing.gameNumber)
    }

    /// A listing with what the overlay knows beyond it.
    private struct Addition {
        var listing: Listing
        var season: Int
        var seasonType: SeasonType
        var isNeutralSite: Bool
        var score: (home: Int, away: Int, provenance: ScoreProvenance)?
    }

    /// The start time of a bundled game that has none, with its provenance; a bundled start is never replaced.
    private mutating func fillStart(of game: Game) {
        guard let start = game.startUTC, let provenance = game.startProvenance, let home = teamIndex[game.homeTeamId.rawValue],
            let position = leagueIndex[game.league]
        else { return }
        var table = tables[position]
        guard let index = table.index(ofHome: UInt16(home), on: game.localDate, number: game.gameNumber),
            table[index].start == GameTable.Record.noStart
        else { return }
        table.setStart(start, at: index)
        tables[position] = table
        startProvenance[game.id] = provenance
    }

    /// A final score for a bundled game that has none; a bundled score is never replaced.
    private mutating func fillScore(of game: Game, with score: (home: Int, away: Int, provenance: ScoreProvenance)?) {
        guard let score, let home = teamIndex[game.homeTeamId.rawValue] else { return }
        guard let position = leagueIndex[game.league] else { return }
        var table = tables[position]
        guard let index = table.index(ofHome: UInt16(home), on: game.localDate, number: game.gameNumber),
            table[index].homeScore == GameTable.Record.none
        else { return }
        table.setScore(home: score.home, away: score.away, at: index)
        tables[position] = table
        scoreProvenance[game.id] = score.provenance
    }

    private func adding(_ additions: [Addition]) -> Catalog {
        var copy = self
        for (position, league) in leagues.enumerated() {
            var table = tables[position]
            var added: [GameTable.Record] = []
            var seen: Set<[Int]> = []
            for addition in additions where addition.listing.league == league.id {
                let listing = addition.listing
                guard
                    seen.insert([listing.localDate.daysSinceEpoch, teamIndex[listing.homeTeamId.rawValue] ?? -1, listing.gameNumber])
                        .inserted, let venue = venueIndex[listing.venueId], let home = teamIndex[listing.homeTeamId.rawValue],
                    let away = teamIndex[listing.awayTeamId.rawValue], home != away,
                    !games(ofTeam: listing.homeTeamId, on: listing.localDate).contains(where: {
                        $0.homeTeamId == listing.homeTeamId && $0.gameNumber == listing.gameNumber
                    })
                else { continue }
                added.append(
                    GameTable.Record(
                        start: listing.startUTC.map { Int64($0.timeIntervalSince1970) } ?? GameTable.Record.noStart,
                        day: Int32(listing.localDate.daysSinceEpoch), venue: UInt16(venue), home: UInt16(home),
                        away: UInt16(away), homeScore: addition.score.map { Int16(clamping: $0.home) } ?? GameTable.Record.none,
                        awayScore: addition.score.map { Int16(clamping: $0.away) } ?? GameTable.Record.none,
                        season: Int16(addition.season), gameNumber: UInt8(clamping: listing.gameNumber),
                        dayNight: 0, postseason: addition.seasonType == .postseason, neutral: addition.isNeutralSite,
                        source: table.source(named: listing.source)))
                if let score = addition.score {
                    copy.scoreProvenance[
                        gameId(
                            league: league.id, season: addition.season, home: home, away: away,
                            on: listing.localDate, number: listing.gameNumber)] = score.provenance
                }
            }
            guard !added.isEmpty else { continue }
            table.insert(added)
            copy.tables[position] = table
        }
        return copy
    }
}
