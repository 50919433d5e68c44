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
                try (original + Data("copy \(index)".utf8)).write(to: folder.appendingPathComponent(String(format: "photo-%04d.jpg", index)))
            }
        }
        deinit { try? FileManager.default.removeItem(at: folder) }
    }

    final class Library {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-lib-\(UUID())")
        deinit { try? FileManager.default.removeItem(at: folder) }

        func rows() throws -> (visits: Int, photos: Int, distinct: Int, integrity: String) {
            let path = folder.appendingPathComponent(VisitLibrary.databaseName).path
            guard FileManager.default.fileExists(atPath: path) else { return (0, 0, 0, "no database yet") }
            var configuration = Configuration()
            configuration.readonly = true
            let database = try DatabaseQueue(path: path, configuration: configuration)
            return try database.read { db in
                (try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM visit") ?? -1,
                 try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM visitPhoto") ?? -1,
                 try Int.fetchOne(db, sql: "SELECT COUNT(DISTINCT originalPath) FROM visitPhoto") ?? -1,
                 try String.fetchOne(db, sql: "PRAGMA integrity_check") ?? "")
            }
        }
    }

    static func start(_ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test("Killed with SIGKILL mid-import, then run again: every photo exactly once, database intact",
          arguments: [1, 100, 400])
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
    }

    @Test("Two imports of overlapping folders at once: the same rows as one import")
    func concurrentImports() throws {
        let first = try Corpus(count: 120), second = try Corpus(count: 120, offset: 60)
        let library = Library()
        let a = try Self.start(["import", first.folder.path, "--library", library.folder.path, "--chunk-size", "5"])
        let b = try Self.start(["import", second.folder.path, "--library", library.folder.path, "--chunk-size", "5"])
        a.waitUntilExit()
        b.waitUntilExit()
        #expect(a.terminationStatus == 0 && b.terminationStatus == 0)
        let rows = try library.rows()
        // Photos 60-119 are in both folders with the same content: once each, under whichever path came first.
        #expect(rows.photos == 180)
        #expect(rows.visits == 1)
        #expect(rows.integrity == "ok")
    }

    @Test("Interactive confirm driven through standard input")
    func interactiveConfirm() throws {
        let library = Library()
        let imported = try CLI.run(["import", "TestImages/matching", "--library", library.folder.path])
        #expect(imported.status == 0)
        let pendingBefore = try CLI.run(["confirm", "--library", library.folder.path])
        #expect(pendingBefore.stdout.contains("7 pending"))
        // Answers in pending order: skip, tour, choose 1, choose 1, then quit.
        let session = try CLI.run(["confirm", "--interactive", "--library", library.folder.path], input: "s\nt\n1\n1\nq\n")
        #expect(session.status == 0)
        #expect(session.stdout.contains("→ skipped"))
        #expect(session.stdout.contains("→ Fenway Park"))
        let pendingAfter = try CLI.run(["confirm", "--library", library.folder.path])
        #expect(pendingAfter.stdout.contains("3 pending"))
    }

    @Test("Scriptable confirm, export and restore through the command line")
    func exportRestore() throws {
        let library = Library(), restored = Library()
        _ = try CLI.run(["import", "TestImages/matching", "--library", library.folder.path])
        let list = try CLI.run(["confirm", "--library", library.folder.path]).stdout
        let id = try #require(list.split(separator: "\n").first { $0.contains("doubleheader.jpg") }?.split(separator: " ").first)
        let confirmed = try CLI.run(["confirm", String(id), "--choice", "1", "--library", library.folder.path])
        #expect(confirmed.status == 0 && confirmed.stdout.contains("Citi Field"))
        let file = library.folder.appendingPathComponent("export.json").path
        #expect(try CLI.run(["export", file, "--library", library.folder.path]).status == 0)
        #expect(try CLI.run(["restore", file, "--library", restored.folder.path]).status == 0)
        let before = try CLI.run(["visits", "--format", "csv", "--library", library.folder.path]).stdout
        let after = try CLI.run(["visits", "--format", "csv", "--library", restored.folder.path]).stdout
        #expect(before == after)
        #expect(before.split(separator: "\n").count == 7, "header and six visits")
        let again = try CLI.run(["restore", file, "--library", restored.folder.path])
        #expect(again.status != 0 && again.stderr.contains("already has visits"))
    }
}
