import Testing

@testable import VisitStore

/// The keys an export and a restore check photos by: distinct for every two hashes that differ — real ones, and the
/// made-up ones of tests and benchmarks that count up in their last digits.
@Suite("Export keys")
struct ExportKeysTests {
    @Test("Hashes that differ in one digit anywhere are distinct keys; the same hash is one key")
    func distinct() {
        let zeros = String(repeating: "0", count: 64)
        var keys: Set<ContentKey> = []
        for position in 0..<64 {
            var digits = Array(zeros)
            digits[position] = "7"
            keys.insert(ContentKey(String(digits)))
        }
        #expect(keys.count == 64)
        for counter in 0..<10_000 {
            let hex = String(counter, radix: 16)
            keys.insert(ContentKey(String(repeating: "0", count: 64 - hex.count) + hex))
        }
        #expect(keys.count == 64 + 10_000 - 3, "the counters 0x7, 0x70 and 0x700 are among the 64 already")
        #expect(ContentKey(zeros) == ContentKey(zeros))
        #expect(ContentKey("../x") != ContentKey(zeros))
    }
}
