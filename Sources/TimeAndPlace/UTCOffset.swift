#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A difference from UTC, such as `-04:00` for a summer evening at Fenway Park.
public struct UTCOffset: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Seconds east of UTC.
    public let seconds: Int

    /// Real offsets lie within ±14 hours (Kiribati is +14:00, Baker Island −12:00).
    public static let plausibleRange = -14 * 3_600...14 * 3_600

    /// Creates an offset of `seconds` east of UTC; nil outside ``plausibleRange``.
    public init?(seconds: Int) {
        guard Self.plausibleRange.contains(seconds) else { return nil }
        self.seconds = seconds
    }

    /// The offset of a wall clock read at a UTC instant: their difference to the nearest quarter hour (every zone is a
    /// whole number of them); nil beyond ±14 hours.
    public init?(wallClock local: LocalDateTime, at instant: Date) {
        self.init(seconds: Int(((local.wallClockSeconds - instant.timeIntervalSince1970) / 900).rounded()) * 900)
    }

    /// Parses `+HH:MM`, `-HH:MM`, `+HHMM` or `Z`, as written in OffsetTimeOriginal.
    public init?(_ text: String) {
        let text = text.trimmingWhitespace()
        if text == "Z" {
            self.init(seconds: 0)
            return
        }
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let digits = text.dropFirst().filter { $0 != ":" }
        guard digits.count == 4, digits.allSatisfy(\.isASCIIDigit),
            text.count == 6 ? text.dropFirst(3).first == ":" : text.count == 5,
            let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)), minutes < 60
        else { return nil }
        self.init(seconds: (sign == "-" ? -1 : 1) * (hours * 3_600 + minutes * 60))
    }

    /// `+HH:MM`.
    public var description: String {
        let magnitude = abs(seconds)
        return (seconds < 0 ? "-" : "+")
            + "\(LocalDateTime.twoDigits(magnitude / 3_600)):\(LocalDateTime.twoDigits(magnitude % 3_600 / 60))"
    }

    /// Orders offsets from west to east.
    public static func < (lhs: UTCOffset, rhs: UTCOffset) -> Bool { lhs.seconds < rhs.seconds }
}

extension UTCOffset: TextCodable {
    static let textFormat = "a UTC offset such as +02:00"
}
