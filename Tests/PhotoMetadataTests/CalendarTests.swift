import Foundation
import Testing
@testable import PhotoMetadata
import TimeAndPlace

@Suite("Dates, times and offsets")
struct CalendarTests {
    @Test("EXIF date strings", arguments: [
        ("2015:06:15 19:42:10", "2015-06-15T19:42:10"),
        ("2015-06-15 19:42:10", "2015-06-15T19:42:10"),
        ("2016:02:29 00:00:00", "2016-02-29T00:00:00"),
        ("2015:06:15 19:42:10  ", "2015-06-15T19:42:10"),
    ])
    func validDates(text: String, iso: String) {
        #expect(LocalDateTime(exifString: text)?.iso8601 == iso)
    }

    @Test("Impossible EXIF dates", arguments: [
        "0000:00:00 00:00:00", "2015:02:29 10:00:00", "2015:13:01 10:00:00", "2015:06:15 24:00:00",
        "2015:06:15 19:42", "    :  :     :  :  ", "2015:06:15 19:42:10 junk", "1850:01:01 00:00:00",
    ])
    func invalidDates(text: String) {
        #expect(LocalDateTime(exifString: text) == nil)
    }

    @Test("SubSecTime digits are a decimal fraction")
    func subseconds() {
        let base = LocalDateTime(exifString: "2017:02:09 19:51:38")!
        #expect(base.with(subsecondDigits: "0887")?.nanosecond == 88_700_000)
        #expect(base.with(subsecondDigits: "5")?.nanosecond == 500_000_000)
        #expect(base.with(subsecondDigits: "695326")?.nanosecond == 695_326_000)
        #expect(base.with(subsecondDigits: "ab") == nil)
    }

    @Test("UTC offsets", arguments: [("+03:00", 10_800), ("-04:00", -14_400), ("+0530", 19_800), ("Z", 0), ("+14:00", 50_400)])
    func offsets(text: String, seconds: Int) {
        #expect(UTCOffset(text)?.seconds == seconds)
    }

    @Test("Impossible UTC offsets", arguments: ["+25:00", "+14:15", "04:00", "+4:00", "+04:60", "", "   :  "])
    func invalidOffsets(text: String) {
        #expect(UTCOffset(text) == nil)
    }

    @Test("Civil calendar round trip over four centuries")
    func civilRoundTrip() {
        for days in stride(from: -25_567, through: 120_000, by: 1) {
            #expect(LocalDate(daysSinceEpoch: days).daysSinceEpoch == days)
        }
        #expect(LocalDate(year: 2000, month: 3, day: 1)?.daysSinceEpoch == 11_017)
        #expect(LocalDate("2015-06-15")?.adding(days: 17).iso8601 == "2015-07-02")
    }

    @Test("A venue's time zone resolves an unresolved capture, across daylight saving time")
    func venueTimeZone() throws {
        let newYork = try #require(TimeZone(identifier: "America/New_York"))
        func resolve(_ text: String) -> CaptureTime {
            CaptureTime(local: LocalDateTime(exifString: text)!, utcOffset: nil, source: .unresolved).resolved(in: newYork)
        }
        #expect(resolve("2015:06:15 19:42:10").utcOffset?.description == "-04:00")
        #expect(resolve("2015:01:15 19:42:10").utcOffset?.description == "-05:00")
        #expect(resolve("2015:03:08 03:30:00").utcOffset?.description == "-04:00", "just after spring forward")
        #expect(resolve("2015:11:01 00:30:00").utcOffset?.description == "-04:00", "before fall back")
        #expect(resolve("2015:06:15 19:42:10").source == .venueTimeZone)
        let explicit = CaptureTime(local: LocalDateTime(exifString: "2015:06:15 19:42:10")!,
                                   utcOffset: UTCOffset("+09:00"), source: .offsetTimeOriginal)
        #expect(explicit.resolved(in: newYork) == explicit, "the file's own offset wins")
    }

    @Test("Instants round-trip through wall-clock readings")
    func instantRoundTrip() throws {
        let local = try #require(LocalDateTime(exifString: "2015:06:15 19:42:10")?.with(subsecondDigits: "25"))
        let offset = try #require(UTCOffset("-04:00"))
        let instant = try #require(CaptureTime(local: local, utcOffset: offset, source: .gpsClock).instant)
        #expect(LocalDateTime(instant: instant, offset: offset) == local)
        #expect(LocalDateTime(instant: instant, offset: UTCOffset(seconds: 0)!)?.iso8601 == "2015-06-15T23:42:10")
    }
}
