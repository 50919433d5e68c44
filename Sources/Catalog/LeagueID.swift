/// A league's id as it appears in canonical ids (`team_mlb_bos`) and, under the key `sport`, in every JSON format:
/// `mlb`, `nba`, `nfl`, `nhl`. What the league is — its names, seasons, structure and providers — is data, a
/// ``League`` record in the catalog; the id only names it.
public struct LeagueID: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
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

    /// An id written in the code (`"nfl"`), as tests and examples name leagues.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// Reads the id as the plain string it is written as.
    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    /// Writes the id as a plain string (`"nfl"`), as every JSON format has it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Orders ids alphabetically, so every list of leagues reads the same whatever the catalog's order.
    public static func < (lhs: LeagueID, rhs: LeagueID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The id as written.
    public var description: String { rawValue }
}
