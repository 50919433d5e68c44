import Catalog
import VisitStore

/// Who was on the field at a visit's game, as `visits show` prints it and the visit page shows it: each team's
/// lineup in batting order with positions, its starter and manager (or starting quarterback and head coach), the
/// pitchers of record, and the Hall of Famers among them — the catalog's facts (``GameLineup``) in the same words
/// for both front ends, with the teams named as they were that day.
public struct OnTheField: Hashable, Sendable {
    /// One line: what it is ("Boston Red Sox, starting pitcher") and who ("Pedro Martinez").
    public struct Line: Hashable, Sendable {
        /// What the line lists.
        public var label: String
        /// Who, in order.
        public var text: String
    }

    /// The facts.
    public var lineup: GameLineup
    /// The lines, away team first.
    public var lines: [Line]
    /// "From Retrosheet's game logs".
    public var source: String

    /// The lines of `lineup` at `visit`'s game.
    init(_ lineup: GameLineup, at visit: StadiumVisit) {
        self.lineup = lineup
        source = lineup.source.isEmpty ? "" : "From \(lineup.source)"
        var lines: [Line] = []
        for (side, team) in [(lineup.away, visit.awayTeamName ?? "Visitors"), (lineup.home, visit.homeTeamName ?? "Home team")] {
            if !side.lineup.isEmpty {
                lines.append(Line(label: team, text: side.lineup.map { "\($0.person.name) \($0.position)" }.joined(separator: ", ")))
            }
            if let starter = side.starter { lines.append(Line(label: "\(team), \(lineup.roles.starter)", text: starter.name)) }
            if let manager = side.manager { lines.append(Line(label: "\(team), \(lineup.roles.manager)", text: manager.name)) }
        }
        for (role, person) in [(lineup.roles.win, lineup.winner), (lineup.roles.loss, lineup.loser), (lineup.roles.save, lineup.save)] {
            if let role, let person { lines.append(Line(label: role.prefix(1).uppercased() + role.dropFirst(), text: person.name)) }
        }
        let famous = lineup.everyone.compactMap { person in
            person.honours.first { $0.kind == .hallOfFame }.map { "\(person.name) (\($0.year))" }
        }
        if !famous.isEmpty { lines.append(Line(label: "Hall of Famers", text: famous.joined(separator: ", "))) }
        self.lines = lines
    }
}

extension StadiumVisit {
    /// Who was on the field at the visit's game (``OnTheField``), from the catalog at read time: a library imported
    /// before lineups existed shows them too. Nil for a tour, a game outside the catalog, or a season whose sources
    /// name nobody.
    public func onTheField(in catalog: Catalog) -> OnTheField? {
        guard visitType == .game, let gameId, let lineup = catalog.lineup(of: gameId) else { return nil }
        return OnTheField(lineup, at: self)
    }
}
