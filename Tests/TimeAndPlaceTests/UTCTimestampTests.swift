import Foundation
import Testing
import TimeAndPlace

@Suite("UTC timestamps")
struct UTCTimestampTests {
    /// The contract every format relies on is Foundation's ISO 8601 style in UTC to the whole second; the civil
    /// calendar must write the same text for any instant a photo or a clock gives (1900 to 2100, fractions dropped).
    @Test("Written as Foundation's ISO 8601 style writes them, fractions dropped, before 1970 too")
    func sameAsFoundation() {
        var generator = SystemRandomNumberGenerator()
        let edges: [TimeInterval] = [0, -0.5, -1, 59.999, 86_399.9, 951_782_400, -2_208_988_800, 4_107_542_399.75]
        let random = (0..<2_000).map { _ in Double.random(in: -2_208_988_800...4_107_542_399, using: &generator) }
        for seconds in edges + random {
            let date = Date(timeIntervalSince1970: seconds)
            let foundation = date.formatted(
                .iso8601.year().month().day().dateSeparator(.dash).time(includingFractionalSeconds: false)
                    .timeSeparator(.colon).timeZone(separator: .omitted))
            #expect(UTCTimestamp.string(date) == foundation, "\(seconds)")
        }
    }

    @Test("Instants beyond the years 1 to 9999 are written at those bounds")
    func bounds() {
        #expect(UTCTimestamp.string(Date(timeIntervalSince1970: 1e15)) == "9999-12-31T23:59:59Z")
        #expect(UTCTimestamp.string(Date(timeIntervalSince1970: -1e15)) == "0001-01-01T00:00:00Z")
    }
}
