import Foundation
import Thumbnails
import VisitStore

extension Bench {
    /// Issue #34's question, measured: `count` thumbnails (the thumbnail of `photo`, each copy made distinct by four
    /// bytes after its end) kept as one file each, the way imports did until 2026-11-28 (a folder per hash prefix, each
    /// file written whole through a temporary file and renamed, on two threads as the import's cores wrote them), and
    /// as rows of the library's ``ThumbnailStore`` (50 a transaction, as an import commits them). Then 10,000 of each
    /// read back at random, as `serve` and the report read them. Prints wall seconds, thumbnails per second and the
    /// space taken; both go into fresh folders under `folder`, removed at the end.
    static func thumbnailStorage(count: Int, photo: String, in folder: String) async throws {
        let jpeg = try ThumbnailGenerator().thumbnail(ofPhotoAt: photo, metadata: nil).jpeg
        func copy(_ index: Int) -> (hash: String, jpeg: Data) {
            let hash =
                String(format: "%016llx", UInt64(index).multipliedFullWidth(by: 0x9E37_79B9_7F4A_7C15).low)
                + String(repeating: "0", count: 48)
            return (hash, jpeg + withUnsafeBytes(of: UInt32(index).littleEndian) { Data($0) })
        }
        let root = URL(fileURLWithPath: folder).appendingPathComponent("thumbnail-storage-\(getpid())")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = root.appendingPathComponent("files")
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        let library = try VisitLibrary(folder: root.appendingPathComponent("library"))
        print(String(format: "thumbnail of %@: %d bytes; %d thumbnails under %@", photo, jpeg.count, count, folder))

        let filesTime = try await timed {
            let next = Counter()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        while case let index = next.increment(), index < count {
                            let (hash, data) = copy(index)
                            let subfolder = files.appendingPathComponent(String(hash.prefix(2)))
                            if mkdir(subfolder.path, 0o700) != 0 && errno != EEXIST {
                                throw PrivateFileError(path: subfolder.path, code: errno)
                            }
                            try PrivateFile.write(data, to: subfolder.appendingPathComponent("\(hash).jpg"), stagingIn: subfolder)
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        var generator = SplitMix(seed: 34)
        let sample = (0..<10_000).map { _ in copy(Int(generator.next() % UInt64(count))).hash }
        var bytes = (files: 0, rows: 0)
        let filesRead = try await timed {
            for hash in sample {
                bytes.files += try Data(contentsOf: files.appendingPathComponent("\(hash.prefix(2))/\(hash).jpg")).count
            }
        }
        let filesSpace = diskUsage(of: files)
        try FileManager.default.removeItem(at: files)  // one at a time: a million of each would not fit in memory on tmpfs
        let rowsTime = try await timed {
            for start in stride(from: 0, to: count, by: 50) {
                try library.thumbnails.keep((start..<min(start + 50, count)).map(copy))
            }
        }
        let rowsRead = try await timed {
            for hash in sample { bytes.rows += try library.thumbnails.jpeg(ofPhoto: hash)?.count ?? 0 }
        }
        guard bytes.files == bytes.rows else { throw CocoaError(.fileReadCorruptFile) }
        let databaseSize = ["", "-wal"].compactMap {
            (try? FileManager.default.attributesOfItem(atPath: library.thumbnails.url.path + $0))?[.size] as? Int
        }.reduce(0, +)
        print(
            String(
                format: "one file each:  write %.2f s (%.0f/s), read 10,000 %.3f s, %@ on disk", filesTime, Double(count) / filesTime,
                filesRead, megabytes(filesSpace)))
        print(
            String(
                format: "rows of a database: write %.2f s (%.0f/s), read 10,000 %.3f s, %@ on disk (%.1f MB file)", rowsTime,
                Double(count) / rowsTime, rowsRead, megabytes(diskUsage(of: library.folder)), Double(databaseSize) / 1_048_576))
        print(
            String(
                format: "files ÷ rows: write %.2f×, read %.2f×; peak RSS %.1f MB", filesTime / rowsTime, filesRead / rowsRead,
                peakResidentMegabytes()))
    }

    private static func timed(_ body: () async throws -> Void) async throws -> Double {
        let start = ContinuousClock.now
        try await body()
        return Double((ContinuousClock.now - start) / .microseconds(1)) / 1_000_000
    }

    /// Blocks allocated under `folder` (what `du` counts), in bytes.
    private static func diskUsage(of folder: URL) -> Int {
        var total = 0
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let name = enumerator?.nextObject() as? String {
            var status = stat()
            if lstat(folder.appendingPathComponent(name).path, &status) == 0 { total += Int(status.st_blocks) * 512 }
        }
        return total
    }

    private static func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
}
