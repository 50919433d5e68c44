import Foundation
import SwiftCSV
import Testing
import TimeAndPlace

@testable import PhotoMetadata

/// Every file in `../shared/data/real-photos/` against exiftool's reading of it in `MANIFEST.csv`.
///
/// These photos come from real cameras and phones and were not made by this project. Where StadiumLog disagrees with
/// exiftool on purpose, ``deliberateDifferences`` says so and why.
@Suite("Real photos agree with exiftool's MANIFEST.csv")
struct RealPhotoManifestTests {
    struct Row: CustomTestStringConvertible, Sendable {
        var fields: [String: String]
        var path: String { fields["path"]! }
        var testDescription: String { path }
        func value(_ key: String) -> String? { fields[key].flatMap { $0.isEmpty ? nil : $0 } }
        /// A `key=value` fact from the machine-collected half of `notes`.
        func fact(_ key: String) -> String? {
            let facts = fields["notes"]!.components(separatedBy: " | ").dropFirst().joined()
            return facts.components(separatedBy: "; ").first { $0.hasPrefix(key + "=") }.map { String($0.dropFirst(key.count + 1)) }
        }
    }

    static let rows: [Row] = {
        let url = TestData.realPhotos.appendingPathComponent("MANIFEST.csv")
        guard let csv = try? CSV<Named>(url: url) else { return [] }
        return csv.rows.map { Row(fields: $0) }
    }()

    /// Files where exiftool's EXIF reading is not what a fan's library should use.
    static let deliberateDifferences: [String: String] = [
        "metadata-extractor-images/Samsung GT-I9000 (Galaxy S).jpg":
            "GPS (0, 0) is what a receiver without a fix writes: missing, not a place in the Gulf of Guinea",
        "photoprism-testdata/buggy_panorama.jpg":
            "GPS seconds of 595404 give a latitude of 213°: impossible, so missing",
        "piexif-pypi/01.jpg":
            "synthetic garbage: libexif drops the malformed DateTimeOriginal and GPS entries, and so do we",
        "metadata-extractor-images/Issue 609.jpg":
            "DateTimeOriginal 0000:00:00 00:00:00 is an unset clock: missing",
        "libexif-testdata/olympus_makernote_variant_4.jpg":
            "DateTimeOriginal 0000:00:00 00:00:00 is an unset clock: missing",
        "pillow-test-images/exif_typeerror.jpg":
            "the ExifIFD pointer has the wrong type; exiftool refuses to follow it, libexif follows it and finds the "
            + "camera's DateTimeOriginal, which we keep",
    ]

    @Test("The manifest is there and lists every file")
    func manifestPresent() {
        #expect(Self.rows.count >= 78, "MANIFEST.csv not found under \(TestData.realPhotos.path)")
    }

    @Test("Each real photo reads as exiftool read it, or fails with the right reason", arguments: rows)
    func realPhoto(row: Row) throws {
        let path = TestData.realPhotos.appendingPathComponent(row.path).path
        let result = Result { () throws(PhotoMetadataError) in try PhotoMetadataExtractor().metadata(ofFileAt: path) }
        switch row.fact("file_type") {
        case "HEIC", "HEIF", "PNG":
            let metadata = try result.get()
            #expect(metadata.format == (row.fact("file_type") == "PNG" ? .png : .heif), "read by content, whatever the name")
            try compare(row, metadata)
        case "unknown" where row.fact("size") == "0": #expect(throws: PhotoMetadataError.empty) { try result.get() }
        case "unknown": #expect(throws: PhotoMetadataError.notAnImage) { try result.get() }
        default:
            if row.value("make") == nil && row.value("datetime_original") == nil && row.fact("size") == "17" {
                #expect(throws: PhotoMetadataError.truncated) { try result.get() }
            } else {
                try compare(row, try result.get())
            }
        }
    }

    private func compare(_ row: Row, _ metadata: PhotoMetadata) throws {
        let difference = Self.deliberateDifferences[row.path]
        #expect(metadata.make == row.value("make"))
        #expect(metadata.model == row.value("model"))

        // Capture time: exiftool's DateTimeOriginal, to the second; fallbacks only where it has none.
        if difference == nil, let original = row.value("datetime_original") {
            let capture = try #require(metadata.capture)
            #expect(capture.clockTag == .dateTimeOriginal)
            #expect(
                capture.local == LocalDateTime(exifString: original)?.with(subsecondDigits: row.fact("subsec") ?? "")
                    ?? LocalDateTime(exifString: original))
        } else if difference == nil, let capture = metadata.capture {
            #expect(capture.clockTag != .dateTimeOriginal)
        } else if difference != nil, row.value("datetime_original")?.hasPrefix("0000") == true || row.path.hasPrefix("piexif") {
            #expect(metadata.capture == nil)
        }

        // Offset: OffsetTimeOriginal when exiftool saw one, else the GPS clock rule recomputed from exiftool's values.
        if let offset = row.value("offset_time_original") {
            #expect(metadata.capture?.utcOffset?.description == offset)
            #expect(metadata.capture?.source == .offsetTimeOriginal)
        } else if let capture = metadata.capture, difference == nil {
            let expected = expectedGPSClockOffset(row, local: capture.local)
            #expect(capture.utcOffset == expected)
            #expect(capture.source == (expected == nil ? .unresolved : .gpsClock))
        }

        // Position to 1e-6 degrees.
        if difference == nil, let latitude = row.value("gps_lat").flatMap(Double.init),
            let longitude = row.value("gps_lon").flatMap(Double.init)
        {
            let location = try #require(metadata.location)
            #expect(abs(location.latitude - latitude) < 1e-6)
            #expect(abs(location.longitude - longitude) < 1e-6)
        } else {
            #expect(metadata.location == nil)
        }
    }

    /// exiftool's GPS date and time taken as UTC: local minus GPS, rounded to 15 minutes, kept within ±14 h.
    private func expectedGPSClockOffset(_ row: Row, local: LocalDateTime) -> UTCOffset? {
        guard let date = row.fact("gps_date").flatMap(LocalDate.init), let time = row.fact("gps_time") else { return nil }
        let parts = time.split(separator: ":").compactMap { Double($0) }
        guard parts.count == 3 else { return nil }
        let gps = Double(date.daysSinceEpoch * 86_400) + parts[0] * 3_600 + parts[1] * 60 + parts[2]
        return UTCOffset(seconds: Int(((local.wallClockSeconds - gps) / 900).rounded()) * 900)
    }

    @Test("Known traps: APP6-APP9 before APP1, 0/0 rationals, decimal minutes, malformed GPS date")
    func knownTraps() throws {
        func read(_ path: String) throws -> PhotoMetadata {
            try PhotoMetadataExtractor().metadata(ofFileAt: TestData.realPhotos.appendingPathComponent(path).path)
        }
        let huawei = try read("photoprism-testdata/huawei-gps-error.jpg")
        #expect(huawei.capture?.local.iso8601 == "2020-06-16T18:52:46")
        #expect(huawei.capture?.utcOffset?.description == "+02:00")
        let motorola = try read("immich-test-assets/empty_gps.jpg")
        #expect(motorola.capture?.local.iso8601 == "2025-06-01T16:59:26")
        #expect(motorola.location == nil)
        #expect(motorola.warnings.contains(.invalidGPSPosition(reason: "latitude has a zero denominator")))
        let nikon = try read("metadata-extractor-images/Nikon D5000.jpg")
        #expect(nikon.location == nil && nikon.altitude == 324.145)
        let iPhone6 = try read("metadata-extractor-images/Apple iPhone 6.jpg")
        #expect(iPhone6.warnings == [.invalidGPSTime(value: "2014:09:259")])
        #expect(iPhone6.capture?.source == .unresolved)
        let iPhone6Plus = try read("metadata-extractor-images/Apple iPhone 6 plus.jpg")
        #expect(iPhone6Plus.altitude.map { abs($0 - -166.3090129) < 1e-6 } == true)
        let tcl = try read("photoprism-testdata/altitude.jpg")
        #expect(tcl.altitude == nil && tcl.warnings.contains(.invalidAltitude(value: "4294967284.0")))
        let santaMonica = try read("photoprism-testdata/ferriswheel_colorful.jpg")
        #expect(santaMonica.capture?.utcOffset?.description == "+02:00", "camera left on home time; the instant is right")
        #expect(santaMonica.capture?.instant.map { Int($0.timeIntervalSince1970) } == 1_423_703_460)
    }
}
