import Foundation

/// The fields of a form (`application/x-www-form-urlencoded`), from a POST body or a query string: names may repeat
/// (the photos ticked), values are trimmed of surrounding space.
struct FormFields: Sendable {
    private var pairs: [(name: String, value: String)] = []

    init(_ encoded: String) {
        for pair in encoded.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            pairs.append((Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : ""))
        }
    }

    private static func decode(_ text: Substring) -> String {
        (text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "").trimmingCharacters(in: .whitespaces)
    }

    /// The first value of `name`; nil when absent or empty.
    subscript(name: String) -> String? { pairs.first { $0.name == name && !$0.value.isEmpty }?.value }

    /// Every non-empty value of `name`, in order.
    func all(_ name: String) -> [String] { pairs.filter { $0.name == name && !$0.value.isEmpty }.map(\.value) }

    /// The same fields without `name`.
    func removing(_ name: String) -> FormFields {
        var copy = self
        copy.pairs.removeAll { $0.name == name }
        return copy
    }

    /// The same fields with `name` set to `value` alone (a page number on the previous and next links).
    func setting(_ name: String, _ value: String) -> FormFields {
        var copy = removing(name)
        copy.pairs.append((name, value))
        return copy
    }

    /// `path` with these fields as its query.
    func path(_ path: String) -> String {
        var components = URLComponents()
        components.queryItems = pairs.map { URLQueryItem(name: $0.name, value: $0.value) }
        let query = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        return pairs.isEmpty ? path : path + "?" + query
    }
}
