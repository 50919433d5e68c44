import TimeAndPlace

/// A franchise under one canonical id (`team_mlb_athletics`) that follows it through relocations and renames.
public struct Team: Hashable, Sendable, Codable, Identifiable {
    /// The keys of the catalog files: `sport` for the league, as it has always been written.
    enum CodingKeys: String, CodingKey {
        case id
        case league = "sport"
        case names, aliases
    }

    /// The canonical id, `team_{league}_{code}` (`team_mlb_bos`), kept through relocations and renames.
    public var id: TeamID
    /// The league the franchise plays in.
    public var league: LeagueID
    /// Names and home cities by date, oldest first.
    public var names: [TeamName]
    /// Every alias a source uses, with its kind (`retrosheet`, `nbaAbbreviation`, `nhlStatsId`, `name`, …).
    public var aliases: [TeamAlias]

    /// The franchise code inside the id: `bos` for `team_mlb_bos`.
    public var code: String { id.code }

    /// The team's name on a day ("Montreal Expos" in 1994, "Washington Nationals" in 2005).
    public func name(on day: LocalDate) -> String {
        names.last { $0.isValid(on: day) }?.name
            ?? (names.first.flatMap { first in first.from.map { day < $0 } == true ? first.name : nil })
            ?? names.last?.name ?? id.rawValue
    }

    /// The latest name ("Washington Nationals"), or the id when the team has no names.
    public var currentName: String { names.last?.name ?? id.rawValue }
}

/// A name a team went by, with its home city, for the days it held (either end open).
public struct TeamName: Hashable, Sendable, Codable, DatedValue {
    /// The full name ("Montreal Expos").
    public var name: String
    /// The home city under that name ("Montreal"), when known.
    public var city: String?
    /// The first day of the name; nil when the start is open.
    public var from: LocalDate?
    /// The last day of the name, included; nil while it is still in use.
    public var to: LocalDate?
}

/// A string a source uses for a team (an abbreviation, a source's id, a full name), for the days it held.
public struct TeamAlias: Hashable, Sendable, Codable, DatedValue {
    /// The string as the source writes it (`BOS`, `Boston Red Sox`); looked up with case, accents and punctuation
    /// ignored.
    public var alias: String
    /// Which source or convention uses it: `retrosheet`, `nbaAbbreviation`, `nhlStatsId`, `name`, …
    public var kind: String
    /// The first day the alias was used; nil when the start is open.
    public var from: LocalDate?
    /// The last day the alias was used, included; nil while it is still in use.
    public var to: LocalDate?
}
