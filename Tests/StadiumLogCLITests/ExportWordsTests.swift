import Foundation
import Testing

/// What `export` and `restore` say they carried, in the words `confirm` uses.
@Suite("export and restore: what they say they carried")
struct ExportWordsTests {
    typealias Library = LibraryProcessTests.Library

    @Test("The questions still open are counted apart from the skipped ones, with how to bring them back")
    func openQuestions() async throws {
        let library = Library()
        let path = library.folder.path
        #expect(try await CLI.run(["import", "TestImages/matching", "--library", path, "--offline"]).status == 0)
        let listed = try await CLI.run(["confirm", "--library", path]).stdout
        let open = try #require(listed.split(separator: "\n").last.flatMap { Int($0.split(separator: " ")[0]) }, "\(listed)")
        #expect(open > 1)
        let first = try #require(listed.split(separator: "\n").dropFirst().first?.split(separator: " ").first.map(String.init))
        #expect(try await CLI.run(["confirm", first, "--skip", "--library", path]).status == 0)

        let export = library.folder.deletingLastPathComponent().appendingPathComponent("words-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: export) }
        let exported = try await CLI.run(["export", export.path, "--library", path])
        let words = "\(open - 1) open questions"
        let kept = "Also in it: 1 skipped question (`stadiumlog confirm --skipped` brings them back)."
        #expect(exported.stdout.contains(words + " to ") && exported.stdout.contains(kept), "\(exported.stdout)")
        let restored = Library()
        let restore = try await CLI.run(["restore", export.path, "--library", restored.folder.path])
        #expect(restore.stdout.contains(words + ", ") && restore.stdout.contains(kept), "\(restore.stdout)")
    }
}
