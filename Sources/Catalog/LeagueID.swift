/// A league's id as it appears in canonical ids (`team_mlb_bos`) and, under the key `sport`, in every JSON format:
/// `mlb`, `nba`, `nfl`, `nhl`. What the league is — its names, seasons, structure and providers — is data, a
/// ``League`` record in the catalog; the id only names it.
public struct LeagueID: StringIdentifier {
    /// The id as written: lower-case letters and digits.
    public let rawValue: String

    /// An id; no check that a catalog knows it (``Catalog/league(_:)`` says).
    public init(rawValue: String) { self.rawValue = rawValue }

    /// An id read from text, or nil when it is not lower-case letters and digits (`mlb`, `nfl`).
    public init?(_ text: String) {
        guard !text.isEmpty, text.allSatisfy({ ($0.isLetter && $0.isLowercase && $0.isASCII) || $0.isNumber }) else {
            return nil
        }
        self.init(rawValue: text)
    }
}
