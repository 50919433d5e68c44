#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Array where Element: Sendable {
    /// `map` over a bounded pool of child tasks (one per core by default), results in the original order.
    ///
    /// For per-photo work that shares nothing but the file system — hashing, decoding, writing a thumbnail — where
    /// the import would otherwise leave a core idle. At most `width` photos are in flight, so memory stays bounded
    /// whatever the batch.
    package func concurrentMap<T: Sendable>(width: Int = System.cores, _ transform: @escaping @Sendable (Element) -> T) async -> [T] {
        guard count > 1 else { return map(transform) }
        return await withTaskGroup(of: (Int, T).self) { group in
            var results: [(index: Int, value: T)] = []
            results.reserveCapacity(count)
            var next = 0
            func startNext() {
                guard next < count else { return }
                let index = next
                let element = self[index]
                group.addTask { (index, transform(element)) }
                next += 1
            }
            for _ in 0..<Swift.min(width, count) { startNext() }
            while let result = await group.next() {
                results.append(result)
                startNext()
            }
            return results.sorted { $0.index < $1.index }.map(\.value)
        }
    }
}

package enum System {
    /// The cores this process may use.
    package static let cores = max(1, ProcessInfo.processInfo.activeProcessorCount)
}
