#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Instants as every StadiumLog format writes them: ISO 8601 in UTC, to the second (`2015-06-15T23:42:10Z`).
public enum UTCTimestamp {
    /// An instant as ISO 8601 in UTC, to the whole second: `2015-06-15T23:42:10Z`.
    public static func string(_ date: Date) -> String {
        date.formatted(
            .iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false)
                .timeSeparator(.colon).timeZone(separator: .omitted))
    }
}
