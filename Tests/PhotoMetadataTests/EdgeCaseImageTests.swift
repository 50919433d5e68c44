import Foundation
import Testing
import TimeAndPlace

@testable import PhotoMetadata

/// The project's own images (`Scripts/make-test-images.py`), each made to show one rule.
@Suite("Generated edge-case images")
struct EdgeCaseImageTests {
    let extractor = PhotoMetadataExtractor()

    func read(_ name: String) throws -> PhotoMetadata {
        try extractor.metadata(ofFileAt: TestData.edgeCase(name))
    }

    @Test("OffsetTimeOriginal wins and OffsetTime (the last edit) is never used")
    func offsetTimeOriginal() throws {
        let metadata = try read("offset-time-original.jpg")
        let capture = try #require(metadata.capture)
        #expect(capture.local.iso8601 == "2015-06-15T19:42:10")
        #expect(capture.local.nanosecond == 250_000_000)
        #expect(capture.utcOffset?.description == "-04:00")
        #expect(capture.source == .offsetTimeOriginal)
        #expect(capture.clockTag == .dateTimeOriginal)
        #expect(capture.instant == Date(timeIntervalSince1970: 1_434_411_730.25))
        #expect(metadata.orientation == 6)
        #expect(metadata.make == "StadiumLog" && metadata.model == "Test Camera")
        #expect(metadata.pixelWidth == 64 && metadata.pixelHeight == 48)
        #expect(metadata.warnings.isEmpty)
    }

    @Test("Without an offset tag, the GPS UTC clock gives the offset")
    func gpsClock() throws {
        let metadata = try read("gps-clock.jpg")
        #expect(metadata.capture?.utcOffset?.description == "-07:00")
        #expect(metadata.capture?.source == .gpsClock)
        #expect(metadata.altitude == 153)
        let location = try #require(metadata.location)
        #expect(abs(location.latitude - 34.0739) < 1e-9)
        #expect(abs(location.longitude - -118.24) < 1e-9)
    }

    @Test("A GPS clock that disagrees by more than 14 h is rejected, with a warning")
    func gpsClockRejected() throws {
        let metadata = try read("gps-clock-rejected.jpg")
        #expect(metadata.capture?.utcOffset == nil)
        #expect(metadata.capture?.source == .unresolved)
        #expect(metadata.warnings.contains { if case .gpsClockRejected = $0 { true } else { false } })
    }

    @Test("GPSTimeStamp without GPSDateStamp resolves nothing")
    func gpsTimeWithoutDate() throws {
        let metadata = try read("gps-time-without-date.jpg")
        #expect(metadata.gpsTime == nil)
        #expect(metadata.capture?.source == .unresolved)
        #expect(metadata.location != nil)
    }

    @Test(
        "Bad GPS positions are missing, each with its reason",
        arguments: [
            ("null-island.jpg", MetadataWarning.nullIslandGPS),
            ("zero-denominator.jpg", .invalidGPSPosition(reason: "latitude has a zero denominator")),
            ("latitude-beyond-90.jpg", .invalidGPSPosition(reason: "latitude 95.0 is beyond ±90°")),
            ("absurd-seconds.jpg", .invalidGPSPosition(reason: "latitude minutes or seconds are 60 or more")),
        ])
    func badPositions(name: String, warning: MetadataWarning) throws {
        let metadata = try read(name)
        #expect(metadata.location == nil)
        #expect(metadata.warnings == [warning])
        #expect(metadata.capture?.local.iso8601 == "2015-06-15T19:42:10", "the date survives a bad position")
    }

    @Test("Degrees with decimal minutes and zero seconds")
    func decimalMinutes() throws {
        let location = try #require(try read("decimal-minutes.jpg").location)
        #expect(abs(location.latitude - 42.3467) < 1e-9)
        #expect(abs(location.longitude - -71.0972) < 1e-9)
    }

    @Test("An unset camera clock is missing, and the editor's DateTime is not taken instead")
    func zeroDate() throws {
        let metadata = try read("zero-date.jpg")
        #expect(metadata.capture == nil)
        #expect(
            metadata.warnings == [
                .invalidDate(tag: "DateTimeOriginal", value: "0000:00:00 00:00:00"),
                .invalidDate(tag: "DateTimeDigitized", value: "0000:00:00 00:00:00"),
            ])
        #expect(metadata.location != nil)
    }

    @Test("A malformed date is missing with a warning")
    func malformedDate() throws {
        let metadata = try read("malformed-date.jpg")
        #expect(metadata.capture == nil)
        #expect(metadata.warnings == [.invalidDate(tag: "DateTimeOriginal", value: "2015:13:45 25:61:00")])
    }

    @Test(
        "Date fallbacks: DateTimeDigitized, then IFD0 DateTime",
        arguments: [
            ("digitized-only.jpg", "2014-05-03T13:10:00", ClockTag.dateTimeDigitized),
            ("datetime-only.jpg", "2013-04-02T12:00:00", .dateTime),
        ])
    func dateFallbacks(name: String, local: String, tag: ClockTag) throws {
        let capture = try #require(try read(name).capture)
        #expect(capture.local.iso8601 == local)
        #expect(capture.clockTag == tag)
        #expect(capture.source == .unresolved)
    }

    @Test("An impossible OffsetTimeOriginal is ignored with a warning")
    func invalidOffset() throws {
        let metadata = try read("invalid-offset.jpg")
        #expect(metadata.capture?.utcOffset == nil)
        #expect(metadata.warnings == [.invalidOffset(value: "+25:00")])
    }

    @Test("APP6-APP9 before APP1 (Huawei, Motorola) do not hide the EXIF")
    func appSegmentsBeforeAPP1() throws {
        let metadata = try read("app6-to-app9-before-app1.jpg")
        #expect(metadata.capture?.local.iso8601 == "2015-06-15T19:42:10")
        #expect(metadata.location != nil)
    }

    @Test("Big-endian EXIF with south and east references")
    func bigEndian() throws {
        let metadata = try read("big-endian-south-east.jpg")
        let location = try #require(metadata.location)
        #expect(abs(location.latitude - -33.8917) < 1e-9)
        #expect(abs(location.longitude - 151.2247) < 1e-9)
        #expect(metadata.capture?.utcOffset?.description == "+11:00")
    }

    @Test("A JPEG without EXIF reads as empty metadata, not an error")
    func noExif() throws {
        let metadata = try read("no-exif.jpg")
        #expect(metadata.capture == nil && metadata.location == nil)
        #expect(metadata.warnings == [.noExif])
        #expect(metadata.pixelWidth == 64)
    }

    @Test(
        "Files that cannot be read give a typed reason",
        arguments: [
            ("empty.jpg", PhotoMetadataError.empty),
            ("not-a-jpeg.jpg", .notAnImage),
            ("truncated-in-app1.jpg", .truncated),
            ("heic-named-jpg.jpg", .unreadableHEIF(reason: "libheif cannot read the file: Invalid input: No 'meta' box")),
            ("does-not-exist.jpg", .notFound),
        ])
    func unreadable(name: String, error: PhotoMetadataError) {
        #expect(throws: error) { try read(name) }
    }

    @Test("A directory named like a photo is refused without being read")
    func directory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-\(UUID()).jpg")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: PhotoMetadataError.notARegularFile(kind: "a directory")) {
            try extractor.metadata(ofFileAt: folder.path)
        }
    }
}
