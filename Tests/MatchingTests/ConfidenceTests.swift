import Matching
import Testing
import TimeAndPlace

@Suite("Confidence rules")
struct ConfidenceTests {
    @Test(
        "The combined-confidence table, every cell",
        arguments: [
            (SpatialConfidence.high, TemporalConfidence.exactDay, MatchConfidence.autoSelect),
            (.high, .adjacentDay, .userConfirm), (.high, .outOfRange, .manualOnly),
            (.medium, .exactDay, .userConfirm), (.medium, .adjacentDay, .userConfirm), (.medium, .outOfRange, .manualOnly),
            (.low, .exactDay, .manualOnly), (.low, .adjacentDay, .manualOnly), (.low, .outOfRange, .manualOnly),
            (.none, .exactDay, .manualOnly), (.none, .adjacentDay, .manualOnly), (.none, .outOfRange, .manualOnly),
        ])
    func table(spatial: SpatialConfidence, temporal: TemporalConfidence, expected: MatchConfidence) {
        #expect(MatchConfidence(spatial: spatial, temporal: temporal) == expected)
    }

    @Test("No day to compare: manual only")
    func noTemporal() {
        #expect(MatchConfidence(spatial: .high, temporal: nil) == .manualOnly)
    }

    @Test(
        "Spatial bands: high < 500 m ≤ medium < 2 km ≤ low < 5 km ≤ none",
        arguments: [
            (0.0, SpatialConfidence.high), (499.9, .high), (500, .medium), (1_999.9, .medium), (2_000, .low),
            (4_999.9, .low), (5_000, .none), (50_000, .none),
        ])
    func bands(meters: Double, expected: SpatialConfidence) {
        #expect(MatchingRules().spatialConfidence(forDistance: meters) == expected)
    }

    @Test("The bands are configurable")
    func configurable() {
        var rules = MatchingRules()
        rules.highRadius = 200
        #expect(rules.spatialConfidence(forDistance: 300) == .medium)
    }

    @Test(
        "The fan day: from 05:00 to 05:00, so a photo after midnight belongs to the evening before",
        arguments: [
            ("2015:06:15 23:59:59", "2015-06-15"), ("2015:06:16 00:30:00", "2015-06-15"), ("2015:06:16 04:59:59", "2015-06-15"),
            ("2015:06:16 05:00:00", "2015-06-16"), ("2016:03:01 01:00:00", "2016-02-29"),
        ])
    func fanDay(reading: String, day: String) throws {
        let local = try #require(LocalDateTime(exifString: reading))
        #expect(MatchingRules().fanDay(of: local) == LocalDate(day))
    }
}
