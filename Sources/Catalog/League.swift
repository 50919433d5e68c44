import TimeAndPlace

/// One league as the catalog describes it: everything the code needs to know about a league is here, read from the
/// bundled `leagues.json`, so adding a league is data and a module of the catalog build (docs/ARCHITECTURE.md).
public struct League: Hashable, Sendable, Codable, Identifiable {
    /// The id in canonical ids (`team_nfl_gb`).
    public var id: LeagueID
    /// The name for people in short (`NFL`).
    public var displayName: String
    /// The full name (`National Football League`).
    public var name: String
    /// The game it plays (`football`): a stadium can host leagues of several.
    public var sport: String
    /// The month a season begins in: dates of earlier months belong to the season named by the year before (1 for a
    /// season within one calendar year).
    public var seasonStartMonth: Int
    /// Whether a season is named by both its years (`2015-16`) or by the year it began (`2015`).
    public var seasonSpansYears: Bool
    /// Its colour in the report (`#1f9d74`), a CSS colour.
    public var color: String
    /// The free providers that know its games, in the order the league's record lists them.
    public var providers: [LeagueProvider]
    /// Each team's conference and division by season.
    public var structure: [LeagueMembership]

    /// The season a date belongs to, named by its first year: dates from ``seasonStartMonth`` on belong to that
    /// year's season, earlier ones (the playoffs of a season that crossed New Year) to the season before.
    public func season(of day: LocalDate) -> Int {
        day.month >= seasonStartMonth ? day.year : day.year - 1
    }

    /// A season as fans write it: `2015`, or `2015-16` for a league whose seasons span two years.
    public func seasonLabel(_ season: Int) -> String {
        seasonSpansYears ? "\(season)-\(String(season + 1).suffix(2))" : "\(season)"
    }
}

/// A free source of a league's games, as the league's record names it: which provider (`espn`) and where the
/// league is at that provider (`football/nfl`). How to read a provider's answers is code; which leagues it serves
/// is data.
public struct LeagueProvider: Hashable, Sendable, Codable {
    /// The provider's name (`mlb-statsapi`, `espn`, `sports-reference`).
    public var provider: String
    /// Where the league is at the provider: ESPN's `football/nfl`, or a reference site's page of a date with `{year}`,
    /// `{month}`, `{day}` — or `{season}` and `{week}` for a weekly page (`/years/{season}/week_{week}.htm`).
    public var path: String?
    /// The provider's site (`pro-football-reference`), for providers that run one site per league.
    public var site: String?
    /// The alias kind under which the catalog keeps the provider's team codes (`profootballReference`).
    public var teamCodes: String?
}

extension Catalog {
    /// The league with an id, or nil when the catalog does not know it.
    public func league(_ id: LeagueID) -> League? { leagueIndex[id].map { leagues[$0] } }

    /// The ids of every league the catalog knows: what an export's records may name.
    public var leagueIds: Set<LeagueID> { Set(leagueIndex.keys) }

    /// The season of `league` a date belongs to (``League/season(of:)``); the calendar year for a league the catalog
    /// does not know.
    public func season(of league: LeagueID, on day: LocalDate) -> Int {
        self.league(league)?.season(of: day) ?? day.year
    }
}
