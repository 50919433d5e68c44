import TimeAndPlace

/// A game's canonical id, `game_{league}_{season}_{home}_{away}_{mmdd}` with `_{n}` for a doubleheader's game n
/// (`game_mlb_2015_bos_nyy_0615`, `game_mlb_2015_bos_nyy_0817_2`): readable, stable, and taken apart here only.
public struct GameID: StringIdentifier {
    /// The id as written.
    public let rawValue: String

    /// An id as written; no check that a catalog knows it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// What a well-formed id says: the league, the season, both teams, the month and day, and the game of the day.
    public struct Parts: Hashable, Sendable {
        /// The league.
        public var league: LeagueID
        /// The season (its first year, for seasons that cross New Year).
        public var season: Int
        /// The home team.
        public var home: TeamID
        /// The away team.
        public var away: TeamID
        /// The month and day, `mmdd` as a number (615 for June 15).
        public var monthDay: Int
        /// 1 or 2 for a doubleheader's games, else 0.
        public var number: Int

        /// The days the id may mean: the month and day in the season's first year and in the next (a January game of
        /// a season that crosses New Year is in the next); ``Catalog/game(id:)`` tries both.
        public var candidateDates: [LocalDate] {
            [season, season + 1].compactMap { LocalDate(year: $0, month: monthDay / 100, day: monthDay % 100) }
        }
    }

    /// The parts of a well-formed id; nil for any other text.
    public var parts: Parts? {
        // Neither league ids nor team codes hold `_`.
        let parts = rawValue.split(separator: "_").map(String.init)
        guard parts.count == 6 || parts.count == 7, parts[0] == "game", let league = LeagueID(parts[1]),
            let season = Int(parts[2]), parts[5].count == 4, let monthDay = Int(parts[5])
        else { return nil }
        var number = 0
        if parts.count == 7 {
            guard let n = Int(parts[6]), (1...9).contains(n) else { return nil }
            number = n
        }
        return Parts(
            league: league, season: season, home: TeamID(league: league, code: parts[3]),
            away: TeamID(league: league, code: parts[4]), monthDay: monthDay, number: number)
    }

    /// The game of a doubleheader the id names (`…_0817_2` → 2), 0 for a single game.
    public var doubleheaderNumber: Int { parts?.number ?? 0 }
}
