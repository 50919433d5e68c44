import Foundation
import Testing
import TimeAndPlace

@testable import PhotoMetadata

@Suite("Capture times resolved and compared")
struct CaptureTimeTests {
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
        let explicit = CaptureTime(
            local: LocalDateTime(exifString: "2015:06:15 19:42:10")!,
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
