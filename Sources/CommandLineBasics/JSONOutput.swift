#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one JSON style of every command: pretty, sorted keys, no escaped slashes.
package enum JSONOutput {
    package static func string(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// A pretty-printed value shifted right by `spaces`, empty lines left empty (as the encoder writes them): for
    /// documents written a part at a time.
    package static func indented(_ text: String, by spaces: Int) -> String {
        // Byte by byte: a report writes every photo through here, a million for a large library.
        var shifted: [UInt8] = []
        shifted.reserveCapacity(text.utf8.count * 5 / 4)
        var lineStart = true
        for byte in text.utf8 {
            if lineStart && byte != UInt8(ascii: "\n") { shifted += repeatElement(UInt8(ascii: " "), count: spaces) }
            shifted.append(byte)
            lineStart = byte == UInt8(ascii: "\n")
        }
        return String(decoding: shifted, as: UTF8.self)
    }

    /// The members of a pretty-printed object (its lines without the braces), shifted right by `spaces`.
    package static func members(of object: String, by spaces: Int) -> String {
        indented(object.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().dropLast().joined(separator: "\n"), by: spaces)
    }
}
