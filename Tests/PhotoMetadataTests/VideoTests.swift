import Foundation
import Testing
import TimeAndPlace

@testable import PhotoMetadata

/// Videos' time and place from their atoms (`Scripts/make-video-samples.py` lays them out as phones do).
@Suite("Videos: QuickTime and MP4 metadata")
struct VideoTests {
    static func video(_ name: String) -> String {
        TestData.packageRoot.appendingPathComponent("TestImages/videos/\(name)").path
    }

    static func read(_ name: String) throws -> PhotoMetadata { try PhotoMetadataExtractor().metadata(ofFileAt: video(name)) }

    @Test("iPhone: Apple's keyed creation date with its zone, ISO 6709 position, make and model, size; moov after mdat")
    func iPhone() throws {
        let metadata = try Self.read("iphone.mov")
        #expect(metadata.format == .quickTime)
        let capture = try #require(metadata.capture)
        #expect(capture.local.iso8601 == "2015-06-15T19:50:00" && capture.utcOffset?.description == "-04:00")
        #expect(capture.source == .offsetTimeOriginal && capture.clockTag == .creationDate)
        #expect(metadata.location.map { abs($0.latitude - 42.3471) < 1e-4 && abs($0.longitude + 71.0975) < 1e-4 } == true)
        #expect(metadata.camera == "Apple iPhone 6" && metadata.pixelWidth == 1920 && metadata.pixelHeight == 1080)
        #expect(metadata.captureOrigin == .file && metadata.locationOrigin == .file && metadata.embeddedPreview == nil)
    }

    @Test("Android: the movie header's UTC time and a ©xyz position")
    func android() throws {
        let metadata = try Self.read("android.mp4")
        let capture = try #require(metadata.capture)
        #expect(capture.clockTag == .movieHeader && capture.local.iso8601 == "2015-06-15T23:55:00")
        #expect(capture.instant == Date(timeIntervalSince1970: 1_434_412_500))
        #expect(capture.resolved(in: TimeZone(identifier: "America/New_York")!).local.iso8601 == "2015-06-15T19:55:00")
        #expect(metadata.location != nil && metadata.pixelWidth == 1280)
    }

    @Test("An embedded cover is found where it lies in the file; a video cut before its moov is an error")
    func coverAndCutShort() throws {
        let metadata = try Self.read("with-cover.m4v")
        let cover = try #require(metadata.embeddedPreview)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.video("with-cover.m4v")))
        #expect(bytes[cover.lowerBound] == 0xFF && bytes[cover.lowerBound + 1] == 0xD8 && bytes[cover.upperBound - 1] == 0xD9)
        #expect(throws: PhotoMetadataError.videoWithoutMovieHeader) { try Self.read("cut-short.mov") }
    }

    @Test("Every prefix of a real layout reads or fails cleanly, never past the file")
    func truncations() throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: Self.video("iphone.mov"))))
        for length in stride(from: 1, through: bytes.count, by: 7) {
            _ = try? PhotoMetadataExtractor().metadata(ofBytes: Array(bytes.prefix(length)))
        }
        #expect(try PhotoMetadataExtractor().metadata(ofBytes: bytes).capture != nil)
    }

    @Test("ISO 6709 in degrees, degrees and minutes, degrees minutes and seconds; nonsense refused")
    func iso6709() {
        func point(_ text: String) -> (Double, Double)? {
            QuickTimeAtoms.coordinate(iso6709: text).map { ($0.latitude, $0.longitude) }
        }
        #expect(point("+40.7484-073.9857+010.000/").map { abs($0.0 - 40.7484) < 1e-9 && abs($0.1 + 73.9857) < 1e-9 } == true)
        #expect(point("+4044.904-07359.142/").map { abs($0.0 - 40.748400) < 1e-6 && abs($0.1 + 73.985700) < 1e-6 } == true)
        #expect(point("+404454.24-0735908.52/").map { abs($0.0 - 40.7484) < 1e-6 && abs($0.1 + 73.9857) < 1e-6 } == true)
        #expect(point("+91.0000+000.0000/") == nil && point("40.7,-73.9") == nil && point("+40.7484") == nil)
    }
}

extension VideoTests {
    @Test("Atom sizes no file can have (64-bit, beyond the end) and absurd clocks are refused, never trapped on")
    func hostileSizes() throws {
        func atom(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let size = UInt32(8 + body.count)
            return [UInt8(size >> 24), UInt8(size >> 16 & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size & 0xFF)] + Array(type.utf8) + body
        }
        let ftyp = atom("ftyp", Array("isom".utf8) + [0, 0, 2, 0])
        // A 64-bit size of 2^63 - 1 right after the header.
        let huge = [0, 0, 0, 1] + Array("moov".utf8) + [0x7F, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 32)
        #expect(throws: PhotoMetadataError.videoWithoutMovieHeader) {
            try PhotoMetadataExtractor().metadata(ofBytes: ftyp + huge)
        }
        // A version-1 movie header whose 64-bit creation time is all ones: no capture time, no trap.
        let mvhd64 = atom("mvhd", [1, 0, 0, 0] + [UInt8](repeating: 0xFF, count: 16) + [UInt8](repeating: 0, count: 80))
        let movie = try PhotoMetadataExtractor().metadata(ofBytes: ftyp + atom("moov", mvhd64))
        #expect(movie.capture == nil)
    }
}
