import Parallel

/// Elements of a JSON array written a batch at a time, encoded on every core: `JSONEncoder` takes tens of
/// microseconds an element, and while a batch's elements are written the cores that read its photos are idle.
package enum JSONElements {
    /// Each value's pretty-printed text shifted right by `spaces`, in order; the first error by position, if any.
    package static func indented<Value: Encodable & Sendable>(_ values: [Value], by spaces: Int) throws -> [String] {
        try sideBySide(values.count) { index in JSONOutput.indented(try JSONOutput.string(values[index]), by: spaces) }
    }
}
