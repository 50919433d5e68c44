import Foundation
import GRDB
import Testing
import VisitStore

/// `stadiumlog check` looks at a whole library and changes nothing; damage is found, and no export is written that its
/// own restore would refuse, wherever a byte flips.
@Suite("stadiumlog check and damage")
struct CheckCommandTests {
    typealias Library = LibraryProcessTests.Library

    @Test("A sound library checks sound; a record a restore would refuse is damage; damaged thumbnails are made again")
    func findsDamage() async throws {
        let library = try await ConfirmCorrectTests.imported()
        let sound = try await CLI.run(["check", "--library", library.folder.path])
        #expect(sound.status == 0, "\(sound.stderr)")
        #expect(sound.stdout.contains("Database: sound") && sound.stdout.contains("Records: all sound"), "\(sound.stdout)")
        #expect(sound.stdout.contains("Thumbnails: all there"))

        let database = try DatabaseQueue(path: library.folder.appendingPathComponent(VisitLibrary.databaseName).path)
        try await database.write { db in try db.execute(sql: "UPDATE visitPhoto SET sha256 = 'not a hash' WHERE rowid = 1") }
        try await database.close()
        let damaged = try await CLI.run(["check", "--library", library.folder.path])
        #expect(damaged.status == 1)
        #expect(damaged.stdout.contains("Records: one a restore would refuse: photos["), "\(damaged.stdout)")
        #expect(damaged.stderr.contains("is damaged") && damaged.stderr.contains("restore your last export"), "\(damaged.stderr)")

        let other = try await ConfirmCorrectTests.imported()
        let thumbnails = other.folder.appendingPathComponent(ThumbnailStore.databaseName)
        try Data(repeating: 0xA5, count: 20_000).write(to: thumbnails)
        let noted = try await CLI.run(["check", "--library", other.folder.path])
        #expect(noted.status == 0, "thumbnails are made again from the photos: no damage to the library")
        #expect(noted.stdout.contains("thumbnails.sqlite is damaged; move"), "\(noted.stdout)")
        let refused = try await CLI.run(["thumbnails", "--library", other.folder.path])
        #expect(refused.status == 1 && refused.stderr.contains("thumbnails --missing"), "\(refused.stderr)")
        #expect(try Data(contentsOf: thumbnails) == Data(repeating: 0xA5, count: 20_000), "never written to")
        try FileManager.default.moveItem(at: thumbnails, to: other.folder.appendingPathComponent("aside.sqlite"))
        let remade = try await CLI.run(["thumbnails", "--missing", "--library", other.folder.path])
        #expect(remade.status == 0, "\(remade.stderr)")
        let after = try await CLI.run(["check", "--library", other.folder.path])
        #expect(after.status == 0 && after.stdout.contains("Thumbnails: all there"), "\(after.stdout)")
    }

    @Test("Ten single-byte flips across the database: check or export says so, or the export restores — never a backup that is none")
    func byteFlips() async throws {
        let original = try await ConfirmCorrectTests.imported()
        let database = original.folder.appendingPathComponent(VisitLibrary.databaseName)
        // One writer left no WAL behind once the import closed; the file alone is the library.
        let size = try #require(try FileManager.default.attributesOfItem(atPath: database.path)[.size] as? Int)
        var caught = 0
        for flip in 0..<10 {
            let copy = Library()
            try FileManager.default.copyItem(at: original.folder, to: copy.folder)
            let file = copy.folder.appendingPathComponent(VisitLibrary.databaseName)
            var bytes = try Data(contentsOf: file)
            let position = 100 + (size - 100) * flip / 10 + 37 * flip
            bytes[position] ^= 0x5A
            try bytes.write(to: file)
            let check = try await CLI.run(["check", "--library", copy.folder.path])
            let backup = copy.folder.appendingPathComponent("backup.json")
            let export = try await CLI.run(["export", backup.path, "--library", copy.folder.path])
            if check.status != 0 || export.status != 0 { caught += 1 }
            if export.status == 0 {
                let restored = Library()
                let restore = try await CLI.run(["restore", backup.path, "--library", restored.folder.path])
                #expect(restore.status == 0, "flip at \(position): export wrote a file its restore refuses: \(restore.stderr)")
            } else {
                #expect(!FileManager.default.fileExists(atPath: backup.path), "a refused export leaves no file")
            }
        }
        #expect(caught > 0, "some flips land in data a check sees")
    }
}
