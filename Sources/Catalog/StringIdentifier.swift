/// An identifier that is a string as written (`mlb`, `team_mlb_bos`, `game_mlb_2015_bos_nyy_0615`): encoded as that
/// plain string in every JSON format, ordered alphabetically, and written in code as a literal (as tests name them).
/// A type per kind of id keeps a team's id from being passed where a game's is expected.
public protocol StringIdentifier: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible,
    ExpressibleByStringLiteral
where RawValue == String, StringLiteralType == String {
    /// An id as written; no check that a catalog knows it.
    init(rawValue: String)
}

extension StringIdentifier {
    /// An id written in the code.
    public init(stringLiteral value: String) { self.init(rawValue: value) }

    /// Reads the id as the plain string it is written as.
    public init(from decoder: any Decoder) throws { self.init(rawValue: try decoder.singleValueContainer().decode(String.self)) }

    /// Writes the id as a plain string, as every JSON format has it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// Orders ids alphabetically, so every list reads the same whatever the catalog's order.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The id as written.
    public var description: String { rawValue }
}
