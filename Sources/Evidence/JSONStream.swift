/// Why a JSON text read as a stream is not JSON: where, and what was found there.
struct JSONStreamError: Error, Hashable, Sendable {
    /// The line (from 1) and the byte offset (from 0) where reading stopped.
    var line: Int
    var byte: Int
    var problem: String
}

/// What a ``JSONStream`` tells as it reads: the keys (so the handler can say which it wants), the wanted scalar values,
/// and the objects closing (so a record read field by field can be finished).
protocol JSONStreamHandler {
    /// The code of a key inside a container whose own code is `parent` (0: nothing wanted there). Values and
    /// containers under a key coded 0 are skipped.
    mutating func code(ofKey key: UnsafeBufferPointer<UInt8>, parent: Int) -> Int
    /// A wanted value: a string's bytes (escapes left as written) or a number's, `true`, `false`, `null`.
    mutating func value(_ bytes: UnsafeBufferPointer<UInt8>, code: Int, isString: Bool)
    /// An object whose code is `code` closed.
    mutating func closeObject(code: Int)
}

/// A JSON reader that takes its text a piece at a time and holds only the current token and the open containers:
/// a 2 GB Records.json is read in flat memory, at the speed of a loop over its bytes. It checks the grammar as far as
/// a location history needs (containers balanced, keys and values in turn), so a truncated or damaged file is told
/// with its line and byte.
struct JSONStream<Handler: JSONStreamHandler> {
    var handler: Handler

    private enum State { case value, valueOrEnd, key, keyOrEnd, colon, after, string, escape, scalar, done }
    private var state = State.value
    /// The open containers: `{` or `[`, and each one's code.
    private var containers: [(opener: UInt8, code: Int)] = []
    /// The key just read at each open object (its code), for the value that follows.
    private var keyCode = 0
    private var readingKey = false
    private var token: [UInt8] = []
    private var keeping = false
    private(set) var byte = 0
    private(set) var line = 1
    /// How much of a byte order mark the text began with.
    private var byteOrderMarkRead = 0

    init(handler: Handler) {
        self.handler = handler
        token.reserveCapacity(64)
        containers.reserveCapacity(16)
    }

    /// The code values at the current place take: the key's in an object, the array's own in an array.
    private var currentCode: Int {
        guard let top = containers.last else { return 0 }
        return top.opener == UInt8(ascii: "{") ? keyCode : top.code
    }

    private func failure(_ problem: String) -> JSONStreamError {
        JSONStreamError(line: line, byte: byte, problem: problem)
    }

    private static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

    /// Reads the next piece of the text; a UTF-8 byte order mark at its very start (Windows editors write one) is
    /// passed over.
    mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(JSONStreamError) {
        for c in bytes {
            if byte == byteOrderMarkRead, byte < 3, c == [0xEF, 0xBB, 0xBF][byte] {
                byteOrderMarkRead += 1
            } else {
                try step(c)
            }
            byte &+= 1
        }
    }

    /// Says the text has ended: anything left open is an error.
    mutating func finish() throws(JSONStreamError) {
        if state == .scalar { try endScalar() }
        guard state == .done else {
            throw failure(
                containers.isEmpty && state == .value
                    ? "the file is empty" : "the file ends before its JSON does (\(containers.count) open)")
        }
    }

    @inline(__always)
    private mutating func step(_ c: UInt8) throws(JSONStreamError) {
        switch state {
        case .string:
            if c == UInt8(ascii: "\"") {
                try endString()
            } else if c == UInt8(ascii: "\\") {
                state = .escape
                if keeping { token.append(c) }
            } else if c < 0x20 {
                throw failure("a line break inside a string")
            } else if keeping {
                token.append(c)
            }
        case .escape:
            if keeping { token.append(c) }
            state = .string
        case .scalar:
            switch c {
            case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09:
                try endScalar()
                try step(c)
            default:
                if keeping { token.append(c) }
            }
        case .value, .valueOrEnd:
            if Self.isSpace(c) {
                if c == 0x0A { line += 1 }
            } else if c == UInt8(ascii: "]") && state == .valueOrEnd {
                try close(c)
            } else {
                try beginValue(c)
            }
        case .key, .keyOrEnd:
            if Self.isSpace(c) {
                if c == 0x0A { line += 1 }
            } else if c == UInt8(ascii: "\"") {
                readingKey = true
                keeping = true
                token.removeAll(keepingCapacity: true)
                state = .string
            } else if c == UInt8(ascii: "}") && state == .keyOrEnd {
                try close(c)
            } else {
                throw failure("a key was expected, found '\(Unicode.Scalar(c))'")
            }
        case .colon:
            if Self.isSpace(c) {
                if c == 0x0A { line += 1 }
            } else if c == UInt8(ascii: ":") {
                state = .value
            } else {
                throw failure("':' was expected after a key")
            }
        case .after:
            if Self.isSpace(c) {
                if c == 0x0A { line += 1 }
            } else if c == UInt8(ascii: ",") {
                state = containers.last?.opener == UInt8(ascii: "{") ? .key : .value
            } else if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                try close(c)
            } else {
                throw failure("',' or the end of a list was expected, found '\(Unicode.Scalar(c))'")
            }
        case .done:
            guard Self.isSpace(c) || c == 0 else { throw failure("more text after the JSON ended") }
            if c == 0x0A { line += 1 }
        }
    }

    private mutating func beginValue(_ c: UInt8) throws(JSONStreamError) {
        let code = currentCode
        switch c {
        case UInt8(ascii: "{"):
            containers.append((c, code))
            keyCode = 0
            state = .keyOrEnd
        case UInt8(ascii: "["):
            containers.append((c, code))
            state = .valueOrEnd
        case UInt8(ascii: "\""):
            readingKey = false
            keeping = code != 0
            token.removeAll(keepingCapacity: true)
            state = .string
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            keeping = code != 0
            token.removeAll(keepingCapacity: true)
            if keeping { token.append(c) }
            state = .scalar
        default:
            throw failure("a value was expected, found '\(Unicode.Scalar(c))'")
        }
    }

    private mutating func endString() throws(JSONStreamError) {
        if readingKey {
            let parent = containers.last?.code ?? 0
            keyCode = token.withUnsafeBufferPointer { handler.code(ofKey: $0, parent: parent) }
            readingKey = false
            state = .colon
        } else {
            if keeping { token.withUnsafeBufferPointer { handler.value($0, code: currentCode, isString: true) } }
            try afterValue()
        }
    }

    private mutating func endScalar() throws(JSONStreamError) {
        if keeping { token.withUnsafeBufferPointer { handler.value($0, code: currentCode, isString: false) } }
        try afterValue()
    }

    private mutating func afterValue() throws(JSONStreamError) {
        state = containers.isEmpty ? .done : .after
    }

    private mutating func close(_ c: UInt8) throws(JSONStreamError) {
        guard let top = containers.popLast(), top.opener == (c == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "[")) else {
            throw failure("'\(Unicode.Scalar(c))' closes nothing open")
        }
        if c == UInt8(ascii: "}") { handler.closeObject(code: top.code) }
        keyCode = 0
        state = containers.isEmpty ? .done : .after
    }
}

/// Reads nothing: a stream that only checks the grammar, for files decoded whole once they are known to be JSON.
struct JSONGrammar: JSONStreamHandler {
    func code(ofKey key: UnsafeBufferPointer<UInt8>, parent: Int) -> Int { 0 }
    func value(_ bytes: UnsafeBufferPointer<UInt8>, code: Int, isString: Bool) {}
    func closeObject(code: Int) {}
}
