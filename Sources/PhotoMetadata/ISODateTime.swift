import TimeAndPlace

/// A date and time as XMP and QuickTime metadata write them: ISO 8601, `YYYY-MM-DDThh:mm:ss`, optionally with a
/// fraction and a zone (`Z`, `-04:00`, `-0400`).
struct ISODateTime: Hashable {
    var local: LocalDateTime
    /// Nil when the text gave no zone.
    var offset: UTCOffset?

    /// Nil for anything else, including a date without a time of day (it cannot tell which game of a day it was).
    init?(_ text: String) {
        let text = text.trimmingWhitespace()
        guard text.count >= 19, let local = LocalDateTime(exifString: String(text.prefix(19))) else { return nil }
        var rest = text.dropFirst(19)
        var fraction = ""
        if rest.first == "." || rest.first == "," {
            fraction = String(rest.dropFirst().prefix { $0.isASCII && $0.isNumber })
            rest = rest.dropFirst(1 + fraction.count)
        }
        self.local = fraction.isEmpty ? local : local.with(subsecondDigits: fraction) ?? local
        if rest.isEmpty {
            offset = nil
        } else if let offset = UTCOffset(String(rest)) {
            self.offset = offset
        } else {
            return nil
        }
    }
}
