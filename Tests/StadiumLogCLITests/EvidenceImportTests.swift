import Foundation
import Testing

/// A fan's folder of evidence beside photos, imported as a fan would: one visit per game with all its evidence,
/// nothing from a drive past a park or a bar across the street, a question for a calendar's teams and date, and an
/// import taken back whole (and put back) by `undo`.
@Suite("Evidence beside photos: location history, check-ins, calendars, tracks")
struct EvidenceImportTests {
    typealias Library = LibraryProcessTests.Library

    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("EvidenceTests/Fixtures").path

    static let games: Set<String> = [
        "game_mlb_2013_bos_stl_1030", "game_mlb_2015_bos_atl_0615", "game_mlb_2015_bos_atl_0616", "game_nfl_2016_ne_mia_0918",
        "game_mlb_2024_chc_stl_0615", "game_mlb_2024_chc_stl_0616",
    ]

    func visits(in library: Library) async throws -> [[String: Any]] {
        let listed = try await CLI.run(["visits", "--format", "json", "--library", library.folder.path])
        return try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
    }

    @Test("one visit per game with all its evidence; the drives, the bars and the schedule give nothing; undo takes it back")
    func folderOfEvidence() async throws {
        let library = Library()
        let path = library.folder.path
        let imported = try await CLI.run(["import", "--offline", Self.fixtures, "--library", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("evidence of 6 games"), "\(imported.stdout)")
        #expect(imported.stdout.contains("calendar (teamsAndDateOnly)"))
        let visits = try await visits(in: library)
        #expect(Set(visits.compactMap { $0["gameId"] as? String }) == Self.games)
        let fenway = try #require(visits.first { $0["gameId"] as? String == "game_mlb_2015_bos_atl_0615" }?["id"] as? String)
        let shown = try await CLI.run(["visits", "show", fenway, "--format", "json", "--library", path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let evidence = try #require(object["evidence"] as? [[String: Any]])
        #expect(Set(evidence.compactMap { $0["kind"] as? String }) == ["placeVisit", "dwell", "checkIn"])
        #expect(evidence.allSatisfy { $0["venueId"] as? String == "stadium_mlb_fenway_park" && $0["at"] is String })
        #expect(!shown.stdout.contains("Bleacher Bar") && !shown.stdout.contains("Cask"))
        let text = try await CLI.run(["visits", "show", fenway, "--library", path])
        #expect(text.stdout.contains("A check-in (Fenway Park)") && text.stdout.contains("2015-06-15 19:02"), "\(text.stdout)")

        // Imported again: nothing doubles.
        let again = try await CLI.run(["import", "--offline", Self.fixtures, "--library", path])
        #expect(again.stdout.contains("(0 new to the library, 0 new visits)"), "\(again.stdout)")
        #expect(try await self.visits(in: library).count == 6)

        let back = try await CLI.run(["undo", "--import", "1", "--force", "--library", path])
        #expect(back.status == 0, "\(back.stderr)")
        #expect(back.stdout.contains("6 visits removed"), "\(back.stdout)")
        #expect(try await self.visits(in: library).isEmpty)
        let undone = try await CLI.run(["undo", "--library", path])
        #expect(undone.status == 0, "\(undone.stderr)")
        let restored = try await CLI.run(["visits", "show", fenway, "--format", "json", "--library", path])
        #expect(restored.stdout.contains("\"checkIn\""), "\(restored.stdout)")
    }

    @Test("a Takeout .zip named alone is read as evidence, not as a photo; a damaged calendar is named and the rest goes on")
    func namedFiles() async throws {
        let library = Library()
        let path = library.folder.path
        let broken = library.folder.deletingLastPathComponent().appendingPathComponent("broken-\(UUID().uuidString).ics")
        try Data("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Dolphins at Patriots\r\n".utf8).write(to: broken)
        defer { try? FileManager.default.removeItem(at: broken) }
        let imported = try await CLI.run(
            ["import", "--offline", Self.fixtures + "/takeout.zip", broken.path, "--library", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("\(broken.path) (line 2): an event begun here never ends"), "\(imported.stdout)")
        #expect(try await visits(in: library).compactMap { $0["gameId"] as? String } == ["game_mlb_2015_bos_atl_0615"])
    }
}
