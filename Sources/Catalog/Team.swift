import TimeAndPlace

/// A franchise under one canonical id (`team_mlb_athletics`) that follows it through relocations and renames.
public struct Team: Hashable, Sendable, Codable, Identifiable {
    public var id: String
    public var sport: Sport
    /// Names and home cities by date, oldest first.
    public var names: [TeamName]
    /// Every alias a source uses, with its kind (`retrosheet`, `nbaAbbreviation`, `nhlStatsId`, `name`, …).
    public var aliases: [TeamAlias]

    /// The franchise code inside the id: `bos` for `team_mlb_bos`.
    public var code: String { String(id.dropFirst("team_\(sport.rawValue)_".count)) }

    /// The team's name on a day ("Montreal Expos" in 1994, "Washington Nationals" in 2005).
    public func name(on day: LocalDate) -> String {
        names.last { $0.isValid(on: day) }?.name
            ?? (names.first.flatMap { first in first.from.map { day < $0 } == true ? first.name : nil })
            ?? names.last?.name ?? id
    }

    public var currentName: String { names.last?.name ?? id }
}

public struct TeamName: Hashable, Sendable, Codable, DatedValue {
    public var name: String
    public var city: String?
    public var from: LocalDate?
    public var to: LocalDate?
}

public struct TeamAlias: Hashable, Sendable, Codable, DatedValue {
    public var alias: String
    public var kind: String
    public var from: LocalDate?
    public var to: LocalDate?
}
