#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Instants as every StadiumLog format writes them: ISO 8601 in UTC, to the second (`2015-06-15T23:42:10Z`).
public enum UTCTimestamp {
    /// An instant as ISO 8601 in UTC, to the whole second (the fraction dropped): `2015-06-15T23:42:10Z`.
    ///
    /// Worked out with the civil calendar the dates use rather than a Foundation format style, whose first use reads
    /// the system's time zone and costs a one-photo `scan` a tenth of its run. Instants beyond the years 1 to 9999,
    /// which no photo or clock gives, are written at those bounds.
    public static func string(_ date: Date) -> String {
        let instant = min(max(date.timeIntervalSince1970, -62_135_596_800), 253_402_300_799).rounded(.down)
        let seconds = instant.isNaN ? 0 : Int(instant)
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = seconds - days * 86_400
        let (hour, minute, second) = (secondOfDay / 3_600, secondOfDay % 3_600 / 60, secondOfDay % 60)
        return "\(LocalDate(daysSinceEpoch: days).iso8601)T\(LocalDateTime.twoDigits(hour)):"
            + "\(LocalDateTime.twoDigits(minute)):\(LocalDateTime.twoDigits(second))Z"
    }
}
