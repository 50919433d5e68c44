import TimeAndPlace

/// The leagues StadiumLog knows. Raw values appear in ids (`team_mlb_bos`) and in every JSON format.
public enum Sport: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case mlb, nba, nhl

    /// The league's name for people: `MLB`, `NBA`, `NHL`.
    public var displayName: String { rawValue.uppercased() }

    /// Position in `allCases`, without building the array.
    var ordinal: Int {
        switch self {
        case .mlb: 0
        case .nba: 1
        case .nhl: 2
        }
    }

    /// Orders the leagues as declared: MLB, NBA, NHL.
    public static func < (lhs: Sport, rhs: Sport) -> Bool { lhs.ordinal < rhs.ordinal }

    /// The season a date belongs to, named by its first year: the calendar year in baseball; in basketball and
    /// hockey, whose seasons cross New Year, the year the season began (September on; earlier months belong to the
    /// season that began the year before, its playoffs included).
    public func season(of day: LocalDate) -> Int {
        self == .mlb || day.month >= 9 ? day.year : day.year - 1
    }
}
