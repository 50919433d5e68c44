import Testing

@testable import Evidence

@Suite struct RecordedTimeTests {
    @Test func readsTheFormsLocationHistoriesWrite() {
        #expect(RecordedTime.date("2015-06-15T22:40:00.123Z")?.timeIntervalSince1970 == 1_434_408_000.123)
        #expect(RecordedTime.date("2024-06-15T13:05:00.000-05:00")?.timeIntervalSince1970 == 1_718_474_700)
        #expect(RecordedTime.date("1434408000123")?.timeIntervalSince1970 == 1_434_408_000.123)
        #expect(RecordedTime.date("2015-06-15T22:40:00") == nil)
        #expect(RecordedTime.date("yesterday") == nil)
    }
}
