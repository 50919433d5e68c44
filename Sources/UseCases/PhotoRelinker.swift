import Foundation
import Parallel
import PhotoMetadata
import VisitStore

/// Finds photos that moved (a reorganised Pictures folder) by their content, and points the library at them again,
/// so thumbnails, `visits show` and the report keep working.
public struct PhotoRelinker: Sendable {
    /// The library whose missing photos are looked for and pointed at again.
    public let library: VisitLibrary

    /// What a relink found.
    public struct Result: Sendable {
        /// Missing photos found at a new path, which the library now points at.
        public var relinked = 0
        /// Photos still not found, by the path they were imported from.
        public var stillMissing: [String] = []
        /// Files hashed in the search (those named like a missing photo first, the rest only while any is missing).
        public var filesRead = 0
    }

    /// Looks for the library's missing photos under `folders`: files with a missing photo's name are read first,
    /// then the rest, and only while photos are still missing.
    func relink(searching folders: [String], followingLinks: Bool = false) async throws(LibraryError) -> Result {
        var missing = Dictionary(try library.photosNotOnDisk().map { ($0.hash, $0.path) }, uniquingKeysWith: { a, _ in a })
        var result = Result()
        guard !missing.isEmpty else { return result }
        let names = Set(missing.values.map { ($0 as NSString).lastPathComponent })
        let files = PhotoFileWalker(followsLinks: followingLinks).walk(folders).files
        let (likely, others) = (
            files.filter { names.contains(($0 as NSString).lastPathComponent) },
            files.filter { !names.contains(($0 as NSString).lastPathComponent) }
        )
        for batch in [likely, others] where !missing.isEmpty {
            let found = await batch.concurrentMap { path in (path: path, hash: try? FileHasher.sha256(ofFileAt: path)) }
            result.filesRead += batch.count
            let moved = found.compactMap { item in item.hash.flatMap { missing[$0] != nil ? (hash: $0, path: item.path) : nil } }
            result.relinked += try library.relink(moved)
            for item in moved { missing[item.hash] = nil }
        }
        result.stillMissing = missing.values.sorted()
        return result
    }
}
