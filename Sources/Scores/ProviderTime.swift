import Foundation

/// The instants providers write, all ISO 8601 in UTC but each its own way: `2022-04-07T19:20:00Z` (MLB, NHL),
/// `2022-09-17T17:10Z` (ESPN, to the minute), `2025-11-06T00:00:00.000Z`.
enum ProviderTime {
    static func instant(_ text: String?) -> Date? {
        guard var text, text.hasSuffix("Z") else { return nil }
        if let dot = text.firstIndex(of: ".") { text.replaceSubrange(dot..<text.index(before: text.endIndex), with: "") }
        if text.count == 17 { text.insert(contentsOf: ":00", at: text.index(before: text.endIndex)) }
        return try? Date(text, strategy: .iso8601)
    }
}

extension JSONDecoder {
    /// Decodes a provider's body, turning any decoding failure into ``ProviderError/unreadable(provider:reason:)``.
    static func decode<T: Decodable>(_ type: T.Type, from body: Data, provider: String) throws(ProviderError) -> T {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch let error as DecodingError {
            throw .unreadable(provider: provider, reason: error.summary)
        } catch {
            throw .unreadable(provider: provider, reason: String(describing: error))
        }
    }
}

extension DecodingError {
    /// One line: what was wrong and where ("no value for dates[0].games", "the data is not JSON").
    var summary: String {
        func path(_ context: Context) -> String {
            var text = ""
            for key in context.codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += text.isEmpty ? key.stringValue : "." + key.stringValue
                }
            }
            return text
        }
        switch self {
        case .dataCorrupted(let context) where context.codingPath.isEmpty: return "the data is not JSON"
        case .dataCorrupted(let context): return "a corrupt value at \(path(context))"
        case .keyNotFound(let key, let context):
            let place = path(context)
            return "no \(key.stringValue) at " + (place.isEmpty ? "the top" : place)
        case .typeMismatch(_, let context), .valueNotFound(_, let context): return "an unexpected value at \(path(context))"
        @unknown default: return String(describing: self)
        }
    }
}
