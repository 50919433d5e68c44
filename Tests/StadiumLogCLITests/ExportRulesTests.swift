import Foundation
import GRDB
import Testing
import VisitStore

/// An export is the fan's backup: restore names the field and the rule a file breaks, and export never writes a file
/// its own restore would refuse.
@Suite("Exports restore or say why, exactly")
struct ExportRulesTests {
    typealias Library = LibraryProcessTests.Library

    /// The golden export (the second format) with one value changed.
    static func export(changing change: (inout [String: Any]) -> Void) throws -> URL {
        let golden = CLI.packageRoot.appendingPathComponent("Tests/Golden/export-v2.json")
        var document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: golden)) as? [String: Any])
        change(&document)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-export-\(UUID()).json")
        try JSONSerialization.data(withJSONObject: document).write(to: url)
        return url
    }

    static func changingFirstVisit(_ key: String, to value: Any) throws -> URL {
        try export { document in
            var visits = document["visits"] as! [[String: Any]]
            visits[0][key] = value
            document["visits"] = visits
        }
    }

    @Test(
        "Restore names the field and the rule: an unknown league, a score beyond any whole number, a fractional score",
        arguments: [
            ("sport", #""cricket""#, "visits[0].sport is 'cricket', not a league StadiumLog knows (mlb, nba, nfl, nhl)"),
            ("homeScore", "1e30", "visits[0].homeScore is 1e+30; a score is a whole number from 0 to 1000"),
            ("homeScore", "2.5", "visits[0].homeScore is 2.5; a score is a whole number from 0 to 1000"),
            ("homeScore", "5000", "visits[0].homeScore is 5000; a score is a whole number from 0 to 1000"),
        ])
    func refusedWithTheRule(key: String, json: String, message: String) async throws {
        let value = try JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)
        let file = try Self.changingFirstVisit(key, to: value)
        defer { try? FileManager.default.removeItem(at: file) }
        let library = Library()
        let restored = try await CLI.run(["restore", file.path, "--library", library.folder.path])
        #expect(restored.status == 1)
        #expect(restored.stderr.contains(message), "\(restored.stderr)")
        #expect(!FileManager.default.fileExists(atPath: library.folder.path), "a refused file leaves no library behind")
    }

    @Test("Export refuses to write a backup its own restore would refuse (a damaged score), and writes nothing")
    func exportValidatesWhatItWrites() async throws {
        let library = Library()
        #expect(try await CLI.run(["import", "TestImages/matching", "--library", library.folder.path]).status == 0)
        let database = try DatabaseQueue(path: library.folder.appendingPathComponent(VisitLibrary.databaseName).path)
        try await database.write { db in try db.execute(sql: "UPDATE visit SET homeScore = 5000 WHERE rowid = 1") }
        try await database.close()
        let file = library.folder.appendingPathComponent("backup.json")
        let exported = try await CLI.run(["export", file.path, "--library", library.folder.path])
        #expect(exported.status == 1)
        #expect(
            exported.stderr.contains("the export was not written") && exported.stderr.contains("homeScore is 5000"), "\(exported.stderr)")
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("A restore is a true restore: the corrections come back (undo works), and so do the files read (a re-import skips them)")
    func restoreKeepsHistory() async throws {
        let library = Library()
        let restored = Library()
        let run = { (arguments: [String], library: Library) in try await CLI.run(arguments + ["--library", library.folder.path]) }
        // The photos alone: a JSON file beside them could be a sidecar, and a folder with sidecars is always read.
        let photos = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-photos-\(UUID())")
        defer { try? FileManager.default.removeItem(at: photos) }
        try FileManager.default.copyItem(at: CLI.packageRoot.appendingPathComponent("TestImages/matching"), to: photos)
        try FileManager.default.removeItem(at: photos.appendingPathComponent("scenarios.json"))
        #expect(try await run(["import", photos.path], library).status == 0)
        let list = try await run(["confirm"], library).stdout
        let pending = try #require(
            list.split(separator: "\n").first { $0.contains("shared-arena-two-games.jpg") }?.split(separator: " ").first)
        #expect(try await run(["confirm", String(pending), "--choice", "2"], library).status == 0)
        let file = library.folder.appendingPathComponent("backup.json")
        #expect(try await run(["export", file.path], library).status == 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"corrections\"") && !text.lowercased().contains("latitude"), "history kept, no position anywhere")
        let restore = try await run(["restore", file.path], restored)
        #expect(restore.status == 0, "\(restore.stderr)")
        let undone = try await run(["undo"], restored)
        #expect(undone.status == 0 && undone.stdout.contains("Undone: filed 1 photo"), "\(undone.stdout)\(undone.stderr)")
        #expect(try await run(["confirm"], restored).stdout.contains("shared-arena-two-games.jpg"), "the photo asks again")
        let again = try await run(["import", photos.path], restored)
        #expect(again.stdout.contains("files unchanged since an earlier import"), "\(again.stdout.prefix(300))")
    }

    @Test("Read as a stream: keys in any order, unknown members passed over; cut short or malformed refused, no library left")
    func readAsAStream() async throws {
        let golden = CLI.packageRoot.appendingPathComponent("Tests/Golden/export-v2.json")
        let text = try String(contentsOf: golden, encoding: .utf8)
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-stream-\(UUID())")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        func restore(_ content: String) async throws -> (CLI.Output, Library) {
            let file = temporary.appendingPathComponent("\(UUID()).json")
            try content.write(to: file, atomically: true, encoding: .utf8)
            let library = Library()
            return (try await CLI.run(["restore", file.path, "--library", library.folder.path]), library)
        }
        // The visits first, a member no StadiumLog writes yet in the middle: restored as the golden file is.
        var document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let removed = document.removeValue(forKey: "visits")
        let visitsFirst = try #require(removed)
        document["fromTheFuture"] = ["nested": [1, 2, ["deep": "value with \\\" and ] and }"]]]
        let reordered =
            "{\"visits\":" + String(decoding: try JSONSerialization.data(withJSONObject: visitsFirst), as: UTF8.self) + ","
            + String(decoding: try JSONSerialization.data(withJSONObject: document), as: UTF8.self).dropFirst()
        let (accepted, library) = try await restore(reordered)
        #expect(accepted.status == 0, "\(accepted.stderr)")
        let visits = try await CLI.run(["visits", "--library", library.folder.path, "--format", "json"])
        #expect(try (JSONSerialization.jsonObject(with: Data(visits.stdout.utf8)) as? [Any])?.count == (visitsFirst as? [Any])?.count)

        let refusals: [(String, String)] = [
            (String(text.prefix(text.count / 2)), "the document ends before it should (cut short?)"),
            (text + " {}", "more follows the document"),
            (text.replacingOccurrences(of: "\"photos\" : [", with: "\"photos\" : 7, \"x\" : ["), "(photos is a list)"),
        ]
        for (content, message) in refusals {
            let (refused, target) = try await restore(content)
            #expect(refused.status == 1 && refused.stderr.contains(message), "\(message): \(refused.stderr)")
            #expect(!FileManager.default.fileExists(atPath: target.folder.path), "a refused file leaves no library behind")
        }
    }
}
