import Foundation
import Testing
import TimeAndPlace

@testable import PhotoMetadata

@Suite("Walking photo folders")
struct PhotoFileWalkerTests {
    /// A temporary folder tree, removed after the test.
    final class Tree {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-walk-\(UUID())")
        init() throws { try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: root) }
        func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
        func file(_ relative: String) throws {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(relative).deletingLastPathComponent(),
                withIntermediateDirectories: true)
            try Data("x".utf8).write(to: root.appendingPathComponent(relative))
        }
    }

    @Test("Recursive, sorted, photo extensions only, hidden entries skipped")
    func basicWalk() throws {
        let tree = try Tree()
        for name in ["b/IMG_2.JPG", "a/IMG_1.jpeg", "a/notes.txt", "a/.hidden.jpg", ".thumbnails/t.jpg", "c.heic", "noext"] {
            try tree.file(name)
        }
        let result = PhotoFileWalker().walk([tree.root.path])
        #expect(result.files == [tree.path("a/IMG_1.jpeg"), tree.path("b/IMG_2.JPG"), tree.path("c.heic")])
        #expect(result.skippedFiles == 2)
        #expect(result.problems.isEmpty)
    }

    @Test("A folder at a time: batches hold one folder's files with its sidecars, the same files in the same order")
    func batches() throws {
        let tree = try Tree()
        let names = [
            "2015/06 June/IMG_1.JPG", "2015/06 June/IMG_1.JPG.xmp", "2015/06 June/IMG_2.JPG", "2015/06 June/IMG_3.JPG",
            "2015/06 June/sub/IMG_4.JPG", "2015/06 June/zz.jpg", "2015/07 July/IMG_5.JPG", "top.jpg",
        ]
        for name in names { try tree.file(name) }
        let roots = [tree.root.path, tree.path("2015/07 July/IMG_5.JPG")]
        let batches = Array(PhotoFileWalker().batches(roots, limit: 2))
        #expect(batches.flatMap(\.files) == PhotoFileWalker().walk(roots).files, "the walk's files, in its order")
        #expect(
            batches.map { $0.files.map { URL(fileURLWithPath: $0).lastPathComponent } } == [
                ["IMG_1.JPG", "IMG_2.JPG"], ["IMG_3.JPG"], ["IMG_4.JPG"], ["zz.jpg"], ["IMG_5.JPG"], ["top.jpg"], ["IMG_5.JPG"],
            ], "at most 2 a batch; a subfolder starts a batch of its own, and its parent's files after it another")
        let june: Set = [tree.path("2015/06 June/IMG_1.JPG.xmp")]
        #expect(batches.map(\.sidecars) == [june, june, [], june, [], [], nil], "each folder's own; none for a file named")
        #expect(batches.map(\.skippedFiles).reduce(0, +) == 1)
    }

    @Test("Files named before, between and after folders: every one of them, and every folder's files, in order")
    func filesAndFolders() throws {
        let tree = try Tree()
        for name in ["one.jpg", "a/IMG_1.JPG", "two.jpg", "b/IMG_2.JPG", "three.jpg"] { try tree.file(name) }
        let roots = ["one.jpg", "a", "two.jpg", "three.jpg", "b"].map(tree.path)
        let batches = Array(PhotoFileWalker().batches(roots))
        #expect(
            batches.map { $0.files.map { URL(fileURLWithPath: $0).lastPathComponent } } == [
                ["one.jpg"], ["IMG_1.JPG"], ["two.jpg", "three.jpg"], ["IMG_2.JPG"],
            ], "a folder named after a file was walked past once")
        #expect(batches.map { $0.sidecars == nil } == [true, false, true, false])
    }

    @Test("Symlink loops, dangling links and FIFOs are reported and never stop the walk")
    func hostileEntries() throws {
        let tree = try Tree()
        try tree.file("photos/IMG_1.jpg")
        try FileManager.default.createSymbolicLink(atPath: tree.path("photos/loop"), withDestinationPath: tree.path("photos"))
        try FileManager.default.createSymbolicLink(atPath: tree.path("photos/gone.jpg"), withDestinationPath: tree.path("nowhere.jpg"))
        #expect(mkfifo(tree.path("photos/pipe.jpg"), 0o600) == 0)
        let result = PhotoFileWalker().walk([tree.path("photos"), tree.path("missing")])
        #expect(result.files == [tree.path("photos/IMG_1.jpg")])
        #expect(
            Set(result.problems.map(\.path)) == [
                tree.path("photos/gone.jpg"), tree.path("photos/loop"),
                tree.path("photos/pipe.jpg"), tree.path("missing"),
            ])
        #expect(result.problems.first { $0.path.hasSuffix("loop") }?.reason.contains("loop") == true)
    }

    @Test("A system folder is a file system of its own: /proc, /sys unmounted (a chroot) are ordinary folders")
    func unmountedSystemFolders() throws {
        let tree = try Tree()
        try tree.file("proc/cpuinfo")
        try tree.file("sys/kernel")
        // As a chroot without /proc and /sys mounted sees them: folders of the root's own file system.
        #expect(PhotoFileWalker.mountedDevices(of: [tree.path("proc"), tree.path("sys")], root: tree.root.path).isEmpty)
        #if os(Linux)
            // The machine's own /proc is mounted: a file system of its own, whatever the disk holding the photos.
            var proc = stat()
            if stat("/proc/self", &proc) == 0 {
                #expect(PhotoFileWalker.mountedDevices(of: ["/proc"], root: "/") == [UInt64(proc.st_dev)])
            }
        #endif
    }

    @Test("A FIFO named explicitly is refused without blocking")
    func fifoNamedExplicitly() throws {
        let tree = try Tree()
        #expect(mkfifo(tree.path("pipe.jpg"), 0o600) == 0)
        #expect(throws: PhotoMetadataError.notARegularFile(kind: "a FIFO")) {
            try PhotoMetadataExtractor().metadata(ofFileAt: tree.path("pipe.jpg"))
        }
    }

    @Test("A file name that is not UTF-8 is reported by the walk, not misread")
    func nonUTF8Name() throws {
        let tree = try Tree()
        try tree.file("good.jpg")
        let bytes = Array(tree.path("bad").utf8) + [0xFF, 0xFE] + Array(".jpg".utf8) + [0]
        let descriptor = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { open($0, O_CREAT | O_WRONLY, 0o600) }
        }
        #expect(descriptor >= 0)
        close(descriptor)
        let result = PhotoFileWalker().walk([tree.root.path])
        #expect(result.files == [tree.path("good.jpg")])
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.reason.contains("not valid UTF-8") == true)
    }

    @Test("Very long paths and names work")
    func longPaths() throws {
        let tree = try Tree()
        let folder = (0..<12).map { _ in String(repeating: "d", count: 200) }.joined(separator: "/")
        let name = String(repeating: "n", count: 250) + ".jpg"
        try tree.file("\(folder)/\(name)")
        let result = PhotoFileWalker().walk([tree.root.path])
        #expect(result.files.count == 1 && result.files[0].count > 2_400)
        #expect(throws: PhotoMetadataError.truncated) { try PhotoMetadataExtractor().metadata(ofFileAt: result.files[0]) }
    }

    @Test("A device file named like a photo is never opened", .enabled(if: geteuid() == 0, "mknod needs root"))
    func deviceFile() throws {
        let tree = try Tree()
        #expect(mknod(tree.path("zero.jpg"), S_IFCHR | 0o600, (1 << 8) | 5) == 0)  // major 1, minor 5: /dev/zero, whose reads never end
        let result = PhotoFileWalker().walk([tree.root.path])
        #expect(result.files.isEmpty)
        #expect(result.problems.first?.reason.contains("not opened") == true)
        #expect(throws: PhotoMetadataError.notARegularFile(kind: "a device")) {
            try PhotoMetadataExtractor().metadata(ofFileAt: tree.path("zero.jpg"))
        }
    }

    @Test("A fan's library of year and month folders (100 folders of 1,000 photos) walks whole")
    func fanShapedLibrary() async throws {
        // Seconds of file system work: off Swift's cooperative threads, which other suites' servers need.
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            DispatchQueue.global().async { continuation.resume(with: Result { try Self.walkFanShapedLibrary() }) }
        }
    }

    static func walkFanShapedLibrary() throws {
        let tree = try Tree()
        let months = [
            "01 January", "02 February", "03 March", "04 April", "05 May", "06 June", "07 July", "08 August",
            "09 September", "10 October", "11 November", "12 December",
        ]
        var expected: [String] = []
        for folder in 0..<100 {
            let relative = "\(2015 + folder / 12)/\(months[folder % 12])"
            let url = tree.root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for photo in 0..<1_000 {
                // Names of every length, so directory records of every size sit side by side.
                let name = "IMG_\(photo)" + String(repeating: "x", count: photo % 40) + ".JPG"
                #expect(FileManager.default.createFile(atPath: url.appendingPathComponent(name).path, contents: nil))
                expected.append(url.appendingPathComponent(name).path)
            }
        }
        let result = PhotoFileWalker().walk([tree.root.path])
        #expect(result.problems.isEmpty)
        #expect(result.files.count == 100_000)
        #expect(Set(result.files) == Set(expected))
    }

    @Test("A link to / is reported, not walked; --follow-links follows links out but never into /proc or /sys")
    func linkToRoot() throws {
        let tree = try Tree()
        try tree.file("photos/IMG_1.jpg")
        try FileManager.default.createSymbolicLink(atPath: tree.path("photos/everything"), withDestinationPath: "/")
        let result = PhotoFileWalker().walk([tree.path("photos")])
        #expect(result.files == [tree.path("photos/IMG_1.jpg")])
        #expect(result.problems.map(\.path) == [tree.path("photos/everything")])
        #expect(result.problems.first?.isLinkNotFollowed == true, "a front end can say how to follow it")

        try tree.file("elsewhere/IMG_2.jpg")
        try FileManager.default.createSymbolicLink(atPath: tree.path("photos/elsewhere"), withDestinationPath: tree.path("elsewhere"))
        try FileManager.default.createSymbolicLink(atPath: tree.path("photos/proc"), withDestinationPath: "/proc")
        let followed = PhotoFileWalker(followsLinks: true).walk([tree.path("photos/elsewhere"), tree.path("photos/proc")])
        #expect(followed.files == [tree.path("photos/elsewhere/IMG_2.jpg")])
        #expect(followed.problems.map(\.path) == [tree.path("photos/proc")])
    }

    @Test("18 levels of link diamonds give each photo once")
    func linkDiamonds() throws {
        let tree = try Tree()
        try tree.file("level18/IMG_1.jpg")
        for level in stride(from: 17, through: 0, by: -1) {
            let folder = tree.path("level\(level)")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for side in ["a", "b"] {
                try FileManager.default.createSymbolicLink(atPath: folder + "/" + side, withDestinationPath: tree.path("level\(level + 1)"))
            }
        }
        let result = PhotoFileWalker().walk([tree.path("level0")])
        // The links lead out of level0 (to sibling folders), so nothing is followed without --follow-links …
        #expect(result.files.isEmpty)
        // … and with it, every real folder is walked once.
        let followed = PhotoFileWalker(followsLinks: true).walk([tree.path("level0")])
        #expect(followed.files == [tree.path("level0/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/a/IMG_1.jpg")])
        #expect(followed.problems.count == 18)
        // Links inside the folder given are followed, each real folder still once.
        let inside = PhotoFileWalker().walk([tree.root.path])
        #expect(inside.files.count == 1)
    }
}
