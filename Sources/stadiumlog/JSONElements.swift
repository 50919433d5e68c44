import Foundation

/// Elements of a JSON array written a batch at a time, encoded on every core: `JSONEncoder` takes tens of
/// microseconds an element, and while a batch's elements are written the cores that read its photos are idle.
enum JSONElements {
    /// Each value's pretty-printed text shifted right by `spaces`, in order; the first error by position, if any.
    static func indented<Value: Encodable & Sendable>(_ values: [Value], by spaces: Int) throws -> [String] {
        let results = Texts(count: values.count)
        DispatchQueue.concurrentPerform(iterations: values.count) { index in
            results[index] = Result { JSONOutput.indented(try JSONOutput.string(values[index]), by: spaces) }
        }
        return try results.values.map { try $0!.get() }
    }

    /// Slots the encoding threads fill, each its own.
    private final class Texts: @unchecked Sendable {  // `lock` guards `storage`
        private let lock = NSLock()
        private var storage: [Result<String, any Error>?]

        init(count: Int) { storage = Array(repeating: nil, count: count) }

        subscript(index: Int) -> Result<String, any Error>? {
            get { lock.withLock { storage[index] } }
            set { lock.withLock { storage[index] = newValue } }
        }

        var values: [Result<String, any Error>?] { lock.withLock { storage } }
    }
}
