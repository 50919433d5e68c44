import Foundation

/// Reads a JSON document from a file a value at a time, so a document far larger than memory (an export of a million
/// photos) is read with a buffer of a megabyte and one record in hand. It finds where each value begins and ends —
/// objects and arrays by their brackets, strings by their quotes and escapes — and leaves the values themselves to
/// `JSONDecoder`.
struct JSONValueReader {
    /// Why the document could not be read as JSON, with the byte offset where it went wrong.
    struct Malformed: Error {
        var reason: String
    }

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var position = 0
    private var atEnd = false
    /// Bytes read and dropped from the front of the buffer, to say where a problem is.
    private var consumed = 0
    private static let chunk = 1 << 20

    /// A reader of the open file `descriptor` (which it does not close).
    init(descriptor: Int32) { self.descriptor = descriptor }

    /// The next byte that is not white space, left unread; nil at the end of the document.
    mutating func peek() throws -> UInt8? {
        while true {
            while position < buffer.count {
                switch buffer[position] {
                case 0x20, 0x09, 0x0A, 0x0D: position += 1
                default: return buffer[position]
                }
            }
            guard try fill() else { return nil }
        }
    }

    /// Reads `byte` (after white space), or fails saying what was expected.
    mutating func expect(_ byte: UInt8, _ what: String) throws {
        guard try peek() == byte else { throw Malformed(reason: "expected \(what) at byte \(consumed + position)") }
        position += 1
    }

    /// Reads `byte` if it is next (after white space).
    mutating func skip(_ byte: UInt8) throws -> Bool {
        guard try peek() == byte else { return false }
        position += 1
        return true
    }

    /// The bytes of the next whole value (an object, array, string, number or literal), at most `maximum` of them.
    mutating func value(maximum: Int) throws -> Data {
        guard let first = try peek() else { throw Malformed(reason: "the document ends before it should (cut short?)") }
        var bytes: [UInt8] = []
        var depth = 0
        var inString = false
        var escaped = false
        let scalar = first != UInt8(ascii: "{") && first != UInt8(ascii: "[") && first != UInt8(ascii: "\"")
        while true {
            if position == buffer.count {
                guard try fill() else {
                    if scalar && !bytes.isEmpty { return Data(bytes) }
                    throw Malformed(reason: "the document ends before it should (cut short?)")
                }
            }
            let byte = buffer[position]
            if scalar {
                switch byte {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: return Data(bytes)
                default: break
                }
            }
            position += 1
            bytes.append(byte)
            guard bytes.count <= maximum else { throw Malformed(reason: "a value is larger than \(maximum) bytes") }
            if scalar { continue }
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if depth == 0 { return Data(bytes) }
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return Data(bytes) }
            default: break
            }
        }
    }

    /// Reads more of the file; false at its end.
    private mutating func fill() throws -> Bool {
        guard !atEnd else { return false }
        if position > 0 {
            consumed += position
            buffer.removeFirst(position)
            position = 0
        }
        let start = buffer.count
        buffer.append(contentsOf: repeatElement(0, count: Self.chunk))
        var count = -1
        while count < 0 {
            count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + start, Self.chunk) }
            if count < 0 && errno != EINTR { throw Malformed(reason: "cannot be read: \(String(cString: strerror(errno)))") }
        }
        buffer.removeLast(Self.chunk - count)
        if count == 0 { atEnd = true }
        return count > 0
    }
}
