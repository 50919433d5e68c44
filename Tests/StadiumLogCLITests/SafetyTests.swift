import Foundation
import GRDB
import Testing
import VisitStore

/// The defects found by trying StadiumLog like a new user with hostile files and damaged libraries, each through
/// the real binary: crashes, leaks of private data, and silent losses.
@Suite("Safe with any folder and any file")
struct SafetyTests {
    typealias Library = LibraryProcessTests.Library

    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-\(name)-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func mode(_ url: URL) -> Int {
        var status = stat()
        return stat(url.path, &status) == 0 ? Int(status.st_mode & 0o777) : -1
    }

    static func importMatching(into library: Library) async throws {
        let result = try await CLI.run(["import", "TestImages/matching", "--library", library.folder.path])
        #expect(result.status == 0, "\(result.stderr)")
    }

    // MARK: Crashes

    @Test("confirm --choice on a match without candidates is an error, not a trap; a failed attach leaves nothing")
    func choiceWithoutCandidates() async throws {
        let library = Library()
        try await Self.importMatching(into: library)
        let unknown = try await CLI.run([
            "attach", "TestImages/matching/missing-gps.jpg", "--game", "game_mlb_2015_xxx_yyy_0101",
            "--library", library.folder.path,
        ])
        #expect(unknown.status == 1 && unknown.stderr.contains("no game game_mlb_2015_xxx_yyy_0101 in the catalog"), "\(unknown.stderr)")
        #expect(try await CLI.run(["confirm", "--library", library.folder.path]).stdout.contains("6 pending"), "no row left behind")
        // A pending match without candidates, as a restored export can hold.
        let export = library.folder.appendingPathComponent("with-empty.json")
        #expect(try await CLI.run(["export", export.path, "--library", library.folder.path]).status == 0)
        var document = try JSONSerialization.jsonObject(with: Data(contentsOf: export)) as! [String: Any]
        var pending = document["pending"] as! [[String: Any]]
        pending[0]["candidates"] = [Any]()
        document["pending"] = pending
        try JSONSerialization.data(withJSONObject: document).write(to: export)
        let restored = Library()
        #expect(try await CLI.run(["restore", export.path, "--library", restored.folder.path]).status == 0)
        let id = try #require(pending[0]["id"] as? String)
        let choice = try await CLI.run(["confirm", id, "--choice", "1", "--library", restored.folder.path])
        #expect(choice.status == 1, "an error exit, not a trap (132)")
        #expect(choice.stderr.contains("no candidate games"), "\(choice.stderr)")
        let beyond = try await CLI.run([
            "confirm", try #require(pending[1]["id"] as? String), "--choice", "9",
            "--library", restored.folder.path,
        ])
        #expect(beyond.status == 1 && beyond.stderr.contains("there is no candidate 9"), "\(beyond.stderr)")
    }

    @Test(
        "thumbnails --size takes 32 to 1024 and refuses the rest with one line",
        arguments: ["2147483648", "0", "-200", "31", "1025", "abc"])
    func thumbnailSizes(size: String) async throws {
        let library = Library()
        try await Self.importMatching(into: library)
        func thumbnails() throws -> [Data?] {
            let reader = try VisitLibrary(folder: library.folder, access: .readOnly)
            return try reader.photosWithThumbnails().map { try reader.thumbnails.jpeg(ofPhoto: $0.hash) }
        }
        let before = try thumbnails()
        #expect(!before.isEmpty && before.allSatisfy { $0 != nil })
        let result = try await CLI.run(["thumbnails", "--all", "--size=\(size)", "--library", library.folder.path])
        #expect(result.status != 0 && result.status != 132, "\(result.status)")
        #expect(result.stderr.contains("--size") || result.stderr.contains("size"), "\(result.stderr)")
        #expect(try thumbnails() == before, "no thumbnail rewritten")
    }

    // MARK: Security and privacy

    @Test("A crafted export cannot make the report embed another file: restore refuses it, naming the field")
    func craftedExport() async throws {
        let library = Library()
        try await Self.importMatching(into: library)
        let export = library.folder.appendingPathComponent("export.json")
        #expect(try await CLI.run(["export", export.path, "--library", library.folder.path]).status == 0)
        let original = try JSONSerialization.jsonObject(with: Data(contentsOf: export)) as! [String: Any]
        let cases: [(change: (inout [String: Any]) -> Void, message: String)] = [
            (
                { d in
                    var p = d["photos"] as! [[String: Any]]
                    p[0]["thumbnailFile"] = "../../../../etc/shadow"
                    d["photos"] = p
                },
                "photos[0].thumbnailFile"
            ),
            (
                { d in
                    var v = d["visits"] as! [[String: Any]]
                    v[0]["homeScore"] = -3
                    d["visits"] = v
                }, "visits[0].homeScore"
            ),
            (
                { d in
                    var p = d["photos"] as! [[String: Any]]
                    p[1]["sha256"] = p[0]["sha256"]
                    d["photos"] = p
                }, "photos[1].sha256"
            ),
            (
                { d in
                    var p = d["photos"] as! [[String: Any]]
                    p[0]["sha256"] = "../x"
                    d["photos"] = p
                }, "photos[0].sha256"
            ),
            (
                { d in
                    var v = d["visits"] as! [[String: Any]]
                    v[0]["id"] = "a/../b"
                    d["visits"] = v
                }, "visits[0].id"
            ),
            ({ d in d["version"] = 99 }, "version 99"),
            (
                { d in
                    var v = d["visits"] as! [[String: Any]]
                    v[0]["notes"] = String(repeating: "x", count: 20_000)
                    d["visits"] = v
                },
                "visits[0].notes"
            ),
        ]
        for (change, message) in cases {
            var document = original
            change(&document)
            let crafted = library.folder.appendingPathComponent("crafted.json")
            try JSONSerialization.data(withJSONObject: document).write(to: crafted)
            let target = Library()
            let result = try await CLI.run(["restore", crafted.path, "--library", target.folder.path])
            #expect(result.status == 1 && result.stderr.contains(message), "\(message): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: target.folder.path), "a refused restore creates no library")
        }
        let garbage = library.folder.appendingPathComponent("garbage.json")
        try Data("not json at all".utf8).write(to: garbage)
        let result = try await CLI.run(["restore", garbage.path, "--library", Library().folder.path])
        #expect(result.status == 1 && result.stderr.contains("not JSON") && !result.stderr.contains("DecodingError"), "\(result.stderr)")
    }

    @Test("EXIF text and file names cannot drive the terminal; CSV cells cannot be formulas")
    func injection() async throws {
        let folder = try Self.folder("inject")
        defer { try? FileManager.default.removeItem(at: folder) }
        var bytes = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("TestImages/matching/high-exact-day.jpg"))
        let make = Data("StadiumLog".utf8)
        let range = try #require(bytes.range(of: make))
        bytes.replaceSubrange(range, with: Data("\u{1B}]0;pwn\u{07}\nX".utf8))
        try bytes.write(to: folder.appendingPathComponent("escape.jpg"))
        bytes.replaceSubrange(range, with: Data("=HYPERLINK".utf8))
        try bytes.write(to: folder.appendingPathComponent("formula\u{1B}[2J.jpg"))
        let table = try await CLI.run(["scan", folder.path])
        #expect(table.status == 0)
        #expect(!table.stdout.contains("\u{1B}") && !table.stdout.contains("\u{07}"))
        #expect(table.stdout.split(separator: "\n").filter { $0.contains(folder.path) }.count == 2, "no forged row")
        let csv = try await CLI.run(["scan", folder.path, "--format", "csv"])
        #expect(csv.stdout.contains(",'=HYPERLINK,"), "\(csv.stdout)")
        #expect(csv.stdout.contains(",-04:00,") && csv.stdout.contains(",-71.0980125,"), "numbers and offsets stay numbers")
    }

    @Test("The library folder is private (0700) even when it existed; its files are the owner's (0600); HOME is followed")
    func fileModes() async throws {
        let library = Library()
        try FileManager.default.createDirectory(
            at: library.folder, withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        try await Self.importMatching(into: library)
        #expect(Self.mode(library.folder) == 0o700)
        #expect(Self.mode(library.folder.appendingPathComponent("library.sqlite")) == 0o600)
        #expect(Self.mode(library.folder.appendingPathComponent(ThumbnailStore.databaseName)) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: library.folder.appendingPathComponent("thumbnails").path), "no file a thumbnail")
        let export = library.folder.appendingPathComponent("export.json")
        let report = library.folder.appendingPathComponent("r.html")
        #expect(try await CLI.run(["export", export.path, "--library", library.folder.path]).status == 0)
        #expect(try await CLI.run(["report", report.path, "--library", library.folder.path]).status == 0)
        #expect(Self.mode(export) == 0o600 && Self.mode(report) == 0o600)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: library.folder.path).filter {
            $0.hasPrefix(".") && ![".migration.lock", ".import.lock"].contains($0)
        }
        #expect(leftovers.isEmpty, "no temporary files beside the export: \(leftovers)")

        let home = try Self.folder("home")
        defer { try? FileManager.default.removeItem(at: home) }
        let imported = try await CLI.run(
            ["import", "TestImages/matching/high-exact-day.jpg"],
            environment: ["HOME": home.path, "STADIUMLOG_LIBRARY": "", "XDG_DATA_HOME": ""])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent(".local/share/stadiumlog/library.sqlite").path))
    }

    // MARK: Never lose anything silently

    @Test(
        "A missing, empty or emptied database beside thumbnails is damaged: refused, nothing created",
        arguments: ["delete", "truncate", "no tables"])
    func damagedLibrary(how: String) async throws {
        let library = Library()
        try await Self.importMatching(into: library)
        let database = library.folder.appendingPathComponent("library.sqlite")
        switch how {
        case "delete": try FileManager.default.removeItem(at: database)
        case "truncate": try Data().write(to: database)
        default:
            try FileManager.default.removeItem(at: database)
            let empty = try DatabaseQueue(path: database.path)
            try await empty.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
            try empty.close()
        }
        for command in [["visits"], ["progress"], ["import", "TestImages/matching"], ["export", "/tmp/stadiumlog-never.json"]] {
            let result = try await CLI.run(command + ["--library", library.folder.path])
            #expect(result.status == 1, "\(command)")
            #expect(result.stderr.contains("is damaged") && result.stderr.contains("restore"), "\(command): \(result.stderr)")
        }
        #expect(how != "delete" || !FileManager.default.fileExists(atPath: database.path), "no new database")
        #expect((try? Data(contentsOf: database))?.count ?? 0 <= 4_096, "no schema migrated into it")
    }

    @Test("A database SQLite finds damaged is never written to, and says so in one sentence")
    func corruptDatabase() async throws {
        let library = Library()
        try await Self.importMatching(into: library)
        let database = library.folder.appendingPathComponent("library.sqlite")
        #expect(!FileManager.default.fileExists(atPath: database.path + "-wal"), "the import closed the library")
        var bytes = try Data(contentsOf: database)
        #expect(bytes.count > 8_192)
        bytes.replaceSubrange(4_096..<bytes.count, with: Data(repeating: 0xA5, count: bytes.count - 4_096))
        try bytes.write(to: database)
        let result = try await CLI.run(["import", "TestImages/matching", "--library", library.folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("is damaged"), "\(result.stderr)")
        #expect(try Data(contentsOf: database) == bytes, "nothing written")
        try Data("this is not a database, just text that fills more than a header would".utf8).write(to: database)
        let visits = try await CLI.run(["visits", "--library", library.folder.path])
        #expect(visits.status == 1 && visits.stderr.contains("is damaged"), "\(visits.stderr)")
    }

    @Test("Read-only commands never create a library; a folder of other files is not made one")
    func readOnlyCommandsCreateNothing() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-typo-\(UUID())")
        for command in [
            ["visits"], ["progress"], ["report", "/tmp/stadiumlog-never.html"], ["export", "/tmp/stadiumlog-never.json"],
            ["providers"], ["scores"], ["confirm"],
        ] {
            let result = try await CLI.run(command + ["--library", missing.path])
            #expect(result.status == 1 && result.stderr.contains("there is no library"), "\(command): \(result.stderr)")
            #expect(!FileManager.default.fileExists(atPath: missing.path), "\(command) created the folder")
        }
        #expect(!FileManager.default.fileExists(atPath: "/tmp/stadiumlog-never.html"))
        let documents = try Self.folder("documents")
        defer { try? FileManager.default.removeItem(at: documents) }
        try Data("tax return".utf8).write(to: documents.appendingPathComponent("taxes.txt"))
        let result = try await CLI.run(["import", "TestImages/matching", "--library", documents.path])
        #expect(result.status == 1 && result.stderr.contains("not a StadiumLog library"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: documents.path) == ["taxes.txt"])
    }

    @Test("Commands that change a library never start one on a mistyped --library; import says when it starts one")
    func noLibraryFromATypo() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-typo-\(UUID())")
        let empty = try Self.folder("empty")
        defer { try? FileManager.default.removeItem(at: empty) }
        for folder in [missing, empty] {
            for command in [
                ["undo"], ["thumbnails"], ["relink", "TestImages/matching"], ["scores", "--retry"],
                ["scores", "--set", "ABCDEF", "4-2"], ["confirm", "ABCDEF", "--tour"], ["visits", "edit", "ABCDEF", "--seat", "1"],
                ["visits", "move", "TestImages/matching/high-exact-day.jpg", "--tour"], ["visits", "delete", "ABCDEF", "--yes"],
            ] {
                let result = try await CLI.run(command + ["--library", folder.path])
                #expect(result.status == 1 && result.stderr.contains("there is no library at"), "\(command): \(result.stderr)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: missing.path), "no folder made")
        #expect(try FileManager.default.contentsOfDirectory(atPath: empty.path).isEmpty, "nothing written into the empty folder")
        let started = try await CLI.run(["import", "TestImages/matching/high-exact-day.jpg", "--library", missing.path])
        defer { try? FileManager.default.removeItem(at: missing) }
        #expect(started.status == 0 && started.stderr.contains("New library at \(missing.path)"), "\(started.stderr)")
        let again = try await CLI.run(["import", "TestImages/matching/high-exact-day.jpg", "--library", missing.path])
        #expect(!again.stderr.contains("New library"), "said once, when it is made")
    }

    @Test("Temporary files left by killed runs are removed by the next one")
    func abandonedTemporaries() async throws {
        let library = Library()
        try await Self.importMatching(into: library)
        let dead = Process()
        dead.executableURL = URL(fileURLWithPath: "/bin/true")
        try dead.run()
        dead.waitUntilExit()
        let pid = dead.processIdentifier
        let exportFolder = try Self.folder("exports")
        defer { try? FileManager.default.removeItem(at: exportFolder) }
        let staleExport = exportFolder.appendingPathComponent(".mine.json.\(pid).7.stadiumlog-tmp")
        try Data(repeating: 1, count: 100).write(to: staleExport)
        #expect(
            try await CLI.run(["export", exportFolder.appendingPathComponent("mine.json").path, "--library", library.folder.path]).status
                == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: exportFolder.path) == ["mine.json"])
    }

    @Test("A library that kept a file per thumbnail (before 2026-11-28) is read as it is, and moved by the next writing command")
    func legacyThumbnailFiles() async throws {
        let library = Library()
        try await Self.importMatching(into: library)
        let store = library.folder.appendingPathComponent(ThumbnailStore.databaseName)
        let database = try DatabaseQueue(path: store.path)
        let kept = try await database.read { db in
            try Row.fetchAll(db, sql: "SELECT sha256, jpeg FROM thumbnail").map { (hash: $0[0] as String, jpeg: $0[1] as Data) }
        }
        try database.close()
        #expect(kept.count >= 5)
        // The layout older versions wrote: thumbnails/ab/<sha256>.jpg, and a file half written by a killed run.
        let folder = library.folder.appendingPathComponent("thumbnails")
        for (hash, jpeg) in kept {
            let subfolder = folder.appendingPathComponent(String(hash.prefix(2)))
            try FileManager.default.createDirectory(at: subfolder, withIntermediateDirectories: true)
            try jpeg.write(to: subfolder.appendingPathComponent("\(hash).jpg"))
        }
        let stale = folder.appendingPathComponent("\(kept[0].hash.prefix(2))/.\(kept[0].hash).jpg.999999.1.stadiumlog-tmp")
        try Data(repeating: 1, count: 10).write(to: stale)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store.path + suffix) }

        let check = try await CLI.run(["check", "--library", library.folder.path])
        #expect(check.status == 0 && check.stdout.contains("Thumbnails: all there"), "\(check.stdout)\(check.stderr)")
        let report = library.folder.appendingPathComponent("r.html")
        #expect(try await CLI.run(["report", report.path, "--library", library.folder.path]).status == 0)
        #expect(try String(contentsOf: report, encoding: .utf8).contains("data:image/jpeg;base64,"), "read from the files")
        #expect(!FileManager.default.fileExists(atPath: store.path), "a command that only reads creates nothing")

        let remade = try await CLI.run(["thumbnails", "--library", library.folder.path])
        #expect(remade.status == 0, "\(remade.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path), "the files moved, the folder removed")
        let reader = try VisitLibrary(folder: library.folder, access: .readOnly)
        for (hash, jpeg) in kept { #expect(try reader.thumbnails.jpeg(ofPhoto: hash) == jpeg, "the same picture, not one made again") }
        let after = try await CLI.run(["check", "--library", library.folder.path])
        #expect(after.stdout.contains("Thumbnails: all there"), "\(after.stdout)")
    }

    @Test("Export and restore keep the original values of corrected visits")
    func originalsSurviveRestore() async throws {
        let library = Library()
        let restored = Library()
        try await Self.importMatching(into: library)
        let visits = try await CLI.run(["visits", "--format", "json", "--library", library.folder.path]).stdout
        let id = try #require((try JSONSerialization.jsonObject(with: Data(visits.utf8)) as? [[String: Any]])?.first?["id"] as? String)
        #expect(try await CLI.run(["visits", "edit", id, "--seat", "Section 12", "--library", library.folder.path]).status == 0)
        let first = library.folder.appendingPathComponent("first.json")
        let second = library.folder.appendingPathComponent("second.json")
        #expect(try await CLI.run(["export", first.path, "--library", library.folder.path]).status == 0)
        #expect(try await CLI.run(["restore", first.path, "--library", restored.folder.path]).status == 0)
        #expect(try await CLI.run(["export", second.path, "--library", restored.folder.path]).status == 0)
        let originals = { (url: URL) in
            ((try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])?["originals"] as? [[String: Any]]) ?? []
        }
        #expect(try originals(first).count == 1)
        #expect(try originals(second).map { $0["visitId"] as? String } == [id])
        #expect(try originals(second).first?["original"] as? String == originals(first).first?["original"] as? String)
    }

    @Test("An import waits while another process imports into the same library, says so, and then runs")
    func importsTakeTurns() async throws {
        let library = Library()
        #expect(try await CLI.run(["import", "TestImages/matching/high-exact-day.jpg", "--library", library.folder.path]).status == 0)
        // Another process holds the library's import lock, as a running import does, until its standard input closes
        // (util-linux's `flock`: a lock taken in this test process would be shared with the processes other tests
        // start meanwhile).
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
        holder.arguments = [library.folder.appendingPathComponent(".import.lock").path, "sh", "-c", "echo held; read line"]
        let (held, release) = (Pipe(), Pipe())
        (holder.standardOutput, holder.standardInput) = (held, release)
        try holder.run()
        _ = held.fileHandleForReading.availableData  // "held": the lock is taken
        let process = Process()
        process.executableURL = CLI.executable
        process.arguments = ["import", "TestImages/matching", "--library", library.folder.path]
        process.currentDirectoryURL = CLI.packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(["STADIUMLOG_OFFLINE": "1"]) { _, new in new }
        let errors = library.folder.deletingLastPathComponent().appendingPathComponent("takes-turns-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: errors) }
        FileManager.default.createFile(atPath: errors.path, contents: nil)
        (process.standardOutput, process.standardError) = (FileHandle.nullDevice, try FileHandle(forWritingTo: errors))
        try process.run()
        // It says it waits, and waits, for as long as the other holds the library (at most a minute here).
        var said = ""
        for _ in 0..<600 where !said.contains("Another import into this library is running") {
            try await Task.sleep(for: .milliseconds(100))
            said = try String(contentsOf: errors, encoding: .utf8)
        }
        #expect(said.contains("Another import into this library is running"), "\(said)")
        #expect(process.isRunning, "still waiting")
        try release.fileHandleForWriting.close()
        await CLI.waitForExit([process, holder])
        #expect(process.terminationStatus == 0)
        #expect(try library.rows().photos > 1, "then it imported")
    }

    @Test("Concurrent imports of the same photos report what they stored, no more")
    func concurrentCounts() async throws {
        let corpus = try LibraryProcessTests.Corpus(count: 120)
        let library = Library()
        let outputs = try (0..<4).map { _ in try Self.folder("out") }
        let running = try outputs.map { output in
            let process = Process()
            process.executableURL = CLI.executable
            process.arguments = ["import", corpus.folder.path, "--library", library.folder.path, "--chunk-size", "5", "--format", "json"]
            process.environment = ProcessInfo.processInfo.environment.merging(["STADIUMLOG_OFFLINE": "1"]) { _, new in new }
            for name in ["import.json", "stderr.txt"] {
                FileManager.default.createFile(atPath: output.appendingPathComponent(name).path, contents: nil)
            }
            process.standardOutput = try FileHandle(forWritingTo: output.appendingPathComponent("import.json"))
            process.standardError = try FileHandle(forWritingTo: output.appendingPathComponent("stderr.txt"))
            try process.run()
            return process
        }
        await CLI.waitForExit(running)
        // Each import ends well and says so in whole JSON; when one does not, its status and words are the failure.
        let counts = try zip(outputs, running).map { output, process in
            let errors = try String(contentsOf: output.appendingPathComponent("stderr.txt"), encoding: .utf8)
            let document = try Data(contentsOf: output.appendingPathComponent("import.json"))
            let counts = try? JSONSerialization.jsonObject(with: document) as? [String: Any]
            #expect(process.terminationStatus == 0, "\(errors)")
            return try #require(
                counts, "exit \(process.terminationStatus): \(errors)\n\(String(decoding: document.suffix(300), as: UTF8.self))")
        }
        let attached = counts.map { $0["attached"] as! Int }.reduce(0, +)
        // A process that starts after another finished finds the files unchanged and does not read them again.
        let known = counts.map { ($0["alreadyInLibrary"] as! Int) + ($0["unchanged"] as! Int) }.reduce(0, +)
        #expect(attached == 120, "\(counts.map { $0["attached"] as! Int })")
        #expect(attached + known == 4 * 120)
        #expect(counts.map { $0["visitsCreated"] as! Int }.reduce(0, +) == 1)
        #expect(try library.rows().photos == 120)
    }
}
