import Foundation
import Testing

/// Errors of the system are not verdicts on photos: an import the system kept from reading its files says so, exits
/// non-zero, and remembers nothing of them, so the next import reads them all.
@Suite("Imports the system would not let read")
struct SystemErrorTests {
    /// Runs `stadiumlog ARGUMENTS` under a shell that first lowers the open-file limit to `limit`.
    static func run(_ arguments: [String], openFileLimit limit: Int) throws -> CLI.Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ulimit -n \(limit) && exec \"$0\" \"$@\"", CLI.executable.path] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["STADIUMLOG_OFFLINE": "1"]) { _, new in new }
        let (stdout, stderr) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError, process.standardInput) = (stdout, stderr, FileHandle.nullDevice)
        try process.run()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CLI.Output(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    @Test("Too many open files: the import says how many photos it could not read and exits 1; run again, all are imported")
    func tooManyOpenFiles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-fd-\(UUID())")
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-fd-lib-\(UUID())")
        defer { for url in [folder, library] { try? FileManager.default.removeItem(at: url) } }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let matching = CLI.packageRoot.appendingPathComponent("TestImages/matching")
        let photos = try FileManager.default.contentsOfDirectory(atPath: matching.path).filter { $0.hasSuffix(".jpg") }
        for name in photos {
            try FileManager.default.copyItem(at: matching.appendingPathComponent(name), to: folder.appendingPathComponent(name))
        }
        let arguments = ["import", folder.path, "--library", library.path]
        // The lowest limit at which the library and the catalog still open (how many descriptors those take differs
        // between machines, and the process inherits the descriptors other tests running beside it hold open): there
        // the photos themselves cannot all be opened. How many the library holds at that moment depends on how its
        // reads and the photo readers overlap, so on a busy machine one run may slip through: the limits are tried
        // again, upward from the lowest, until a run is starved (a run that imports cleanly ends each pass, since any
        // higher limit would too).
        var refused: CLI.Output?
        search: for _ in 1...12 {
            for limit in 9...64 {
                try? FileManager.default.removeItem(at: library)
                let output = try Self.run(arguments, openFileLimit: limit)
                if output.stderr.contains("could not be read") {
                    refused = output
                    break search
                }
                if output.status == 0 { break }
            }
        }
        let starved = try #require(refused, "no open-file limit left the photos unread")
        #expect(starved.status == 1)
        #expect(starved.stderr.contains("Too many open files") && starved.stderr.contains("ulimit -n"), "\(starved.stderr)")
        // Refused while reading its metadata, or while hashing it: either way each photo is named.
        #expect(
            starved.stdout.contains("could not be read now") || starved.stdout.contains("cannot read the whole file"), "\(starved.stdout)")

        let again = try CLI.run(arguments)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(!again.stderr.contains("could not be read"))
        let visitsAfterRetry = try CLI.run(["visits", "--library", library.path, "--format", "json"])
        let fresh = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-fd-fresh-\(UUID())")
        defer { try? FileManager.default.removeItem(at: fresh) }
        _ = try CLI.run(["import", folder.path, "--library", fresh.path])
        let visitsOfFreshImport = try CLI.run(["visits", "--library", fresh.path, "--format", "json"])
        // Every visit an import with enough descriptors makes is there: nothing was remembered as unreadable.
        #expect(Self.gameIds(visitsAfterRetry.stdout) == Self.gameIds(visitsOfFreshImport.stdout))
        #expect(!Self.gameIds(visitsOfFreshImport.stdout).isEmpty)
    }

    @Test("At every open-file limit an import completes or names the limit: never a database error from a starved process")
    func everyLimit() throws {
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-fd-every-\(UUID())")
        defer { try? FileManager.default.removeItem(at: library) }
        // Foundation's UUID() gave every visit made with no descriptor free the same id: the second one's insert failed
        // with "UNIQUE constraint failed: visit.id" at the limit just below the one that imports cleanly.
        for limit in 9...24 {
            try? FileManager.default.removeItem(at: library)
            let output = try Self.run(["import", "TestImages/matching", "--library", library.path], openFileLimit: limit)
            #expect(output.status == 0 || output.stderr.contains("ulimit -n"), "limit \(limit): \(output.stderr)")
        }
    }

    static func gameIds(_ json: String) -> [String] {
        guard let visits = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] else { return [] }
        return visits.compactMap { $0["gameId"] as? String }.sorted()
    }
}
