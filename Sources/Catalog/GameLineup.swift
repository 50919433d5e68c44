/// Who was on the field in a bundled game, as the catalog's sources record it (`Scripts/catalog/lineups.py`,
/// docs/DATA.md "The people on the field"): each side's starter (an MLB starting pitcher, an NFL starting
/// quarterback), its manager or head coach and, where the source has them, its nine starters in batting order and the
/// pitchers of record. Facts only: a side whose lineup the source lacks has none, never a guessed one.
public struct GameLineup: Hashable, Sendable, Codable {
    /// A person on the field or the bench.
    public struct Person: Hashable, Sendable, Codable {
        /// The source's id: Retrosheet's (`suzui001`), nflverse's (`00-0019596`), or a head coach's name.
        public let id: String
        /// As the source writes it on that day ("Ichiro Suzuki").
        public let name: String
        /// The Hall of Fame and the major awards (the Lahman tables), oldest first.
        public let honours: [Honour]
    }

    /// An honour a person holds (``Person/honours``).
    public struct Honour: Hashable, Sendable, Codable {
        /// Which.
        public enum Kind: String, Hashable, Sendable, Codable { case hallOfFame, award }
        /// Hall of Fame or an award.
        public let kind: Kind
        /// The year of the induction or the award.
        public let year: Int
        /// The Hall's category ("Player", "Manager") or the award with its league ("AL Most Valuable Player").
        public let what: String

        /// "Hall of Fame 2025", "Hall of Fame 2014 (manager)", "2001 AL Most Valuable Player".
        public var text: String {
            switch kind {
            case .hallOfFame: "Hall of Fame \(year)" + (what == "Player" ? "" : " (\(what.lowercased()))")
            case .award: "\(year) \(what)"
            }
        }
    }

    /// A starter and the position he started at.
    public struct Batter: Hashable, Sendable, Codable {
        /// Who.
        public let person: Person
        /// As fans abbreviate it ("SS", "DH"), from the file's `@positions`.
        public let position: String
    }

    /// One team's people.
    public struct Side: Hashable, Sendable, Codable {
        /// The starting pitcher or quarterback.
        public let starter: Person?
        /// The manager or head coach.
        public let manager: Person?
        /// The starters in batting order; empty where the source has none.
        public let lineup: [Batter]
    }

    /// What the league calls each role ("starting pitcher", "head coach"), read from the file's `@roles`: a league's
    /// words are data.
    public struct Roles: Hashable, Sendable, Codable {
        /// The starter's role.
        public let starter: String
        /// The manager's role.
        public let manager: String
        /// The winning pitcher's, losing pitcher's and save's roles, where the league has them.
        public let win: String?
        /// See ``win``.
        public let loss: String?
        /// See ``win``.
        public let save: String?
    }

    /// The visiting team's people.
    public let away: Side
    /// The home team's people.
    public let home: Side
    /// The winning pitcher.
    public let winner: Person?
    /// The losing pitcher.
    public let loser: Person?
    /// The pitcher credited with the save.
    public let save: Person?
    /// The league's words for the roles.
    public let roles: Roles
    /// Where the facts come from ("Retrosheet's game logs").
    public let source: String

    /// Everyone named, once each, in the order the lineup lists them: starters, then managers, then pitchers of record.
    public var everyone: [Person] { Self.once(starters + [away.manager, home.manager].compactMap { $0 } + pitchersOfRecord) }

    /// The people who started for either side, once each: the batting lineups and the starters.
    public var starters: [Person] { Self.once([away, home].flatMap { $0.lineup.map(\.person) + [$0.starter].compactMap { $0 } }) }

    /// The winning and losing pitchers and the save, those the source names.
    public var pitchersOfRecord: [Person] { [winner, loser, save].compactMap { $0 } }

    /// `people` with each person's later mentions left out (a pitcher who bats is in the lineup and the starter).
    private static func once(_ people: [Person]) -> [Person] {
        var seen = Set<String>()
        return people.filter { seen.insert($0.id).inserted }
    }
}

extension Catalog {
    /// Who was on the field in a bundled game (``GameLineup``); nil for a game whose season's sources name nobody,
    /// or one a library's overlay added.
    public func lineup(of game: GameID) -> GameLineup? { lineupBook.lineup(of: game) }
}
