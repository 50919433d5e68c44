/// The leagues StadiumLog knows. Raw values appear in ids (`team_mlb_bos`) and in every JSON format.
public enum Sport: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case mlb, nba, nhl

    public var displayName: String { rawValue.uppercased() }

    public static func < (lhs: Sport, rhs: Sport) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
