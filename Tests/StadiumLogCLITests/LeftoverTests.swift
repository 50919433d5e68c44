import Foundation
import Testing

/// What a library leaves behind and lets in when something around it fails: thumbnails that cannot be opened, an
/// export killed half written, an export naming a venue no catalog has.
@Suite("Nothing left behind, nothing let in")
struct LeftoverTests {
    typealias Library = LibraryProcessTests.Library

    @Test("An import into a library whose thumbnails cannot be opened files its photos without them, and says how to make them")
    func thumbnailsUnusable() async throws {
        let library = Library()
        let first = try await CLI.run(["import", "TestImages/matching/high-exact-day.jpg", "--library", library.folder.path])
        #expect(first.status == 0, "\(first.stderr)")
        let thumbnails = library.folder.appendingPathComponent("thumbnails.sqlite")
        try FileManager.default.removeItem(at: thumbnails)
        try FileManager.default.createDirectory(at: thumbnails, withIntermediateDirectories: false)

        let imported = try await CLI.run(["import", "TestImages/matching", "--library", library.folder.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let said = imported.stdout + imported.stderr
        #expect(said.contains("imported without thumbnails") && said.contains("thumbnails --missing"), "\(said)")
        #expect(!said.contains("unable to open database file;") || said.contains("\(thumbnails.path) cannot be opened"))
        let visits = try await CLI.run(["visits", "--library", library.folder.path])
        #expect(visits.stdout.split(separator: "\n").count > 5, "the photos were filed: \(visits.stdout)")

        try FileManager.default.removeItem(at: thumbnails)
        let remade = try await CLI.run(["thumbnails", "--missing", "--library", library.folder.path])
        #expect(remade.status == 0, "\(remade.stderr)")
        let check = try await CLI.run(["check", "--library", library.folder.path])
        #expect(check.status == 0 && !check.stdout.contains("without"), "\(check.stdout)")
    }

    @Test("The staging file of an export killed part way is removed by the next export into that folder, whatever its name")
    func killedExportLeavesNothing() async throws {
        let library = Library()
        #expect(try await CLI.run(["import", "TestImages/matching", "--library", library.folder.path]).status == 0)
        let folder = try SafetyTests.folder("exports")
        defer { try? FileManager.default.removeItem(at: folder) }
        // A process that has ended, as a killed export has.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let leftover = folder.appendingPathComponent(".monday.json.\(ended.processIdentifier).1234.stadiumlog-tmp")
        try Data(repeating: 0x7B, count: 4_096).write(to: leftover)
        let running = folder.appendingPathComponent(".tuesday.json.\(getpid()).99.stadiumlog-tmp")
        try Data("{".utf8).write(to: running)

        let export = try await CLI.run(["export", folder.appendingPathComponent("friday.json").path, "--library", library.folder.path])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(!FileManager.default.fileExists(atPath: leftover.path), "the ended process's staging file is gone")
        #expect(FileManager.default.fileExists(atPath: running.path), "a running process's is left alone")
    }

    @Test("A restore refuses a visit at a venue StadiumLog does not know, naming the field")
    func unknownVenue() async throws {
        let library = Library()
        #expect(try await CLI.run(["import", "TestImages/matching", "--library", library.folder.path]).status == 0)
        let folder = try SafetyTests.folder("venue")
        defer { try? FileManager.default.removeItem(at: folder) }
        let export = folder.appendingPathComponent("export.json")
        #expect(try await CLI.run(["export", export.path, "--library", library.folder.path]).status == 0)
        let text = try String(contentsOf: export, encoding: .utf8)
        let range = try #require(text.range(of: #""venueId" : "stadium_[a-z_]+""#, options: .regularExpression))
        try text.replacingCharacters(in: range, with: #""venueId" : "stadium_mlb_nowhere_field""#)
            .write(to: export, atomically: true, encoding: .utf8)
        let restored = Library()
        let restore = try await CLI.run(["restore", export.path, "--library", restored.folder.path])
        #expect(restore.status == 1)
        #expect(restore.stderr.contains("stadium_mlb_nowhere_field', not a venue StadiumLog knows"), "\(restore.stderr)")
    }
}
