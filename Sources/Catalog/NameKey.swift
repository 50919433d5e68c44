import Foundation

/// Names compared the way people type them: case, accents, punctuation and spacing ignored, `&` read as "and",
/// so "AT&T Park", "at&t park" and "AT and T Park" are one name.
enum NameKey {
    static func make(_ text: String) -> String {
        // Nearly every name is ASCII, where folding is lower-casing: done byte by byte, since the catalog keys all its
        // venue and team names at load (Foundation's folding of them took 6 ms of every run).
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            var key: [UInt8] = []
            key.reserveCapacity(text.utf8.count)
            for byte in text.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): key.append(byte)
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): key.append(byte + 32)
                case UInt8(ascii: "&"): key += Array("and".utf8)
                default: break
                }
            }
            return String(decoding: key, as: UTF8.self)
        }
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "&", with: "and")
        return String(
            folded.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII }
                .map(Character.init))
    }
}
