import Dispatch

extension Array where Element: Sendable {
    /// `map` spread over every core, results in the original order.
    ///
    /// For per-photo work that shares nothing but the file system — hashing, decoding, writing a thumbnail — where
    /// the import would otherwise leave a core idle.
    func concurrentMap<T: Sendable>(_ transform: @Sendable (Element) -> T) -> [T] {
        guard count > 1 else { return map(transform) }
        return withoutActuallyEscaping(transform) { transform in
            [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                // Each iteration initializes its own slot and no other, so the threads never touch the same memory.
                nonisolated(unsafe) let results = buffer.baseAddress!
                DispatchQueue.concurrentPerform(iterations: count) { index in
                    (results + index).initialize(to: transform(self[index]))
                }
                initialized = count
            }
        }
    }
}
