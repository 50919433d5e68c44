import Catalog
import Foundation
import TimeAndPlace
import VisitStore

/// What the fan's games add up to, from the finals of the games they were at (a game without a final counts for
/// nothing here): per league, the first game, the venue most visited, the biggest margin, the highest-scoring game and
/// the points (runs, goals) per game seen; and for a team the fan follows, its record when they were there — home and
/// away, by season and in all, and its longest streaks. `progress` prints it, its JSON carries it (`record`), and the
/// overview shows it.
public struct FanRecord: Hashable, Sendable, Encodable {
    /// A game the fan saw, named as it was that day.
    public struct Seen: Hashable, Sendable, Encodable {
        /// The visit.
        public var visitId: String
        /// The game, when it is one of the catalog's.
        public var gameId: GameID?
        /// Its day at the venue.
        public var localDate: LocalDate
        /// "Atlanta Braves at Boston Red Sox 4-2, Fenway Park, 2015-06-15".
        public var text: String

        /// `visit` named as it was that day, with its final when `withScore`.
        init(_ visit: StadiumVisit, withScore: Bool) {
            let score = withScore ? visit.finalScore.map { " \($0)" } ?? "" : ""
            self.init(
                visitId: visit.id, gameId: visit.gameId, localDate: visit.localDate,
                text: "\(visit.matchup)\(score), \(visit.venueName), \(visit.localDate.iso8601)")
        }

        init(visitId: String, gameId: GameID?, localDate: LocalDate, text: String) {
            (self.visitId, self.gameId, self.localDate, self.text) = (visitId, gameId, localDate, text)
        }
    }

    /// One league's facts.
    public struct League: Hashable, Sendable, Encodable {
        /// The league.
        public var league: LeagueID
        /// Games seen with a final.
        public var games: Int
        /// The first game seen.
        public var firstGame: Seen
        /// The venue visited most for games of this league (the first reached, on a tie), and how often.
        public var mostVisitedVenue: String
        /// Its canonical id.
        public var mostVisitedVenueId: String
        /// Game visits there.
        public var mostVisitedVenueGames: Int
        /// The game won by the most (the first seen, on a tie), and by how much.
        public var biggestMargin: Seen
        /// Its margin.
        public var margin: Int
        /// The game with the most points (runs, goals) in all, and how many.
        public var highestScoring: Seen
        /// Its points, both sides together.
        public var points: Int
        /// Points per game seen, both sides together, to two decimals.
        public var pointsPerGame: Double
        /// What its points are called: "runs" in baseball, "goals" in hockey, else "points".
        public var pointsName: String
        /// "MLB: 12 games, 8.75 runs a game", as every front end says it.
        public var headline: String
        /// "first: …", "most visited: …", "biggest margin: …", "highest scoring: …".
        public var lines: [String]

        enum CodingKeys: String, CodingKey {
            case league, games, firstGame, mostVisitedVenue, mostVisitedVenueId, mostVisitedVenueGames, biggestMargin, margin
            case highestScoring, points, pointsPerGame, pointsName
        }
    }

    /// Wins, losses and ties.
    public struct Tally: Hashable, Sendable, Encodable {
        /// Games won.
        public var wins = 0
        /// Games lost.
        public var losses = 0
        /// Games tied.
        public var ties = 0

        /// "9-4", with "-1" more for ties.
        public var text: String { "\(wins)-\(losses)" + (ties > 0 ? "-\(ties)" : "") }

        mutating func add(_ result: Int) {
            if result > 0 { wins += 1 } else if result < 0 { losses += 1 } else { ties += 1 }
        }
    }

    /// A followed team's record in the games the fan saw.
    public struct Team: Hashable, Sendable, Encodable {
        /// The team.
        public var teamId: TeamID
        /// Its name today.
        public var name: String
        /// In all.
        public var all: Tally
        /// At home.
        public var home: Tally
        /// Away.
        public var away: Tally
        /// By season, newest first: the season's first year, as fans write it, and the record.
        public var seasons: [Season]
        /// The most wins in a row, and the most losses in a row, in the order the games were seen.
        public var longestWinningStreak: Int
        /// The most losses in a row.
        public var longestLosingStreak: Int
        /// "Boston Red Sox when you were there: 9-4 (home 6-2, away 3-2)", as every front end says it.
        public var headline: String
        /// "longest streaks: 5 wins, 2 losses", then a line a season ("2015: 3-1").
        public var lines: [String]

        enum CodingKeys: String, CodingKey {
            case teamId, name, all, home, away, seasons, longestWinningStreak, longestLosingStreak
        }

        /// A season's record.
        public struct Season: Hashable, Sendable, Encodable {
            /// The season's first year.
            public var season: Int
            /// As fans write it.
            public var label: String
            /// The record.
            public var record: Tally
        }
    }

    /// Each league seen with a final, in the leagues' order.
    public var leagues: [League]
    /// The followed team's record, when one was named.
    public var team: Team?
}

extension FanHistory {
    /// The fan's record (``FanRecord``), with `team`'s when one is followed; of one season only when given.
    public func record(following team: TeamID?, season: Int? = nil) throws(LibraryError) -> FanRecord {
        record(of: try library.visits(), following: team, season: season)
    }

    /// The record of `visits` (every visit, read already for the page that shows it).
    public func record(of visits: [StadiumVisit], following team: TeamID?, season: Int? = nil) -> FanRecord {
        let games =
            visits
            .filter { visit in
                visit.visitType == .game && visit.finalScore != nil && (season == nil || self.season(of: visit) == season)
            }
            .sorted(by: StadiumVisit.inOrder(newestFirst: false))
        func seen(_ visit: StadiumVisit) -> FanRecord.Seen { FanRecord.Seen(visit, withScore: true) }
        var leagues: [FanRecord.League] = []
        for (league, visits) in Dictionary(grouping: games, by: { $0.league }).sorted(by: {
            ($0.key?.rawValue ?? "") < ($1.key?.rawValue ?? "")
        }) {
            guard let league, let first = visits.first else { continue }
            var venues: [String: Int] = [:]
            for visit in visits { venues[visit.venueId, default: 0] += 1 }
            let most = visits.map(\.venueId).first { venues[$0] == venues.values.max() }!
            let margins = visits.map { abs($0.finalScore!.home - $0.finalScore!.away) }
            let totals = visits.map { $0.finalScore!.home + $0.finalScore!.away }
            let widest = margins.firstIndex(of: margins.max()!)!
            let highest = totals.firstIndex(of: totals.max()!)!
            let (name, perGame) = (Self.pointsName(of: catalog.league(league)?.sport), Double(totals.reduce(0, +)) / Double(visits.count))
            let venue = catalog.venue(id: most)?.currentName ?? most
            leagues.append(
                FanRecord.League(
                    league: league, games: visits.count, firstGame: seen(first), mostVisitedVenue: venue, mostVisitedVenueId: most,
                    mostVisitedVenueGames: venues[most]!, biggestMargin: seen(visits[widest]), margin: margins[widest],
                    highestScoring: seen(visits[highest]), points: totals[highest], pointsPerGame: (perGame * 100).rounded() / 100,
                    pointsName: name,
                    headline: "\(catalog.league(league)?.displayName ?? league.rawValue): \(Self.counted(visits.count, "game")), "
                        + "\(String(format: "%.2f", perGame)) \(name) a game",
                    lines: [
                        "first: \(seen(first).text)", "most visited: \(venue) (\(Self.counted(venues[most]!, "game")))",
                        "biggest margin: \(seen(visits[widest]).text) (by \(margins[widest]))",
                        "highest scoring: \(seen(visits[highest]).text) (\(totals[highest]) \(name))",
                    ]))
        }
        return FanRecord(leagues: leagues, team: team.map { record(of: $0, in: games) })
    }

    /// "1 game", "3 games".
    static func counted(_ count: Int, _ noun: String) -> String { count == 1 ? "1 \(noun)" : "\(count) \(noun)s" }

    /// What a sport's points are called.
    static func pointsName(of sport: String?) -> String {
        switch sport {
        case "baseball": "runs"
        case "hockey", "soccer": "goals"
        default: "points"
        }
    }

    /// `team`'s record in `games` (in the order they were seen).
    private func record(of team: TeamID, in games: [StadiumVisit]) -> FanRecord.Team {
        var (all, home, away) = (FanRecord.Tally(), FanRecord.Tally(), FanRecord.Tally())
        var seasons: [Int: FanRecord.Tally] = [:]
        var (run, longestWins, longestLosses) = (0, 0, 0)
        for visit in games where visit.homeTeamId == team || visit.awayTeamId == team {
            let score = visit.finalScore!
            let atHome = visit.homeTeamId == team
            let result = atHome ? score.home - score.away : score.away - score.home
            all.add(result)
            if atHome { home.add(result) } else { away.add(result) }
            seasons[season(of: visit), default: FanRecord.Tally()].add(result)
            // A streak is broken by a result of the other kind, a tie included.
            run = result == 0 ? 0 : (result > 0) == (run > 0) ? run + result.signum() : result.signum()
            longestWins = max(longestWins, run)
            longestLosses = max(longestLosses, -run)
        }
        let league = catalog.team(id: team)?.league
        let name = catalog.team(id: team)?.currentName ?? team.rawValue
        let bySeason = seasons.sorted { $0.key > $1.key }.map { season, record in
            FanRecord.Team.Season(season: season, label: seasonLabel(season, leagues: [league]), record: record)
        }
        return FanRecord.Team(
            teamId: team, name: name, all: all, home: home, away: away, seasons: bySeason,
            longestWinningStreak: longestWins, longestLosingStreak: longestLosses,
            headline: "\(name) when you were there: \(all.text) (home \(home.text), away \(away.text))",
            lines: ["longest streaks: \(Self.counted(longestWins, "win")), \(longestLosses) loss\(longestLosses == 1 ? "" : "es")"]
                + bySeason.map { "\($0.label): \($0.record.text)" })
    }
}
