#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A value written in JSON as its text form ("2015-06-15", "-04:00") and read back from it.
protocol TextCodable: Codable, CustomStringConvertible {
    init?(_ text: String)
    /// What the text should look like, for the error message.
    static var textFormat: String { get }
}

extension TextCodable {
    /// Reads the value from its text form; throws `DecodingError.dataCorrupted`, naming the form expected, for
    /// text that does not parse.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "'\(text)' is not \(Self.textFormat)"))
        }
        self = value
    }

    /// Writes the value as its text form (its `description`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
