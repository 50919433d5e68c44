import Testing
import TimeAndPlace

@Suite("Dates, times and offsets")
struct CalendarTests {
    @Test(
        "EXIF date strings",
        arguments: [
            ("2015:06:15 19:42:10", "2015-06-15T19:42:10"),
            ("2015-06-15 19:42:10", "2015-06-15T19:42:10"),
            ("2016:02:29 00:00:00", "2016-02-29T00:00:00"),
            ("2015:06:15 19:42:10  ", "2015-06-15T19:42:10"),
        ])
    func validDates(text: String, iso: String) {
        #expect(LocalDateTime(exifString: text)?.iso8601 == iso)
    }

    @Test(
        "Impossible EXIF dates",
        arguments: [
            "0000:00:00 00:00:00", "2015:02:29 10:00:00", "2015:13:01 10:00:00", "2015:06:15 24:00:00",
            "2015:06:15 19:42", "    :  :     :  :  ", "2015:06:15 19:42:10 junk", "1850:01:01 00:00:00",
        ])
    func invalidDates(text: String) {
        #expect(LocalDateTime(exifString: text) == nil)
    }

    @Test("Day text: YYYY-MM-DD or the GPS date stamp's YYYY:MM:DD, nothing looser")
    func dayText() {
        #expect(LocalDate("2015-06-15") == LocalDate(year: 2015, month: 6, day: 15))
        #expect(LocalDate("2016:02:29") == LocalDate(year: 2016, month: 2, day: 29))
        for text in ["2015-6-15", "2015-06-15 ", "2015/06/15", "2015-02-29", "2015-13-01", "２０１５-06-15", "+015-06-15", ""] {
            #expect(LocalDate(text) == nil, "\(text)")
        }
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

    @Test("Wall-clock readings for people, and a day at an hour")
    func readings() throws {
        let reading = try #require(LocalDateTime(exifString: "2015:06:15 09:05:07"))
        #expect(reading.readable == "2015-06-15 09:05:07" && reading.hourAndMinute == "09:05")
        #expect(LocalDate("2015-06-15")?.at(hour: 12)?.iso8601 == "2015-06-15T12:00:00")
        #expect(LocalDate(daysSinceEpoch: -80_000).at(hour: 12) == nil, "outside the years a photo can have")
    }
}
