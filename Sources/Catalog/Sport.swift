/// The leagues StadiumLog knows. Raw values appear in ids (`team_mlb_bos`) and in every JSON format.
public enum Sport: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case mlb, nba, nhl

    public var displayName: String { rawValue.uppercased() }

    /// Position in `allCases`, without building the array.
    var ordinal: Int {
        switch self {
        case .mlb: 0
        case .nba: 1
        case .nhl: 2
        }
    }

    public static func < (lhs: Sport, rhs: Sport) -> Bool { lhs.ordinal < rhs.ordinal }
}
