import Foundation
import Testing
import TimeAndPlace

@testable import PhotoMetadata

/// Inputs built to break readers. Nothing may crash or hang; every file either reads or fails with a typed reason.
/// `STADIUMLOG_EXHAUSTIVE=1` (Scripts/robustness) runs every truncation point and 50,000 byte flips; the default
/// is a fast subset for CI.
@Suite("Hostile input")
struct HostileInputTests {
    static let exhaustive = ProcessInfo.processInfo.environment["STADIUMLOG_EXHAUSTIVE"] == "1"
    let extractor = PhotoMetadataExtractor()

    func hostile(_ name: String) throws -> PhotoMetadata {
        try extractor.metadata(ofFileAt: TestData.packageRoot.appendingPathComponent("TestImages/hostile/\(name)").path)
    }

    @Test("IFD loops, absurd counts and offsets read what can be read")
    func brokenStructures() throws {
        #expect(try hostile("ifd-loop.jpg").capture?.local.iso8601 == "2015-06-15T19:42:10")
        let gpsLoop = try hostile("gps-ifd-loop.jpg")
        #expect(gpsLoop.location == nil && gpsLoop.capture != nil)
        #expect(try hostile("huge-string-count.jpg").make == nil, "a 4-billion-character Make is dropped")
        let beyond = try hostile("exif-pointer-beyond-end.jpg")
        #expect(beyond.capture == nil && beyond.model == "Test Camera")
        for name in [
            "absurd-entry-count.jpg", "progressive.jpg", "arithmetic.jpg", "twelve-bit.jpg",
            "claims-65000x65000.jpg", "cmyk.jpg",
        ] {
            #expect(try hostile(name).capture?.local.iso8601 == "2015-06-15T19:42:10", "\(name)")
        }
        #expect(try hostile("claims-65000x65000.jpg").pixelWidth == 65_000)
    }

    /// Outcome counts, for docs/RELIABILITY.md.
    struct Tally: CustomStringConvertible {
        var read = 0, failed = 0
        var description: String { "\(read + failed) inputs: \(read) read, \(failed) refused with a reason, 0 crashes" }
        mutating func count(_ body: () throws(PhotoMetadataError) -> PhotoMetadata) {
            do {
                _ = try body()
                read += 1
            } catch { failed += 1 }
        }
    }

    @Test("Every truncation of a real phone JPEG's first 64 KB")
    func truncations() throws {
        let url = TestData.realPhotos.appendingPathComponent("exiv2-test-data/exiv2-bug2565.jpg")
        let bytes = [UInt8](try Data(contentsOf: url).prefix(65_536))
        let full = try extractor.metadata(ofBytes: bytes)
        var tally = Tally()
        var lastFailure = 0
        for length in stride(from: 0, through: bytes.count, by: Self.exhaustive ? 1 : 17) {
            let prefix = Array(bytes.prefix(length))
            do {
                let metadata = try extractor.metadata(ofBytes: prefix)
                tally.read += 1
                if metadata.capture != nil { #expect(metadata.capture == full.capture) }
            } catch {
                tally.failed += 1
                lastFailure = length
            }
        }
        print("truncations: \(tally)")
        #expect(tally.read > 0 && tally.failed > 0)
        #expect(lastFailure < 20_000, "once the EXIF is complete, a cut file still gives its metadata")
    }

    @Test("Random byte flips in the APP1 segment of real photos")
    func byteFlips() throws {
        var tally = Tally()
        var generator = SeededGenerator(seed: 42)
        for file in [
            "exiv2-test-data/exiv2-bug2565.jpg", "photoprism-testdata/IMG_4120.JPG",
            "metadata-extractor-images/Apple iPhone 6 plus.jpg", "exiftool-t-images/Google.jpg",
        ] {
            let bytes = [UInt8](try Data(contentsOf: TestData.realPhotos.appendingPathComponent(file)).prefix(65_536))
            guard let app1 = (2..<bytes.count - 10).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xE1 }) else { continue }
            let length = Int(bytes[app1 + 2]) << 8 | Int(bytes[app1 + 3])
            for _ in 0..<(Self.exhaustive ? 12_500 : 500) {
                var mutated = bytes
                for _ in 0..<Int.random(in: 1...8, using: &generator) {
                    let position = app1 + 10 + Int.random(in: 0..<max(1, length - 8), using: &generator)
                    mutated[position] = UInt8.random(in: 0...255, using: &generator)
                }
                tally.count { () throws(PhotoMetadataError) in try extractor.metadata(ofBytes: mutated) }
            }
        }
        print("byte flips: \(tally)")
        #expect(tally.read + tally.failed == (Self.exhaustive ? 50_000 : 2_000))
    }
}

/// SplitMix64: the same "random" inputs on every run, so a failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
