import Foundation
import GRDB

/// Records whose JSON columns (a pending match's candidates, a corrected visit's original) keep their dates as ISO 8601
/// text, as the match report writes them and as earlier versions stored them, rather than GRDB's default numbers.
public protocol ISO8601JSONColumns: FetchableRecord, EncodableRecord {}

extension ISO8601JSONColumns {
    /// Reads a JSON column's dates as ISO 8601 text.
    public static func databaseJSONDecoder(for column: String) -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// Writes a JSON column with sorted keys and its dates as ISO 8601 text.
    public static func databaseJSONEncoder(for column: String) -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}
