import Foundation
import JPEGCodec
import Testing
import Thumbnails

/// Files that claim far more pixels than they hold: refused before decoding, whatever they claim.
@Suite("Decompression bombs")
struct DecompressionBombTests {
    /// A JPEG of a few hundred bytes whose frame header claims `width` × `height` pixels in three components: only
    /// the headers a decoder reads before committing memory (quantisation table, frame, Huffman tables, one scan).
    static func jpeg(width: Int, height: Int, progressive: Bool) -> Data {
        func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
            [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        var bytes: [UInt8] = [0xFF, 0xD8]
        bytes += segment(0xDB, [0x00] + [UInt8](repeating: 1, count: 64))
        let components: [UInt8] = [1, 0x22, 0, 2, 0x11, 0, 3, 0x11, 0]
        bytes += segment(
            progressive ? 0xC2 : 0xC0,
            [8, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF), 3] + components)
        // One DC table with a single one-bit code, enough for the scan header to be accepted.
        bytes += segment(0xC4, [0x00, 1] + [UInt8](repeating: 0, count: 15) + [0])
        bytes += segment(0xC4, [0x10, 1] + [UInt8](repeating: 0, count: 15) + [0])
        bytes += segment(0xDA, progressive ? [1, 1, 0x00, 0, 0, 0] : [3, 1, 0x00, 2, 0x00, 3, 0x00, 0, 63, 0])
        bytes += [UInt8](repeating: 0, count: 64) + [0xFF, 0xD9]
        return Data(bytes)
    }

    @Test("A 712-byte-class progressive JPEG claiming 19999 × 10000 is refused as too large, not decoded")
    func progressiveBomb() throws {
        let bomb = Self.jpeg(width: 19_999, height: 10_000, progressive: true)
        #expect(bomb.count < 1_000)
        #expect(throws: ThumbnailError.tooLarge(width: 19_999, height: 10_000)) {
            try ThumbnailGenerator().thumbnail(ofJPEGData: bomb)
        }
    }

    @Test("A baseline JPEG of the same size decodes at 1/8 within the budget (it only fails on its missing data)")
    func baselineOfTheSameSizeIsNotRefused() throws {
        let header = Self.jpeg(width: 19_999, height: 10_000, progressive: false)
        do {
            _ = try ThumbnailGenerator().thumbnail(ofJPEGData: header)
        } catch {
            #expect(error != .tooLarge(width: 19_999, height: 10_000), "a baseline decode at 1/8 needs ~10 MB")
        }
    }

    /// A PNG whose header claims `side` × `side` RGB pixels, with an image data chunk that holds almost nothing.
    static func png(side: Int) -> Data {
        func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
            let typed = Array(type.utf8) + body
            let crc =
                typed.reduce(UInt32(0xFFFF_FFFF)) { crc, byte in
                    (0..<8).reduce(crc ^ UInt32(byte)) { c, _ in c & 1 == 1 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
                } ^ 0xFFFF_FFFF
            return withUnsafeBytes(of: UInt32(body.count).bigEndian, Array.init) + typed + withUnsafeBytes(of: crc.bigEndian, Array.init)
        }
        let size = withUnsafeBytes(of: UInt32(side).bigEndian, Array.init)
        return Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", size + size + [8, 2, 0, 0, 0])
                + chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + chunk("IEND", []))
    }

    @Test("A PNG claiming 14000 × 14000 is refused before any pixel is decoded")
    func pngBomb() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID()).png")
        try Self.png(side: 14_000).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: ThumbnailError.tooLarge(width: 14_000, height: 14_000)) {
            try ThumbnailGenerator().thumbnail(ofPNGAt: url.path)
        }
    }
}
