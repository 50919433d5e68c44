import Foundation

/// Names compared the way people type them: case, accents, punctuation and spacing ignored, `&` read as "and",
/// so "AT&T Park", "at&t park" and "AT and T Park" are one name.
enum NameKey {
    static func make(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .replacingOccurrences(of: "&", with: "and")
        return String(
            folded.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII }
                .map(Character.init))
    }
}
