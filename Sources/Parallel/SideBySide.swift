import Dispatch
import Synchronization

/// Runs `count` independent jobs at once (as many at a time as the machine has cores) and returns their results in
/// order, or the first job's error by position: reading a batch's photos, loading the catalog's files or encoding a
/// batch's JSON rows one after another would keep one core busy while the others wait. Synchronous, so that a command
/// that only reads (`scan`) starts no async thread pool.
package func sideBySide<T: Sendable, Failure: Error>(
    _ count: Int, _ job: @Sendable (Int) throws(Failure) -> T
) throws(Failure) -> [T] {
    // One job runs here: asking the system's thread pool for it would start threads to wait on (`scan` of a photo).
    if count == 1 { return [try job(0)] }
    let results = Mutex<[Result<T, Failure>?]>(Array(repeating: nil, count: count))
    DispatchQueue.concurrentPerform(iterations: count) { index in
        let result = Result { () throws(Failure) in try job(index) }
        results.withLock { $0[index] = result }
    }
    return try results.withLock { $0 }.map { slot throws(Failure) in try slot!.get() }
}
