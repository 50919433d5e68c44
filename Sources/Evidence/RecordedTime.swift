import Foundation
import TimeAndPlace

/// Times as location histories write them, read without Foundation's formatters (a Records.json has millions): ISO
/// 8601 with a fraction and `Z` or an offset (`2015-06-15T22:40:00.123Z`, `2024-06-15T13:05:00.000-05:00`), or
/// milliseconds since 1970 as digits (`timestampMs`).
enum RecordedTime {
    /// Seconds since 1970 of an ISO 8601 time with its zone; nil without one, or for anything else.
    static func seconds(iso text: some Collection<UInt8>) -> Double? {
        let b = Array(text)
        guard b.count >= 20, b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T") || b[10] == 0x20,
            b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
            let year = number(b, 0, 4), let month = number(b, 5, 2), let day = number(b, 8, 2), let hour = number(b, 11, 2),
            let minute = number(b, 14, 2), let second = number(b, 17, 2), hour < 24, minute < 60, second < 61,
            let date = LocalDate(year: year, month: month, day: day)
        else { return nil }
        var index = 19
        var fraction = 0.0
        if index < b.count, b[index] == UInt8(ascii: ".") {
            index += 1
            var scale = 0.1
            while index < b.count, let digit = digit(b[index]) {
                fraction += Double(digit) * scale
                scale /= 10
                index += 1
            }
        }
        guard index < b.count else { return nil }
        var offset = 0
        switch b[index] {
        case UInt8(ascii: "Z"): guard index + 1 == b.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let sign = b[index] == UInt8(ascii: "-") ? -1 : 1
            let digits = b[(index + 1)...].filter { $0 != UInt8(ascii: ":") }
            guard digits.count == 4, let hours = number(digits, 0, 2), let minutes = number(digits, 2, 2) else { return nil }
            offset = sign * (hours * 3_600 + minutes * 60)
        default: return nil
        }
        let wall = Double(date.daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 + second) + fraction
        return wall - Double(offset)
    }

    /// Seconds since 1970 of a count of milliseconds written as digits.
    static func seconds(milliseconds text: some Collection<UInt8>) -> Double? {
        guard !text.isEmpty, text.count < 16 else { return nil }
        var value = 0
        for byte in text {
            guard let digit = digit(byte) else { return nil }
            value = value * 10 + digit
        }
        return Double(value) / 1_000
    }

    /// A moment from either form, as Foundation's `Date`.
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        let seconds = bytes.allSatisfy({ digit($0) != nil }) ? seconds(milliseconds: bytes) : seconds(iso: bytes)
        return seconds.map(Date.init(timeIntervalSince1970:))
    }

    @inline(__always)
    private static func digit(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    private static func number(_ b: [UInt8], _ start: Int, _ count: Int) -> Int? {
        var value = 0
        for index in start..<(start + count) {
            guard let digit = digit(b[index]) else { return nil }
            value = value * 10 + digit
        }
        return value
    }
}
