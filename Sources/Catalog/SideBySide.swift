import Foundation

/// Runs `count` independent jobs at once (as many at a time as the machine has cores) and returns their results in
/// order, or the first job's error by position: loading the catalog's files one after another would keep one core
/// busy while the others wait (every command starts with that load), and so would encoding a batch's JSON rows.
package func sideBySide<T: Sendable, Failure: Error>(
    _ count: Int, _ job: @Sendable (Int) throws(Failure) -> T
) throws(Failure) -> [T] {
    let results = Slots<Result<T, Failure>>(count: count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
        results[index] = Result { () throws(Failure) in try job(index) }
    }
    return try results.values.map { slot throws(Failure) in try slot!.get() }
}

/// A fixed number of slots that concurrent jobs fill, each its own.
private final class Slots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    subscript(index: Int) -> Value? {
        get { lock.withLock { storage[index] } }
        set { lock.withLock { storage[index] = newValue } }
    }

    var values: [Value?] { lock.withLock { storage } }
}
