extension [UInt8] {
    /// The number the ASCII digits at `range` write; nil when any byte there is not a digit. Dates and times are read
    /// this way, byte by byte: the catalog holds tens of thousands of them and every photo has one.
    func decimalNumber(at range: Range<Int>) -> Int? {
        var value = 0
        for byte in self[range] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}
