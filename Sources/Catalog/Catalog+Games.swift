import Foundation
import TimeAndPlace

extension Catalog {
    /// Games at a venue on a local date, in game-number order.
    public func games(atVenue venueId: String, on day: LocalDate) -> [Game] {
        guard let venue = venueIndex[venueId] else { return [] }
        return games(from: day, through: day) { $0.venue == venue }
    }

    /// Games a team played (home or away) on a local date.
    public func games(ofTeam teamId: TeamID, on day: LocalDate) -> [Game] {
        guard let team = teamIndex[teamId.rawValue] else { return [] }
        return games(from: day, through: day, leagues: [teams[team].league]) { $0.home == team || $0.away == team }
    }

    /// Every game on a local date, optionally of one league.
    public func games(on day: LocalDate, league: LeagueID? = nil) -> [Game] {
        games(from: day, through: day, leagues: league.map { [$0] }) { _ in true }
    }

    /// The game with a canonical id (`game_mlb_2015_bos_nyy_0615`).
    public func game(id: GameID) -> Game? { reference(of: id).map(game) }

    /// Whether the bundled index knows a league's games on a day, so a day without any is a day without games.
    ///
    /// A day with games is covered, and so is a day in a run of them (games within two weeks on both sides: an
    /// off day, the All-Star break) and the off-season after a season whose postseason the index has. Not covered:
    /// days before or after everything in the index (a season after it was built), the four weeks before a season
    /// (preseason games), the five weeks after a season that ends without postseason games (a postseason the
    /// sources lack, as in MLB 2020), and long pauses within a season.
    public func covers(_ league: LeagueID, on day: LocalDate) -> Bool {
        guard let table = leagueIndex[league].map({ tables[$0] }) else { return false }
        let target = Int(day.daysSinceEpoch)
        let next = table.lowerBound(Int32(target))
        guard next > 0, next < table.count else { return false }
        let following = Int(table[next].day)
        let last = table[next - 1]
        if following == target || following - Int(last.day) <= 14 { return true }
        if following - target <= 28 { return false }
        return last.postseason || target - Int(last.day) > 35
    }

    /// The seasons with games in the index, per league.
    public func seasons(of league: LeagueID) -> ClosedRange<Int>? {
        guard let table = leagueIndex[league].map({ tables[$0] }), table.count > 0 else { return nil }
        let (first, last) = (table[0], table[table.count - 1])
        return Int(min(first.season, last.season))...Int(max(first.season, last.season))
    }

    /// Games of `leagues` (every league when nil) on days `first...last` whose records pass `include`.
    func games(
        from first: LocalDate, through last: LocalDate, leagues: [LeagueID]? = nil,
        where include: (GameTable.Record) -> Bool
    ) -> [Game] {
        let chosen = leagues.map { $0.compactMap { leagueIndex[$0].map { tables[$0] } } } ?? tables
        return chosen.flatMap { table -> [Game] in
            table.records(from: Int32(first.daysSinceEpoch), through: Int32(last.daysSinceEpoch)).map(\.record)
                .filter(include).map { game(from: $0, in: table) }
        }
        .sorted { ($0.localDate, $0.venueId, $0.gameNumber, $0.id) < ($1.localDate, $1.venueId, $1.gameNumber, $1.id) }
    }

    func game(from record: GameTable.Record, in table: GameTable) -> Game {
        let day = LocalDate(daysSinceEpoch: Int(record.day))
        let id = gameId(
            league: table.league, season: Int(record.season), home: Int(record.home), away: Int(record.away),
            on: day, number: Int(record.gameNumber))
        return Game(
            id: id, league: table.league, season: Int(record.season), localDate: day, gameNumber: Int(record.gameNumber),
            venueId: venues[Int(record.venue)].id, homeTeamId: teams[Int(record.home)].id,
            awayTeamId: teams[Int(record.away)].id,
            homeScore: record.homeScore == GameTable.Record.none ? nil : Int(record.homeScore),
            awayScore: record.awayScore == GameTable.Record.none ? nil : Int(record.awayScore),
            startUTC: record.start == GameTable.Record.noStart ? nil : Date(timeIntervalSince1970: Double(record.start)),
            dayNight: record.dayNight == 0 ? nil : String(UnicodeScalar(record.dayNight)),
            lengthMinutes: record.minutes == 0 ? nil : Int(record.minutes),
            seasonType: record.postseason ? .postseason : .regular, isNeutralSite: record.neutral,
            source: table.sources[Int(record.source)], scoreProvenance: scoreProvenance.isEmpty ? nil : scoreProvenance[id],
            startProvenance: startProvenance.isEmpty ? nil : startProvenance[id],
            resumption: resumptions.isEmpty ? nil : resumptions[id])
    }

    /// `game_{league}_{season}_{home}_{away}_{mmdd}`, with `_1`/`_2` for the games of a doubleheader.
    func gameId(league: LeagueID, season: Int, home: Int, away: Int, on day: LocalDate, number: Int) -> GameID {
        var id = "game_"
        id.reserveCapacity(40)
        id += league.rawValue
        id += "_"
        id += String(season)
        id += "_"
        id += teamCodes[home]
        id += "_"
        id += teamCodes[away]
        id += day.month < 10 ? "_0" : "_"
        id += String(day.month)
        id += day.day < 10 ? "0" : ""
        id += String(day.day)
        if number > 0 { id += "_" + String(number) }
        return GameID(rawValue: id)
    }
}
