import Foundation
import PhotoMetadata
import Thumbnails

extension Bench {
    /// Makes a 200 px thumbnail of every JPEG in `folder` with `threads` workers in a task group (files handed out one
    /// at a time, the import's concurrency model)
    /// and writes them into `output`, so the work is the same as `vipsthumbnail -s 200 -o …` over the folder. Each
    /// photo's metadata is read first, as the import does, for its orientation and embedded preview.
    /// Prints wall seconds, files per second, how many came from previews and the peak RSS; failures are counted,
    /// never fatal.
    static func thumbnails(of folder: String, into output: String, threads: Int, embeddedPreviews: Bool) async throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            .filter { ["jpg", "jpeg", "heic", "png"].contains(($0 as NSString).pathExtension.lowercased()) }.sorted()
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        let generator = ThumbnailGenerator(usesEmbeddedPreviews: embeddedPreviews)
        let next = Counter()
        let failures = Counter()
        let fromPreviews = Counter()
        let start = ContinuousClock.now
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<max(1, threads) {
                group.addTask {
                    while case let index = next.increment(), index < names.count {
                        do {
                            let path = folder + "/" + names[index]
                            let metadata = try? PhotoMetadataExtractor().metadata(ofFileAt: path)
                            let thumbnail = try generator.thumbnail(ofPhotoAt: path, metadata: metadata)
                            if thumbnail.madeFromEmbeddedPreview { _ = fromPreviews.increment() }
                            try thumbnail.jpeg.write(to: URL(fileURLWithPath: output + "/" + names[index]))
                        } catch {
                            _ = failures.increment()
                        }
                    }
                }
            }
        }
        let seconds = Double((ContinuousClock.now - start) / .microseconds(1)) / 1_000_000
        print(
            String(
                format: "thumbnails: %d files, %d threads, %.3f s wall, %.1f files/s, %d from embedded previews, "
                    + "%d failed, peak RSS %.1f MB", names.count, threads, seconds, Double(names.count) / seconds,
                fromPreviews.value, failures.value, peakResidentMegabytes()))
    }
}

/// A shared counter for handing out work across tasks.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    /// Returns the value before incrementing it.
    func increment() -> Int {
        lock.withLock {
            defer { count += 1 }
            return count
        }
    }

    var value: Int { lock.withLock { count } }
}
