import Foundation
import GRDB
import Testing

/// Single bytes flipped in a library's database, as a failing disk or a bad copy leaves them: whatever the damage, an
/// export that is written restores (a backup that cannot be restored is no backup), and a command that writes refuses
/// a database SQLite's integrity check finds damaged. 40 seeded flips in CI and in Scripts/robustness; the figures
/// are in docs/RELIABILITY.md.
@Suite("A damaged database: no export its restore refuses, no write into it", .serialized)
struct DamagedDatabaseTests {
    static let flips = Int(ProcessInfo.processInfo.environment["FLIPS"] ?? "") ?? 40

    @Test("40 seeded byte flips in a library's database")
    func byteFlips() async throws {
        let pristine = LibraryProcessTests.Library()
        let corpus = try LibraryProcessTests.Corpus(count: 120)
        for folder in ["TestImages/matching", corpus.folder.path] {
            let imported = try await CLI.run(["import", folder, "--library", pristine.folder.path])
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let database = pristine.folder.appendingPathComponent("library.sqlite")
        let original = try Data(contentsOf: database)
        #expect(!FileManager.default.fileExists(atPath: database.path + "-wal"))

        let seed = UInt64(ProcessInfo.processInfo.environment["SEED"] ?? "") ?? 48
        var tally = Tally()
        for flip in 0..<Self.flips {
            let copy = LibraryProcessTests.Library()
            try FileManager.default.copyItem(at: pristine.folder, to: copy.folder)
            var bytes = original
            // Fibonacci hashing of (seed, flip): spread over the file, the same on every machine and run.
            let mixed = (seed << 32 | UInt64(flip)) &* 0x9E37_79B9_7F4A_7C15
            let offset = Int((mixed >> 16) % UInt64(bytes.count))
            bytes[offset] ^= UInt8(1 << (mixed >> 61))
            let flipped = copy.folder.appendingPathComponent("library.sqlite")
            try bytes.write(to: flipped)
            let damaged = Self.integrity(of: flipped) != "ok"
            tally.damaged += damaged ? 1 : 0

            let export = copy.folder.deletingLastPathComponent().appendingPathComponent("flip-\(UUID().uuidString).json")
            defer { try? FileManager.default.removeItem(at: export) }
            let exported = try await CLI.run(["export", export.path, "--library", copy.folder.path])
            if exported.status == 0 {
                tally.exported += 1
                #expect(
                    !damaged || exported.stderr.contains("warning: SQLite finds the library damaged"), "flip \(flip): \(exported.stderr)")
                let restored = LibraryProcessTests.Library()
                let restore = try await CLI.run(["restore", export.path, "--library", restored.folder.path])
                #expect(
                    restore.status == 0,
                    "flip \(flip) at byte \(offset): the export was written and its restore refused it: \(restore.stderr)")
                tally.restoreRefused += restore.status == 0 ? 0 : 1
            } else {
                #expect(!FileManager.default.fileExists(atPath: export.path), "flip \(flip): a refused export left no file")
                #expect(exported.stderr.split(separator: "\n").count == 1, "flip \(flip): \(exported.stderr)")
            }

            let before = try Data(contentsOf: flipped)
            let write = try await CLI.run(["import", "TestImages/matching/high-exact-day.jpg", "--library", copy.folder.path])
            if damaged {
                #expect(
                    write.status == 1 && write.stderr.contains("damaged") && write.stderr.contains("stadiumlog check"),
                    "flip \(flip) at byte \(offset): an import into a damaged database: \(write.status) \(write.stderr)")
                #expect(try Data(contentsOf: flipped) == before, "flip \(flip): nothing written into a damaged database")
                tally.writesRefused += write.status == 1 ? 1 : 0
            }
        }
        print("database byte flips: \(tally)")
        #expect(tally.restoreRefused == 0)
        #expect(tally.writesRefused == tally.damaged)
    }

    /// SQLite's own verdict, read-only: "ok" or its first finding (or why it could not even open it).
    static func integrity(of database: URL) -> String {
        var configuration = Configuration()
        configuration.readonly = true
        do {
            let queue = try DatabaseQueue(path: database.path, configuration: configuration)
            defer { try? queue.close() }
            return try queue.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check(1)") ?? "no answer" }
        } catch {
            return "\(error)"
        }
    }

    struct Tally: CustomStringConvertible {
        var damaged = 0
        var exported = 0
        var restoreRefused = 0
        var writesRefused = 0
        var description: String {
            "\(DamagedDatabaseTests.flips) flips, \(damaged) found damaged by SQLite's integrity check, \(exported) exports written, "
                + "\(restoreRefused) of them refused by restore, \(writesRefused) writes refused into damaged databases"
        }
    }
}
