import Foundation
import Testing
import TimeAndPlace

@testable import PhotoMetadata

/// XMP and Google Takeout sidecars fill what a photo lacks, and only that, with the origin of every value.
@Suite("Sidecars: XMP and Google Takeout")
struct SidecarTests {
    struct Facts: Decodable {
        var captureOrigin: String?
        var locationOrigin: String?
        var timeSource: String?
    }

    static let images = TestData.packageRoot.appendingPathComponent("TestImages")

    /// Every photo of `TestImages/takeout` and `TestImages/sidecars` with what `scenarios.json` expects of it.
    static let cases: [(path: String, facts: Facts)] = ["takeout", "sidecars"].flatMap { folder -> [(String, Facts)] in
        let url = images.appendingPathComponent(folder).appendingPathComponent("scenarios.json")
        let facts = (try? JSONDecoder().decode([String: Facts].self, from: Data(contentsOf: url))) ?? [:]
        return facts.sorted { $0.key < $1.key }.map { (images.appendingPathComponent($0.key).path, $0.value) }
    }

    @Test("Takeout's sidecar names: new and old style, cut to 46 characters, duplicate numbers, edited copies")
    func takeoutNames() {
        #expect(
            Sidecars.takeoutNames(for: "IMG_1234.jpg").prefix(2)
                == ["IMG_1234.jpg.supplemental-metadata.json", "IMG_1234.jpg.json"])
        let long = Sidecars.takeoutNames(for: "PXL_20150615_231512345.PORTRAIT.ORIGINAL.jpg")
        #expect(long.first == "PXL_20150615_231512345.PORTRAIT.ORIGINAL.jpg.s.json")
        #expect(
            Sidecars.takeoutNames(for: "IMG_1234.jpg").contains("IMG_1234.jpg.supplemental-metad.json") == false,
            "cut only where the 46 characters end")
        #expect(
            Sidecars.takeoutNames(for: "IMG_20190621_123456789_HDR_1.jpg")
                .contains("IMG_20190621_123456789_HDR_1.jpg.supplemental-.json"))
        let duplicate = Sidecars.takeoutNames(for: "IMG_1234(2).jpg")
        #expect(duplicate.prefix(2) == ["IMG_1234.jpg.supplemental-metadata(2).json", "IMG_1234.jpg(2).json"])
        #expect(Sidecars.takeoutNames(for: "IMG_1234-edited.jpg").contains("IMG_1234.jpg.json"))
        #expect(Sidecars.xmpNames(for: "IMG_0001.JPG").prefix(2) == ["IMG_0001.JPG.xmp", "IMG_0001.xmp"])
    }

    @Test("Each generated photo takes its time and place from where scenarios.json says", arguments: cases.map(\.path))
    func generated(path: String) throws {
        let facts = try #require(Self.cases.first { $0.path == path }?.facts)
        let walk = PhotoFileWalker().walk([(path as NSString).deletingLastPathComponent])
        for known in [walk.sidecars, nil] as [Set<String>?] {
            var metadata = try PhotoMetadataExtractor().metadata(ofFileAt: path)
            Sidecars.fill(&metadata, forPhotoAt: path, among: known)
            #expect(metadata.captureOrigin?.rawValue == facts.captureOrigin)
            #expect(metadata.locationOrigin?.rawValue == facts.locationOrigin)
            #expect(metadata.location != nil && metadata.capture?.instant != nil, "every one is placed in time and space")
        }
    }

    @Test("The sidecar's UTC instant gives an offset-less clock its offset; a bare instant reads as UTC until matched")
    func takeoutInstants() throws {
        let folder = Self.images.appendingPathComponent("takeout/Takeout/Google Photos/Photos from 2015")
        func read(_ name: String) throws -> PhotoMetadata {
            let path = folder.appendingPathComponent(name).path
            var metadata = try PhotoMetadataExtractor().metadata(ofFileAt: path)
            Sidecars.fill(&metadata, forPhotoAt: path)
            return metadata
        }
        let pixel = try #require(try read("PXL_20150615_231512345.PORTRAIT.ORIGINAL.jpg").capture)
        #expect(pixel.local.iso8601 == "2015-06-15T19:15:12" && pixel.utcOffset?.description == "-04:00")
        #expect(pixel.source == .gpsClock)
        let bare = try #require(try read("IMG_0003.jpg").capture)
        #expect(bare.clockTag == .photoTakenTime && bare.local.iso8601 == "2015-06-15T23:30:00")
        let boston = bare.resolved(in: TimeZone(identifier: "America/New_York")!)
        #expect(boston.local.iso8601 == "2015-06-15T19:30:00" && boston.source == .venueTimeZone)
        #expect(boston.instant == bare.instant)
        // The original and its "(1)" duplicate each get their own sidecar.
        #expect(try read("IMG_0001.jpg").location?.latitude == 38.5)
        #expect(try read("IMG_0001(1).jpg").location.map { abs($0.latitude - 42.346) < 0.01 } == true)
    }

    @Test("A sidecar never replaces what the file has; broken, foreign and (0, 0) sidecars add nothing")
    func fileWins() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sidecars-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let located = TestData.packageRoot.appendingPathComponent("TestImages/matching/high-exact-day.jpg")
        let unlocated = TestData.packageRoot.appendingPathComponent("TestImages/matching/missing-gps.jpg")
        for name in ["a.jpg", "b.jpg", "c.jpg", "d.jpg"] {
            try FileManager.default.copyItem(at: name == "a.jpg" ? located : unlocated, to: folder.appendingPathComponent(name))
        }
        let elsewhere = #"{"photoTakenTime": {"timestamp": "1000000000"}, "geoData": {"latitude": 10.0, "longitude": 20.0}}"#
        let files = [
            "a.jpg.json": elsewhere, "b.jpg.json": #"{"geoData": {"latitude": 0.0, "longitude": 0.0}}"#,
            "c.jpg.json": #"{"not": "takeout"#, "d.xmp": "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><unclosed>",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        for name in ["a.jpg", "b.jpg", "c.jpg", "d.jpg"] {
            let path = folder.appendingPathComponent(name).path
            let own = try PhotoMetadataExtractor().metadata(ofFileAt: path)
            var filled = own
            Sidecars.fill(&filled, forPhotoAt: path)
            #expect(filled == own, "\(name)")
        }
    }

    @Test("XMP's degrees and ISO 8601 dates, and what is refused")
    func formats() {
        #expect(XMPSidecar.degrees("42,20.8059N", limit: 90).map { abs($0 - 42.346765) < 1e-6 } == true)
        #expect(XMPSidecar.degrees("71,5,52.5W", limit: 180).map { abs($0 + 71.097917) < 1e-6 } == true)
        #expect(XMPSidecar.degrees("91,0N", limit: 90) == nil && XMPSidecar.degrees("42,61N", limit: 90) == nil)
        #expect(XMPSidecar.degrees("42.5", limit: 90) == nil)
        #expect(
            ISODateTime("2015-06-15T19:45:30.25-04:00").map { ($0.local.nanosecond, $0.offset?.seconds) }
                ?? (0, 0) == (250_000_000, -14_400))
        #expect(ISODateTime("2023-06-15T19:05:12-0400")?.offset?.seconds == -14_400)
        #expect(ISODateTime("2023-06-15T19:05:12Z")?.offset?.seconds == 0)
        #expect(ISODateTime("2023-06-15T19:05:12")?.offset == nil)
        #expect(ISODateTime("2015-06-15") == nil, "a day without a time cannot say which game")
        #expect(ISODateTime("2015-06-15T19:45:30 Eastern") == nil)
    }
}
