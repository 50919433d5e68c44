extension RandomAccessCollection where Element == UInt8, Index == Int {
    /// The number the ASCII digits at `range` write; nil when any byte there is not a digit. Dates, times and the
    /// catalog's game lines are read this way, byte by byte: the catalog holds a quarter of a million games and every
    /// photo has a date.
    @inlinable
    public func decimalNumber(at range: Range<Int>) -> Int? {
        var value = 0
        for byte in self[range] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
