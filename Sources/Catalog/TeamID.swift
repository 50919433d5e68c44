/// A franchise's canonical id, `team_{league}_{code}` (`team_mlb_bos`), kept through relocations and renames. Neither
/// league ids nor team codes hold `_`, so the id is taken apart here and nowhere else.
public struct TeamID: StringIdentifier {
    /// The id as written.
    public let rawValue: String

    /// An id as written; no check that a catalog knows it.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The id of the team with `code` in `league`: `team_mlb_bos`.
    public init(league: LeagueID, code: String) { self.init(rawValue: "team_\(league.rawValue)_\(code)") }

    /// The franchise code inside the id: `bos` for `team_mlb_bos`; the whole id when it is not of that form.
    public var code: String {
        let parts = rawValue.split(separator: "_", maxSplits: 2)
        return parts.count == 3 && parts[0] == "team" ? String(parts[2]) : rawValue
    }
}
