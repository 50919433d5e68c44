#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Numbers written with a fixed count of decimals, rounded as C's `printf` rounds them.
///
/// Here rather than Foundation's `String(format:)`: `scan` links FoundationEssentials alone, which lacks it.
package enum FixedPoint {
    /// `value` with `places` decimals (`-71.097200`).
    package static func string(_ value: Double, places: Int) -> String {
        let format = "%.\(places)f"
        let length = Int(withVaList([value]) { vsnprintf(nil, 0, format, $0) })
        var buffer = [CChar](repeating: 0, count: length + 1)
        _ = withVaList([value]) { vsnprintf(&buffer, buffer.count, format, $0) }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
