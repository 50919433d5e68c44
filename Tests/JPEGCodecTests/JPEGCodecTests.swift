import Foundation
import JPEGCodec
import Testing

/// libjpeg behind a C interface that returns codes instead of jumping: pixels through and back, DCT scaling, broken
/// input said in words, and one memory budget for the whole process.
@Suite("JPEG codec")
struct JPEGCodecTests {
    /// A 64 × 48 picture: red on the left half, blue on the right.
    static func picture() -> [UInt8] {
        (0..<48).flatMap { _ in (0..<64).flatMap { x in x < 32 ? [220, 20, 20] as [UInt8] : [20, 20, 220] } }
    }

    static func encode(_ pixels: [UInt8], width: Int32, height: Int32) throws -> Data {
        var pixels = pixels
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var status = sl_status()
        let code = pixels.withUnsafeMutableBufferPointer { buffer in
            var image = sl_image(pixels: buffer.baseAddress, width: width, height: height)
            return sl_jpeg_encode(&image, 90, &output, &size, &status)
        }
        try #require(code == 0 && output != nil)
        defer { free(output) }
        return Data(bytes: output!, count: Int(size))
    }

    /// What `sl_jpeg_decode_scaled_memory` makes of `bytes` for a long side of at least `longSide` (free the image).
    static func decode(_ bytes: [UInt8], longSide: Int32) -> (code: Int32, image: sl_image, original: (Int32, Int32), status: sl_status) {
        var image = sl_image()
        var status = sl_status()
        var width: Int32 = 0
        var height: Int32 = 0
        let code = bytes.withUnsafeBufferPointer { buffer in
            sl_jpeg_decode_scaled_memory(
                buffer.baseAddress, UInt(buffer.count), longSide, 1_000_000, sl_memory_budget(), &image, &width, &height, &status)
        }
        return (code, image, (width, height), status)
    }

    @Test("Encoded pixels decode back, at full size and at 1/8 by DCT scaling")
    func roundTrip() throws {
        let jpeg = try Self.encode(Self.picture(), width: 64, height: 48)
        for (longSide, expected) in [(64, (64, 48)), (8, (8, 6))] {
            var (code, image, original, _) = Self.decode(Array(jpeg), longSide: Int32(longSide))
            #expect(code == 0 && original == (64, 48), "the original size is reported")
            #expect((Int(image.width), Int(image.height)) == expected)
            let pixels = UnsafeBufferPointer(start: image.pixels, count: Int(image.width * image.height * 3))
            #expect(pixels[0] > 150 && pixels[2] < 90, "red on the left")
            #expect(pixels[pixels.count - 1] > 150 && pixels[pixels.count - 3] < 90, "blue on the right")
            sl_image_free(&image)
        }
    }

    @Test("Bytes that are no JPEG fail with a message, not a crash")
    func brokenInput() {
        for bytes in [[UInt8](), [0xFF, 0xD8, 0xFF], Array("not a jpeg at all".utf8)] {
            let (code, image, _, status) = Self.decode(bytes, longSide: 8)
            let message = withUnsafeBytes(of: status.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            #expect(code == -1 && image.pixels == nil && !message.isEmpty, "\(bytes.count) bytes")
        }
    }

    @Test("The budget is one for the whole process: a decode over it is refused, the rest wait their turn")
    func processBudget() {
        let budget = Int(sl_memory_budget())
        #expect(sl_memory_reserve(budget + 1) == -1)
        #expect(sl_memory_reserve(budget) == 0)
        let waited = Locked(false)
        let other = Thread {
            _ = sl_memory_reserve(1)
            waited.value = true
            sl_memory_release(1)
        }
        other.start()
        Thread.sleep(forTimeInterval: 0.2)
        #expect(!waited.value, "the whole budget is held: a second reservation waits")
        sl_memory_release(budget)
        let deadline = Date().addingTimeInterval(10)
        while !waited.value && Date() < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(waited.value)
    }
}

/// A value shared with another thread in a test.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
