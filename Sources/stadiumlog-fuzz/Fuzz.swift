import Foundation
import PhotoMetadata
import Thumbnails

/// The fuzzing harness (Scripts/fuzz). Built with `-sanitize=fuzzer,address -DFUZZING`, libFuzzer drives
/// `LLVMFuzzerTestOneInput`; built normally, it replays files: `stadiumlog-fuzz metadata|exif|thumbnail FILE…`.
///
/// Targets: `metadata` (the JPEG segment walk, libexif and every rule on the values), `exif` (the input as an APP1
/// EXIF payload in an otherwise valid JPEG, so mutations reach libexif's parser directly) and `thumbnail` (libjpeg's
/// decode at reduced scale, the box filter and the orientation).
enum FuzzTarget: String, CaseIterable {
    case metadata, exif, thumbnail

    static let selected = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["STADIUMLOG_FUZZ_TARGET"] ?? "") ?? .metadata

    func run(_ bytes: [UInt8]) {
        switch self {
        case .metadata:
            _ = try? PhotoMetadataExtractor().metadata(ofBytes: bytes)
        case .exif:
            let length = min(bytes.count + 8, 65_535)
            let app1 = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + Array("Exif".utf8) + [0, 0]
            _ = try? PhotoMetadataExtractor().metadata(ofBytes: [0xFF, 0xD8] + app1 + bytes.prefix(length - 8) + [0xFF, 0xD9])
        case .thumbnail:
            _ = try? ThumbnailGenerator(maximumPixels: 4_000_000).thumbnail(ofJPEGData: Data(bytes), orientation: Int(bytes.last ?? 1) % 9)
        }
    }
}

#if FUZZING
    /// libFuzzer's driver, from the fuzzer runtime `-sanitize=fuzzer` links in.
    // swift-format-ignore: AlwaysUseLowerCamelCase
    @_silgen_name("LLVMFuzzerRunDriver")
    func LLVMFuzzerRunDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    /// SwiftPM links an executable's entry point under this name; here it hands control to libFuzzer.
    @_cdecl("stadiumlog_fuzz_main")
    func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
        var count = argc
        var arguments = argv
        return LLVMFuzzerRunDriver(&count, &arguments) { data, size in
            FuzzTarget.selected.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
            return 0
        }
    }
#else
    @main
    enum Replay {
        static func main() {
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                print("usage: stadiumlog-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE…")
                exit(2)
            }
            var count = 0
            for path in arguments.dropFirst() {
                guard let data = FileManager.default.contents(atPath: path) else { continue }
                target.run([UInt8](data))
                count += 1
            }
            print("\(target.rawValue): replayed \(count) inputs, no crash")
        }
    }
#endif
