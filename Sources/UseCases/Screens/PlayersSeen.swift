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

    }

    /// Players, most games first (on a tie: Hall of Famers, then the most honoured, then the first seen earlier, then
    /// the name).
    public var players: [Person]
    /// How many players there are in all (``players`` holds the first of them when a limit was asked for).
    public var playersCount: Int
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
    /// (the Hall of Fame, a major award) when `honouredOnly`; the first `limit` players when given.
    public func playersSeen(league: LeagueID? = nil, honouredOnly: Bool = false, limit: Int? = nil) throws(LibraryError) -> PlayersSeen {
        let games = try library.visits()
            .filter { $0.visitType == .game && (league == nil || $0.league == league) }
            .sorted(by: StadiumVisit.inOrder(newestFirst: false))
        /// One person's games, counted as the visits are read; a ``PlayersSeen/Person`` once all are.
        struct Tally {
            let person: GameLineup.Person
            let league: LeagueID
            let first: StadiumVisit
            var games = 0, starts = 0, wins = 0, losses = 0, saves = 0
        }
        struct Key: Hashable {
            let league: LeagueID
            let id: String
        }
        var players: [Key: Tally] = [:]
        var managers: [Key: Tally] = [:]
        var withLineups = 0
        var managerWord: [LeagueID: String] = [:]  // "manager", "head coach": the league's word, from the catalog
        for visit in games {
            guard let lineup = visit.gameId.flatMap(catalog.lineup(of:)), let league = visit.league else { continue }
            withLineups += 1
            managerWord[league] = lineup.roles.manager
            // On the field: the starters, and the pitchers of record who came on in relief; each once a game.
            let starters = lineup.starters
            var counted = Set<String>()
            for person in starters + lineup.pitchersOfRecord where counted.insert(person.id).inserted {
                players[Key(league: league, id: person.id), default: Tally(person: person, league: league, first: visit)].games += 1
            }
            for person in starters { players[Key(league: league, id: person.id)]?.starts += 1 }
            if let winner = lineup.winner { players[Key(league: league, id: winner.id)]?.wins += 1 }
            if let loser = lineup.loser { players[Key(league: league, id: loser.id)]?.losses += 1 }
            if let save = lineup.save { players[Key(league: league, id: save.id)]?.saves += 1 }
            for manager in [lineup.away.manager, lineup.home.manager].compactMap({ $0 }) {
                managers[Key(league: league, id: manager.id), default: Tally(person: manager, league: league, first: visit)].games += 1
            }
        }
        func person(_ tally: Tally) -> PlayersSeen.Person {
            PlayersSeen.Person(
                id: tally.person.id, name: tally.person.name, league: tally.league, games: tally.games, starts: tally.starts,
                first: FanRecord.Seen(tally.first, withScore: false),
                wins: tally.wins, losses: tally.losses, saves: tally.saves, honours: tally.person.honours.map(\.text), decisions: "",
                line: "")
        }
        // Sorted as tallies, then only the people shown made into words: at 10,000 games about 20,000 started.
        func listed(_ table: [Key: Tally], limit: Int?, saying what: (PlayersSeen.Person) -> String) -> (
            people: [PlayersSeen.Person], count: Int
        ) {
            let sorted = table.values
                .filter { !honouredOnly || !$0.person.honours.isEmpty }
                .map { (tally: $0, fame: $0.person.fame) }
                .sorted { a, b in
                    (b.tally.games, b.fame, a.tally.first.localDate, a.tally.person.name, a.tally.person.id)
                        < (a.tally.games, a.fame, b.tally.first.localDate, b.tally.person.name, b.tally.person.id)
                }
            let people = sorted.prefix(limit ?? sorted.count).map { entry in
                var person = person(entry.tally)
                if person.wins + person.losses + person.saves > 0 {
                    let saves = person.saves == 0 ? "" : person.saves == 1 ? ", 1 save" : ", \(person.saves) saves"
                    person.decisions = "\(person.wins)-\(person.losses)\(saves)"
                }
                person.line = "You saw \(person.name) \(what(person)), first on \(person.first.localDate.iso8601) (\(person.first.text))"
                return person
            }
            return (people, sorted.count)
        }
        let (shown, count) = listed(players, limit: limit) { player in
            player.starts > 0
                ? "start \(Self.times(player.starts))"
                : "pitch in \(Self.counted(player.games, "game")) (\(player.decisions))"
        }
        return PlayersSeen(
            players: shown, playersCount: count,
            managers: listed(managers, limit: nil) { "as \(managerWord[$0.league] ?? "manager") \(Self.times($0.games))" }.people,
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
        if without == 0 {
            return games.count == 1
                ? "The catalog names who played in your game." : "The catalog names who played in all \(games.count) of your games."
        }
        return "The catalog names who played in \(withLineups) of your \(Self.counted(games.count, "game")): "
            + "\(without) \(without == 1 ? "is" : "are") in a season or league its sources name nobody in, or not in the catalog."
    }
}

extension GameLineup.Person {
    /// How a tie in games seen is broken: a Hall of Famer first, then the most honoured.
    var fame: Int { (honours.contains { $0.kind == .hallOfFame } ? 1000 : 0) + honours.count }
}
