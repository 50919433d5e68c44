import Foundation
import HEIFCodec
import Testing

/// libheif behind a small Swift interface: an iPhone photo's size, EXIF block and pixels; files that are not HEIF.
@Suite("HEIF codec")
struct HEIFCodecTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A real iPhone 15 Pro photo from the shared photo set (`../shared`, or `$STADIUMLOG_SHARED`).
    static let iPhone: String = {
        let shared =
            ProcessInfo.processInfo.environment["STADIUMLOG_SHARED"].map(URL.init(fileURLWithPath:))
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return shared.appendingPathComponent("data/real-photos/photoprism-testdata/iphone_15_pro.heic").path
    }()

    @Test("An iPhone photo: its size, its EXIF block ready for libexif, and upright pixels from a thumbnail when one is big enough")
    func iPhonePhoto() throws {
        let file = try HEIFFile(path: Self.iPhone)
        #expect(file.width > 1_000 && file.height > 1_000)
        let exif = try #require(file.exifPayload)
        #expect(Array(exif.prefix(6)) == Array("Exif\0\0".utf8))
        let small = try file.rgb(longSideAtLeast: 200, maximumPixels: 100_000_000)
        #expect(max(small.width, small.height) >= 200 && small.rgb.count == small.width * small.height * 3)
        #expect(small.fromThumbnail, "the embedded thumbnail is enough for a 200 px thumbnail")
        #expect(throws: HEIFError.self) { try file.rgb(longSideAtLeast: 4_000, maximumPixels: 1_000) }
    }

    @Test("A file that is not HEIF, or only its first box, is an error with the reason")
    func notHEIF() throws {
        let stub = Self.packageRoot.appendingPathComponent("TestImages/edge-cases/heic-named-jpg.jpg").path
        #expect(throws: HEIFError.self) { try HEIFFile(path: stub) }
        let bytes: [UInt8] = Array("plain text, no boxes".utf8)
        #expect(throws: HEIFError.self) { try bytes.withUnsafeBytes { try HEIFFile(bytes: $0) } }
    }
}
