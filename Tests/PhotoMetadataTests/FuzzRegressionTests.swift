import Foundation
import PhotoMetadata
import Testing

/// Every input in Fuzz/corpus and every crash the fuzzer ever found (Fuzz/regressions/<target>/) is read again on
/// every test run: a crash, once found, stays fixed.
@Suite("Fuzz corpus and regressions")
struct FuzzRegressionTests {
    static let fuzz = TestData.packageRoot.appendingPathComponent("Fuzz")

    static func files(in folder: String) -> [URL] {
        let url = fuzz.appendingPathComponent(folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted().map { url.appendingPathComponent($0) }
    }

    @Test("The seed corpus and the metadata regressions read without crashing")
    func metadata() throws {
        let inputs = Self.files(in: "corpus") + Self.files(in: "regressions/metadata") + Self.files(in: "regressions/exif")
        #expect(inputs.count >= 30)
        for url in inputs {
            _ = try? PhotoMetadataExtractor().metadata(ofBytes: [UInt8](try Data(contentsOf: url)))
        }
    }
}
