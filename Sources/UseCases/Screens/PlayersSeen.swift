import Catalog
import TimeAndPlace
import VisitStore

/// Everyone a fan saw start — and the managers and head coaches they saw — across the games in their library, from
/// the catalog's lineups (``GameLineup``): how many times, the first game, the honours. `stadiumlog players` prints
/// it and `serve`'s players page shows it, in the same words.
public struct PlayersSeen: Hashable, Sendable, Encodable {
    /// One person and the games the fan saw them in.
    public struct Person: Hashable, Sendable, Encodable {
        /// The source's id (Retrosheet's, nflverse's, or a head coach's name).
        public var id: String
        /// As the source wrote it at the first game.
        public var name: String
        /// The league.
        public var league: LeagueID
        /// Games seen on the field: started, or a pitcher of record in relief (a player); managed or coached
        /// (``PlayersSeen/managers``).
        public var games: Int
        /// Games seen started (a player; 0 for a manager).
        public var starts: Int
        /// The first of them.
        public var first: FanRecord.Seen
        /// Decisions seen, for pitchers: wins, losses, saves (all 0 where the league has none).
        public var wins: Int
        /// See ``wins``.
        public var losses: Int
        /// See ``wins``.
        public var saves: Int
        /// "Hall of Fame 2025", "2001 AL Most Valuable Player".
        public var honours: [String]
        /// A pitcher's decisions in words: "3-1", "3-1, 2 saves"; empty for a player with none.
        public var decisions: String
        /// "You saw Ichiro Suzuki start 14 times, first on …"; "You saw Mariano Rivera pitch in 5 games (0-0, 5 saves),
        /// first on …" for a pitcher seen only in relief; "You saw Joe Torre as manager 3 times, first on …".
        public var line: String

        enum CodingKeys: String, CodingKey { case id, name, league, games, starts, first, wins, losses, saves, honours }

        /// How a tie in games is broken: a Hall of Famer first, then the most honours.
        var fame: Int { (honours.contains { $0.hasPrefix("Hall of Fame") } ? 1000 : 0) + honours.count }
    }

    /// Players, most games first (on a tie: Hall of Famers, then the most honoured, then the first seen earlier, then
    /// the name).
    public var players: [Person]
    /// Managers and head coaches, likewise.
    public var managers: [Person]
    /// The fan's games whose lineups the catalog holds.
    public var gamesWithLineups: Int
    /// The fan's games it does not: seasons and leagues its sources name nobody in (docs/DATA.md), games added by hand.
    public var gamesWithout: Int
    /// "Who played in 23 of your 25 games: the catalog names nobody for MLB after 2024, the NBA and the NHL."
    public var coverage: String
}

extension FanHistory {
    /// Everyone the fan saw on the field (``PlayersSeen``), of one league when given; only those with an honour
    /// (the Hall of Fame, a major award) when `honouredOnly`.
    public func playersSeen(league: LeagueID? = nil, honouredOnly: Bool = false) throws(LibraryError) -> PlayersSeen {
        let games = try library.visits()
            .filter { $0.visitType == .game && (league == nil || $0.league == league) }
            .sorted(by: StadiumVisit.inOrder(newestFirst: false))
        var players: [String: PlayersSeen.Person] = [:]
        var managers: [String: PlayersSeen.Person] = [:]
        var withLineups = 0
        var managerWord: [LeagueID: String] = [:]  // "manager", "head coach": the league's word, from the catalog
        for visit in games {
            guard let lineup = visit.gameId.flatMap(catalog.lineup(of:)), let league = visit.league else { continue }
            withLineups += 1
            managerWord[league] = lineup.roles.manager
            let seen = FanRecord.Seen(
                visitId: visit.id, gameId: visit.gameId, localDate: visit.localDate,
                text: "\(visit.matchup), \(visit.venueName), \(visit.localDate.iso8601)")
            func entry(_ person: GameLineup.Person) -> PlayersSeen.Person {
                PlayersSeen.Person(
                    id: person.id, name: person.name, league: league, games: 0, starts: 0, first: seen, wins: 0, losses: 0,
                    saves: 0, honours: person.honours.map(\.text), decisions: "", line: "")
            }
            // On the field: the starters, and the pitchers of record who came on in relief.
            let starters = Set(lineup.starters.map(\.id))
            let decided = [lineup.winner, lineup.loser, lineup.save].compactMap { $0 }
            for person in Dictionary((lineup.starters + decided).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first }).values {
                let key = "\(league.rawValue) \(person.id)"
                players[key, default: entry(person)].games += 1
                if starters.contains(person.id) { players[key]?.starts += 1 }
            }
            if let winner = lineup.winner { players["\(league.rawValue) \(winner.id)"]?.wins += 1 }
            if let loser = lineup.loser { players["\(league.rawValue) \(loser.id)"]?.losses += 1 }
            if let save = lineup.save { players["\(league.rawValue) \(save.id)"]?.saves += 1 }
            for manager in [lineup.away.manager, lineup.home.manager].compactMap({ $0 }) {
                managers["\(league.rawValue) \(manager.id)", default: entry(manager)].games += 1
            }
        }
        func listed(_ table: [String: PlayersSeen.Person], saying what: (PlayersSeen.Person) -> String) -> [PlayersSeen.Person] {
            table.values
                .filter { !honouredOnly || !$0.honours.isEmpty }
                .sorted {
                    ($1.games, $1.fame, $0.first.localDate, $0.name, $0.id) < ($0.games, $0.fame, $1.first.localDate, $1.name, $1.id)
                }
                .map { person in
                    var person = person
                    if person.wins + person.losses + person.saves > 0 {
                        let saves = person.saves == 0 ? "" : person.saves == 1 ? ", 1 save" : ", \(person.saves) saves"
                        person.decisions = "\(person.wins)-\(person.losses)\(saves)"
                    }
                    person.line =
                        "You saw \(person.name) \(what(person)), first on \(person.first.localDate.iso8601) (\(person.first.text))"
                    return person
                }
        }
        return PlayersSeen(
            players: listed(players) { player in
                player.starts > 0
                    ? "start \(Self.times(player.starts))"
                    : "pitch in \(Self.counted(player.games, "game")) (\(player.decisions))"
            },
            managers: listed(managers) { "as \(managerWord[$0.league] ?? "manager") \(Self.times($0.games))" },
            gamesWithLineups: withLineups, gamesWithout: games.count - withLineups,
            coverage: coverage(of: games, withLineups: withLineups, league: league))
    }

    /// "once", "twice", "14 times".
    static func times(_ count: Int) -> String {
        switch count {
        case 1: "once"
        case 2: "twice"
        default: "\(count) times"
        }
    }

    private func coverage(of games: [StadiumVisit], withLineups: Int, league: LeagueID?) -> String {
        if games.isEmpty {
            return league.map { "No \(catalog.league($0)?.displayName ?? $0.rawValue) games in your library." }
                ?? "No games in the library yet."
        }
        let without = games.count - withLineups
        if without == 0 { return "The catalog names who played in all \(Self.counted(games.count, "game")) of yours." }
        return "The catalog names who played in \(withLineups) of your \(Self.counted(games.count, "game")): "
            + "\(without) \(without == 1 ? "is" : "are") in a season or league its sources name nobody in, or not in the catalog."
    }
}
