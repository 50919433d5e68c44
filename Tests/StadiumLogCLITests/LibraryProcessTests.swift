import Foundation
import GRDB
import Testing
import VisitStore

/// The library under real processes: killed mid-import, two imports at once, confirm driven through stdin.
@Suite("Library under real processes")
struct LibraryProcessTests {
    /// A folder of `count` distinct photos of one real game: the same JPEG with a different trailer after its EOI
    /// (ignored by decoders, but a different SHA-256 each).
    final class Corpus {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-corpus-\(UUID())")
        init(count: Int, offset: Int = 0) throws {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let original = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("TestImages/matching/high-exact-day.jpg"))
            for index in offset..<(offset + count) {
                try (original + Data("copy \(index)".utf8)).write(
                    to: folder.appendingPathComponent(String(format: "photo-%04d.jpg", index)))
            }
        }
        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    final class Library {
        let folder: URL
        init(folder: URL = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-lib-\(UUID())")) {
            self.folder = folder
        }
        deinit { try? FileManager.default.removeItem(at: folder) }

        func rows() throws -> (visits: Int, photos: Int, distinct: Int, integrity: String) {
            let path = folder.appendingPathComponent(VisitLibrary.databaseName).path
            guard FileManager.default.fileExists(atPath: path) else { return (0, 0, 0, "no database yet") }
            var configuration = Configuration()
            configuration.readonly = true
            let database = try DatabaseQueue(path: path, configuration: configuration)
            return try database.read { db in
                (
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM visit") ?? -1,
                    try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM visitPhoto") ?? -1,
                    try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT originalPath) FROM visitPhoto") ?? -1,
                    try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? ""
                )
            }
        }

        /// Photos whose thumbnail is kept; photos that name a thumbnail the thumbnails' database does not hold; that
        /// database's integrity.
        func thumbnails() throws -> (kept: Int, unkept: Int, integrity: String) {
            var configuration = Configuration()
            configuration.readonly = true
            let named = try DatabaseQueue(path: folder.appendingPathComponent(VisitLibrary.databaseName).path, configuration: configuration)
                .read { db in try String.fetchAll(db, sql: "SELECT sha256 FROM visitPhoto WHERE thumbnailFile IS NOT NULL") }
            let store = try DatabaseQueue(
                path: folder.appendingPathComponent(ThumbnailStore.databaseName).path, configuration: configuration)
            return try store.read { db in
                let kept = Set(try String.fetchAll(db, sql: "SELECT sha256 FROM thumbnail"))
                let unkept = named.filter { !kept.contains($0) }.count
                return (named.count - unkept, unkept, try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "")
            }
        }
    }

    /// Starts `stadiumlog ARGUMENTS`; its standard error goes to `errors` when given, else nowhere.
    static func start(_ arguments: [String], errors: URL? = nil) throws -> Process {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["STADIUMLOG_OFFLINE": "1"]) { _, new in new }
        process.standardOutput = FileHandle.nullDevice
        if let errors {
            FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
        } else {
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        return process
    }

    /// Where the kills land: three points in CI, twenty with `STADIUMLOG_EXHAUSTIVE=1` (Scripts/robustness).
    static let killPoints =
        ProcessInfo.processInfo.environment["STADIUMLOG_EXHAUSTIVE"] == "1"
        ? [1, 7, 15, 30, 50, 75, 100, 130, 160, 200, 240, 280, 320, 360, 400, 440, 480, 520, 560, 590] : [1, 100, 400]

    @Test(
        "Killed with SIGKILL mid-import, then run again: every photo exactly once, database intact",
        arguments: killPoints)
    func killAndResume(afterPhotos threshold: Int) throws {
        let corpus = try Corpus(count: 600)
        let library = Library()
        let arguments = ["import", corpus.folder.path, "--library", library.folder.path, "--chunk-size", "7"]
        let victim = try Self.start(arguments)
        // Kill as soon as the import has stored `threshold` photos: always in the middle of the work.
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, victim.isRunning, ((try? library.rows().photos) ?? 0) < threshold {
            Thread.sleep(forTimeInterval: 0.005)
        }
        kill(victim.processIdentifier, SIGKILL)
        victim.waitUntilExit()
        let interrupted = try library.rows()
        #expect(victim.terminationReason == .uncaughtSignal, "killed, not finished")
        #expect(interrupted.photos >= threshold && interrupted.photos < 600)
        #expect(interrupted.integrity == "ok")
        let completed = try CLI.run(arguments)
        #expect(completed.status == 0)
        let rows = try library.rows()
        #expect(rows.integrity == "ok")
        #expect(rows.photos == 600 && rows.distinct == 600)
        #expect(rows.visits == 1)
        let thumbnails = try library.thumbnails()
        #expect(thumbnails.unkept == 0 && thumbnails.integrity == "ok", "every photo's thumbnail kept")
    }

    @Test("Two and four imports of overlapping folders at once: the same rows as one import", arguments: [2, 4])
    func concurrentImports(processes: Int) throws {
        // Folder k holds photos 60k ..< 60k + 120: each overlaps the next by 60.
        let corpora = try (0..<processes).map { try Corpus(count: 120, offset: 60 * $0) }
        let library = Library()
        let errors = corpora.map { $0.folder.appendingPathExtension("stderr") }
        defer { for file in errors { try? FileManager.default.removeItem(at: file) } }
        let running = try zip(corpora, errors).map { corpus, errors in
            try Self.start(["import", corpus.folder.path, "--library", library.folder.path, "--chunk-size", "5"], errors: errors)
        }
        for process in running { process.waitUntilExit() }
        let said = errors.map { (try? String(contentsOf: $0, encoding: .utf8)) ?? "" }
        #expect(running.allSatisfy { $0.terminationStatus == 0 }, "\(running.map(\.terminationStatus)): \(said)")
        let rows = try library.rows()
        // Shared photos have the same content in two folders: once each, under whichever path came first.
        #expect(rows.photos == 60 * processes + 60)
        #expect(rows.visits == 1)
        #expect(rows.integrity == "ok")
    }

    @Test("Paths with quotes, spaces, a newline and a leading dash import like any other")
    func oddPaths() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog odd \"names\" \(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let original = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("TestImages/matching/high-exact-day.jpg"))
        let names = ["-dash first.jpg", "it's \"quoted\".jpg", "new\nline.jpg", "  spaces  .jpg"]
        for (index, name) in names.enumerated() {
            try (original + Data("odd \(index)".utf8)).write(to: folder.appendingPathComponent(name))
        }
        let library = Library()
        let folderImport = try CLI.run(["import", folder.path, "--library", library.folder.path])
        #expect(folderImport.status == 0)
        #expect(try library.rows().photos == names.count)
        // Named one by one, after `--` so the leading dash is not an option.
        let again = try CLI.run(["import", "--library", library.folder.path, "--"] + names.map { folder.appendingPathComponent($0).path })
        #expect(again.status == 0 && again.stdout.contains("4 already in the library"))
    }

    @Test("Interactive confirm driven through standard input")
    func interactiveConfirm() throws {
        let library = Library()
        let imported = try CLI.run(["import", "TestImages/matching", "--library", library.folder.path])
        #expect(imported.status == 0)
        let pendingBefore = try CLI.run(["confirm", "--library", library.folder.path])
        // The photos near a game outside its time (the day after, hours after an afternoon game) are not questions.
        #expect(pendingBefore.stdout.contains("6 pending in 4 groups"), "\(pendingBefore.stdout)")
        // One prompt per moment (venue and day), in capture order: game 1 (the doubleheader's two photos), skip, tour,
        // choose 1 (a photo 1.2 km from Fenway during the game and one of its outing without GPS, settled at once).
        let session = try CLI.run(["confirm", "--interactive", "--library", library.folder.path], input: "1\ns\nt\n1\nq\n")
        #expect(session.status == 0)
        #expect(session.stdout.contains("→ skipped 1 photo"))
        #expect(
            session.stdout.contains("→ filed 2 photos into Los Angeles Dodgers at New York Mets (game 1), Citi Field"),
            "\(session.stdout)")
        #expect(session.stdout.contains("→ filed 1 photo into a tour, Citizens Bank Park"), "\(session.stdout)")
        #expect(session.stdout.contains("2 photos at Fenway Park, 2015-06-15"))
        #expect(session.stdout.contains("→ filed 2 photos into Atlanta Braves at Boston Red Sox, Fenway Park"), "\(session.stdout)")
        let pendingAfter = try CLI.run(["confirm", "--library", library.folder.path])
        #expect(pendingAfter.stdout.contains("0 pending"))
        let skipped = try CLI.run(["confirm", "--skipped", "--library", library.folder.path])
        #expect(skipped.stdout.contains("shared-arena-two-games.jpg") && skipped.stdout.contains("1 skipped"))
    }

    @Test("Scriptable confirm, export and restore through the command line")
    func exportRestore() throws {
        let library = Library()
        let restored = Library()
        _ = try CLI.run(["import", "TestImages/matching", "--library", library.folder.path])
        let list = try CLI.run(["confirm", "--library", library.folder.path]).stdout
        let id = try #require(list.split(separator: "\n").first { $0.contains("shared-arena-two-games.jpg") }?.split(separator: " ").first)
        let confirmed = try CLI.run(["confirm", String(id), "--choice", "1", "--library", library.folder.path])
        #expect(confirmed.status == 0 && confirmed.stdout.contains("American Airlines Center"))
        let file = library.folder.appendingPathComponent("export.json").path
        #expect(try CLI.run(["export", file, "--library", library.folder.path]).status == 0)
        #expect(try CLI.run(["restore", file, "--library", restored.folder.path]).status == 0)
        let before = try CLI.run(["visits", "--format", "csv", "--library", library.folder.path]).stdout
        let after = try CLI.run(["visits", "--format", "csv", "--library", restored.folder.path]).stdout
        #expect(before == after)
        #expect(before.split(separator: "\n").count == 16, "header and fifteen visits")
        let again = try CLI.run(["restore", file, "--library", restored.folder.path])
        #expect(again.status != 0 && again.stderr.contains("already has visits"))
    }

    /// Runs a system command (no shell), returning its exit status.
    @discardableResult
    static func system(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Mounting needs root and CAP_SYS_ADMIN (CI and the development machines have both).
    static let canMount: Bool = {
        guard geteuid() == 0 else { return false }
        let probe = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-mount-probe-\(UUID())")
        try? FileManager.default.createDirectory(at: probe, withIntermediateDirectories: true)
        defer {
            _ = try? system(["umount", probe.path])
            try? FileManager.default.removeItem(at: probe)
        }
        return (try? system(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.path])) == 0
    }()

    @Test("A read-only library: a clear error, the database intact", .enabled(if: canMount, "needs root and mount"))
    func readOnlyLibrary() throws {
        let library = Library()
        #expect(try CLI.run(["import", "TestImages/matching", "--library", library.folder.path]).status == 0)
        let before = try library.rows()
        #expect(try Self.system(["mount", "--bind", library.folder.path, library.folder.path]) == 0)
        defer { _ = try? Self.system(["umount", library.folder.path]) }
        #expect(try Self.system(["mount", "-o", "remount,bind,ro", library.folder.path]) == 0)
        let corpus = try Corpus(count: 20)
        let attempt = try CLI.run(["import", corpus.folder.path, "--library", library.folder.path])
        #expect(attempt.status != 0)
        #expect(attempt.stderr.contains("read-only"), "\(attempt.stderr)")
        #expect(try library.rows() == before)
        #expect(before.integrity == "ok")
        // What only reads still works on read-only media.
        let visits = try CLI.run(["visits", "--library", library.folder.path])
        #expect(visits.status == 0 && visits.stdout.contains("Fenway Park"), "\(visits.stderr)")
        let export = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-ro-export-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: export) }
        let exported = try CLI.run(["export", export.path, "--library", library.folder.path])
        #expect(exported.status == 0, "\(exported.stderr)")
        #expect(try CLI.run(["progress", "--library", library.folder.path]).status == 0)
    }

    @Test(
        "A full disk: a clear error, the database intact, the next run completes once there is room",
        .enabled(if: canMount, "needs root and mount"))
    func fullDisk() throws {
        let disk = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-small-disk-\(UUID())")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        defer {
            _ = try? Self.system(["umount", disk.path])
            try? FileManager.default.removeItem(at: disk)
        }
        #expect(try Self.system(["mount", "-t", "tmpfs", "-o", "size=384k", "tmpfs", disk.path]) == 0)
        let corpus = try Corpus(count: 400)
        let folder = disk.appendingPathComponent("library")
        let attempt = try CLI.run(["import", corpus.folder.path, "--library", folder.path, "--chunk-size", "10"])
        #expect(attempt.status != 0, "400 thumbnails and their rows do not fit in 384 KB")
        #expect(attempt.stderr.contains("is full; free some space"), "\(attempt.stderr)")
        let database = try DatabaseQueue(path: folder.appendingPathComponent(VisitLibrary.databaseName).path)
        let (photos, integrity) = try database.read { db in
            (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM visitPhoto") ?? -1, try String.fetchOne(db, sql: "PRAGMA integrity_check"))
        }
        #expect(integrity == "ok")
        #expect(photos < 400)
        try database.close()
        // Room again: the same import completes what was missing.
        #expect(try Self.system(["mount", "-o", "remount,size=16m", disk.path]) == 0)
        #expect(try CLI.run(["import", corpus.folder.path, "--library", folder.path]).status == 0)
        let finished = try DatabaseQueue(path: folder.appendingPathComponent(VisitLibrary.databaseName).path)
        #expect(try finished.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM visitPhoto") } == 400)
        try finished.close()
        let library = Library(folder: folder)
        let thumbnails = try library.thumbnails()
        #expect(thumbnails.unkept == 0 && thumbnails.integrity == "ok", "every photo's thumbnail kept")
    }
}
