/// A calendar day with no time zone: the day a game was played at its venue, or the day on a camera's clock.
public struct LocalDate: Hashable, Sendable, Comparable, TextCodable {
    static let textFormat = "a YYYY-MM-DD date"

    /// The year of the proleptic Gregorian calendar (`2015`).
    public let year: Int
    /// The month, 1 (January) to 12.
    public let month: Int
    /// The day of the month, from 1.
    public let day: Int

    /// Creates the date; nil for one that does not exist (month 13, February 30th).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...CivilCalendar.daysInMonth(year: year, month: month)).contains(day)
        else { return nil }
        self.init(uncheckedYear: year, month: month, day: day)
    }

    init(uncheckedYear year: Int, month: Int, day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// Parses `YYYY-MM-DD` (or `YYYY:MM:DD`, the EXIF GPSDateStamp form).
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, [4, 7].allSatisfy({ bytes[$0] == UInt8(ascii: "-") || bytes[$0] == UInt8(ascii: ":") }),
            let year = bytes.decimalNumber(at: 0..<4), let month = bytes.decimalNumber(at: 5..<7),
            let day = bytes.decimalNumber(at: 8..<10)
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// Days since 1970-01-01.
    public var daysSinceEpoch: Int { CivilCalendar.daysSinceEpoch(year: year, month: month, day: day) }

    /// The day `days` after 1970-01-01 (before it when negative): the inverse of ``daysSinceEpoch``.
    public init(daysSinceEpoch days: Int) {
        let (year, month, day) = CivilCalendar.civilDate(daysSinceEpoch: days)
        self.init(uncheckedYear: year, month: month, day: day)
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> LocalDate { LocalDate(daysSinceEpoch: daysSinceEpoch + count) }

    /// `2015-06-15`.
    public var iso8601: String {
        let yearText = String(year)
        return String(repeating: "0", count: max(0, 4 - yearText.count)) + yearText
            + "-\(LocalDateTime.twoDigits(month))-\(LocalDateTime.twoDigits(day))"
    }

    /// The ISO 8601 form, `2015-06-15`, which is also how JSON holds it.
    public var description: String { iso8601 }

    /// Orders dates by the calendar.
    public static func < (lhs: LocalDate, rhs: LocalDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}

/// Proleptic Gregorian arithmetic without Foundation's calendars: exact, allocation-free and fast.
/// The algorithms are Howard Hinnant's `days_from_civil` / `civil_from_days`.
enum CivilCalendar {
    static func isLeapYear(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDivided(by: 400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilDate(daysSinceEpoch days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDivided(by: 146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
