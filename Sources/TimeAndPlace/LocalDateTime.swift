#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A wall-clock reading with no time zone attached: what a camera's clock showed.
///
/// EXIF dates are local wall-clock times. Keeping them as plain components (instead of a `Date`)
/// makes it impossible to silently assume UTC or the machine's own zone: an instant exists only
/// once an offset has been resolved (see ``CaptureTime``).
public struct LocalDateTime: Hashable, Sendable, Comparable {
    /// The year on the clock, within ``plausibleYears``.
    public let year: Int
    /// The month, 1 to 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int
    /// The hour, 0 to 23.
    public let hour: Int
    /// The minute, 0 to 59.
    public let minute: Int
    /// The whole second, 0 to 59; the fraction is in ``nanosecond``.
    public let second: Int
    /// Fraction of a second in nanoseconds, from the SubSecTime tags.
    public let nanosecond: Int

    /// Years outside this range are treated as an unset or broken camera clock.
    public static let plausibleYears = 1900...2100

    /// Creates a validated reading; returns nil for impossible dates such as February 30th or 25:00.
    public init?(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, nanosecond: Int = 0) {
        guard Self.plausibleYears.contains(year), (1...12).contains(month),
            (1...CivilCalendar.daysInMonth(year: year, month: month)).contains(day),
            (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second),
            (0..<1_000_000_000).contains(nanosecond)
        else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
        (self.hour, self.minute, self.second, self.nanosecond) = (hour, minute, second, nanosecond)
    }

    /// Parses the EXIF form `YYYY:MM:DD HH:MM:SS` (a `-` or `:` date separator and a space or `T` are tolerated).
    public init?(exifString text: String) {
        let utf8 = Array(text.utf8)
        guard utf8.count >= 19 else { return nil }
        let separatorsOK =
            [4, 7].allSatisfy { utf8[$0] == UInt8(ascii: ":") || utf8[$0] == UInt8(ascii: "-") }
            && (utf8[10] == UInt8(ascii: " ") || utf8[10] == UInt8(ascii: "T"))
            && [13, 16].allSatisfy { utf8[$0] == UInt8(ascii: ":") }
            && utf8[19...].allSatisfy { $0 == UInt8(ascii: " ") || $0 == 0 }
        guard separatorsOK,
            let year = utf8.decimalNumber(at: 0..<4), let month = utf8.decimalNumber(at: 5..<7),
            let day = utf8.decimalNumber(at: 8..<10), let hour = utf8.decimalNumber(at: 11..<13),
            let minute = utf8.decimalNumber(at: 14..<16), let second = utf8.decimalNumber(at: 17..<19)
        else { return nil }
        self.init(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }

    /// The same reading with a fraction of a second taken from an EXIF SubSecTime string ("0887" is 0.0887 s).
    public func with(subsecondDigits digits: String) -> LocalDateTime? {
        let digits = digits.prefix(9)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let value = Int(digits) else { return nil }
        var scale = 1
        for _ in digits.count..<9 { scale *= 10 }
        return LocalDateTime(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second,
            nanosecond: value * scale)
    }

    /// The calendar day of this reading.
    public var date: LocalDate { LocalDate(uncheckedYear: year, month: month, day: day) }

    /// Seconds since 1970-01-01T00:00:00 *on this same wall clock*; subtract an offset to get an instant.
    public var wallClockSeconds: Double {
        let days = CivilCalendar.daysSinceEpoch(year: year, month: month, day: day)
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second) + Double(nanosecond) / 1e9
    }

    /// The wall-clock reading at `offset` for an instant.
    public init?(instant: Date, offset: UTCOffset) {
        let total = instant.timeIntervalSince1970 + Double(offset.seconds)
        let whole = total.rounded(.down)
        let seconds = Int(whole)
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = seconds - days * 86_400
        let (y, m, d) = CivilCalendar.civilDate(daysSinceEpoch: days)
        self.init(
            year: y, month: m, day: d, hour: secondOfDay / 3_600, minute: secondOfDay % 3_600 / 60,
            second: secondOfDay % 60, nanosecond: min(999_999_999, Int(((total - whole) * 1e9).rounded())))
    }

    /// The wall-clock reading in `zone` for an instant (the zone's offset then, daylight saving included).
    public init?(instant: Date, in zone: TimeZone) {
        guard let offset = UTCOffset(seconds: zone.secondsFromGMT(for: instant)) else { return nil }
        self.init(instant: instant, offset: offset)
    }

    /// ISO 8601 without an offset and without the fraction: `2015-06-15T19:42:10`.
    public var iso8601: String {
        "\(date.iso8601)T\(Self.twoDigits(hour)):\(Self.twoDigits(minute)):\(Self.twoDigits(second))"
    }

    /// The wall clock `seconds` later (earlier when negative): a camera's clock set right. Nil outside the plausible
    /// years.
    public func adding(seconds: Int) -> LocalDateTime? {
        UTCOffset(seconds: 0).flatMap {
            LocalDateTime(instant: Date(timeIntervalSince1970: wallClockSeconds + Double(seconds)), offset: $0)
        }
    }

    /// For people: `2015-06-15 19:42:10`.
    public var readable: String { "\(date.iso8601) \(Self.twoDigits(hour)):\(Self.twoDigits(minute)):\(Self.twoDigits(second))" }

    /// The hour and minute on the wall clock: `19:42`.
    public var hourAndMinute: String { "\(Self.twoDigits(hour)):\(Self.twoDigits(minute))" }

    /// Orders readings as their clocks run, to the nanosecond; readings of different zones do not compare as instants.
    public static func < (lhs: LocalDateTime, rhs: LocalDateTime) -> Bool {
        let left = (lhs.year, lhs.month, lhs.day, lhs.hour, lhs.minute, lhs.second)
        let right = (rhs.year, rhs.month, rhs.day, rhs.hour, rhs.minute, rhs.second)
        return left == right ? lhs.nanosecond < rhs.nanosecond : left < right
    }

    static func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

extension LocalDate {
    /// This day at a whole hour of the wall clock (noon for a photo given only a day); nil outside the plausible years.
    public func at(hour: Int) -> LocalDateTime? {
        LocalDateTime(year: year, month: month, day: day, hour: hour)
    }
}

extension LocalDateTime: CustomStringConvertible {
    /// The ISO 8601 form without offset or fraction: `2015-06-15T19:42:10`.
    public var description: String { iso8601 }
}

extension LocalDateTime: Codable {
    /// Reads the form ``encode(to:)`` writes (the EXIF form too), fraction included; throws
    /// `DecodingError.dataCorrupted` for any other text.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = LocalDateTime(exifString: String(text.prefix(19))) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "Not a local date-time: \(text)"))
        }
        let fraction = text.dropFirst(20)
        self = text.count > 20 ? (value.with(subsecondDigits: String(fraction)) ?? value) : value
    }

    /// Writes the ISO 8601 form (`2015-06-15T19:42:10`), with the fraction of a second when there is one
    /// (`2015-06-15T19:42:10.0887`).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        guard nanosecond > 0 else { return try container.encode(iso8601) }
        var digits = String(nanosecond + 1_000_000_000).dropFirst()
        while digits.last == "0" { digits.removeLast() }
        try container.encode("\(iso8601).\(digits)")
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}

extension Int {
    func floorDivided(by divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
