import Catalog

/// A moment of a visit's game in words a fan reads ("Perfect game — Felix Hernandez, 27 up, 27 down"), with the facts
/// it was said from: the JSON's `moments` entries (`kind`, `text`, and `count` and `people` where the catalog has them).
public struct VisitMoment: Hashable, Sendable, Codable {
    /// What kind of moment it is (the JSON's names).
    public let kind: GameMoment.Kind
    /// The moment in a fan's words.
    public let text: String
    /// The catalog's count for it (``GameMoment/count``).
    public let count: Int?
    /// The pitchers of a no-hitter or perfect game; nil (left out of the JSON) when the moment names nobody.
    public let people: [String]?
}

extension StadiumVisit {
    /// What the visit's game proves happened in it, from the catalog at read time: a library imported before moments
    /// existed shows them too, and nothing is copied into the visit. Told with the names frozen on the day and the
    /// visit's final score (a shutout says who held whom to 0 only when the score says so).
    public func moments(in catalog: Catalog) -> [VisitMoment] {
        guard visitType == .game, let gameId else { return [] }
        let all = catalog.moments(of: gameId)
        let innings = all.first { $0.kind == .extraInnings }?.count ?? 9
        return all.map { moment in
            VisitMoment(
                kind: moment.kind, text: text(of: moment, innings: innings), count: moment.count,
                people: moment.people.isEmpty ? nil : moment.people)
        }
    }

    private func text(of moment: GameMoment, innings: Int) -> String {
        let pitchers = moment.people.joined(separator: ", ")
        switch moment.kind {
        case .noHitter:
            if moment.people.isEmpty { return "No-hitter" }
            return moment.people.count > 1 ? "Combined no-hitter — \(pitchers)" : "No-hitter — \(pitchers)"
        case .perfectGame:
            let outs = innings * 3
            return (moment.people.isEmpty ? "Perfect game" : "Perfect game — \(pitchers)") + ", \(outs) up, \(outs) down"
        case .walkOff: return "Walk-off — \(homeTeamName ?? "the home team") won in their last at-bat"
        case .extraInnings: return moment.count.map { "Extra innings — \($0) innings" } ?? "Extra innings"
        case .overtime:
            switch moment.count {
            case nil, 1: return "Overtime"
            case 2: return "Double overtime"
            case 3: return "Triple overtime"
            case let periods?: return "\(periods) overtimes"
            }
        case .shootout: return "Decided in a shootout"
        case .shutout:
            guard let score = finalScore, min(score.home, score.away) == 0 else { return "Shutout" }
            if score.home == 0 && score.away == 0 { return "Shutout — neither side scored" }
            let (winner, loser) = score.home > 0 ? (homeTeamName, awayTeamName) : (awayTeamName, homeTeamName)
            guard let winner, let loser else { return "Shutout" }
            return "Shutout — \(winner) held \(loser) to 0"
        case .postseason: return "Postseason game"
        case .clincher:
            guard let score = finalScore, score.home != score.away, let winner = score.home > score.away ? homeTeamName : awayTeamName
            else { return "Series clincher" }
            return "Series clincher — \(winner) won the series"
        case .superBowl: return "Super Bowl"
        }
    }
}

/// A visit as JSON shows it to fans — `visits --format json`, `visits show --format json` and the export: the visit's
/// own fields, as they always were, and `moments`, from the catalog at the time of writing (docs/REPORT.md). A restore
/// reads the visit and passes over its moments, which belong to the catalog, not the library.
public struct VisitAndMoments: Encodable, Sendable {
    /// The visit, every field as stored.
    public let visit: StadiumVisit
    /// Its game's moments (``StadiumVisit/moments(in:)``).
    public let moments: [VisitMoment]
    /// What else shows the fan was there (`evidence: [{kind, source, at, venueId, distanceMeters}]`); nil where it is
    /// not written (the export keeps evidence in a list of its own).
    public let evidence: [VisitEvidence.Shown]?

    /// `visit` with its game's moments in `catalog`, and its evidence when given.
    public init(_ visit: StadiumVisit, catalog: Catalog, evidence: [VisitEvidence]? = nil) {
        self.visit = visit
        moments = visit.moments(in: catalog)
        self.evidence = evidence?.map(VisitEvidence.Shown.init)
    }

    private enum Keys: String, CodingKey { case moments, evidence }

    /// The visit's own keys, then `moments` (and `evidence`) beside them in the same object.
    public func encode(to encoder: any Encoder) throws {
        try visit.encode(to: encoder)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(moments, forKey: .moments)
        try container.encodeIfPresent(evidence, forKey: .evidence)
    }
}
