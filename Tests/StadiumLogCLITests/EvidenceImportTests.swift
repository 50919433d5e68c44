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
        #expect(!imported.stdout.contains("No photos in"), "a folder of evidence is no folder without anything to read")
        #expect(imported.stdout.contains("of evidence near a venue counted for nothing (`--list-unmatched` says why)"))
        let listed = try await CLI.run(["match", Self.fixtures, "--list-unmatched"])
        #expect(listed.stdout.contains("at another place, however close its pin"), "the bar across the street: \(listed.stdout)")
        #expect(imported.stdout.contains("calendar (teamsAndDateOnly)"))
        let visits = try await visits(in: library)
        #expect(Set(visits.compactMap { $0["gameId"] as? String }) == Self.games)
        let fenwayVisit = try #require(visits.first { $0["gameId"] as? String == "game_mlb_2015_bos_atl_0615" })
        #expect((fenwayVisit["evidence"] as? [[String: Any]])?.count == 3, "visits --format json lists each visit's evidence")
        #expect(visits.allSatisfy { ($0["evidence"] as? [Any])?.isEmpty == false })
        let fenway = try #require(fenwayVisit["id"] as? String)
        let shown = try await CLI.run(["visits", "show", fenway, "--format", "json", "--library", path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any])
        let evidence = try #require(object["evidence"] as? [[String: Any]])
        #expect(Set(evidence.compactMap { $0["kind"] as? String }) == ["placeVisit", "dwell", "checkIn"])
        #expect(evidence.allSatisfy { $0["venueId"] as? String == "stadium_mlb_fenway_park" && $0["at"] is String })
        #expect(!shown.stdout.contains("Bleacher Bar") && !shown.stdout.contains("Cask"))
        let text = try await CLI.run(["visits", "show", fenway, "--library", path])
        #expect(text.stdout.contains("A check-in (Fenway Park)") && text.stdout.contains("2015-06-15 19:02"), "\(text.stdout)")

        // Imported again: the files are not read again; read again (`--recheck`), nothing doubles.
        let again = try await CLI.run(["import", "--offline", Self.fixtures, "--library", path])
        #expect(again.stdout.contains("15 evidence files unchanged since an earlier import: not read again"), "\(again.stdout)")
        #expect(!again.stdout.contains("No photos in"))
        let rechecked = try await CLI.run(["import", "--offline", "--recheck", Self.fixtures, "--library", path])
        #expect(rechecked.stdout.contains("(0 new to the library, 0 new visits)"), "\(rechecked.stdout)")
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

    @Test("a visit made of evidence the fan deletes stays deleted: imported again, read again, downloaded again; undo puts it back")
    func deletedStaysDeleted() async throws {
        let library = Library()
        let path = library.folder.path
        _ = try await CLI.run(["import", "--offline", Self.fixtures, "--library", path])
        let fenway = try #require(
            try await visits(in: library).first { $0["gameId"] as? String == "game_mlb_2015_bos_atl_0615" }?["id"] as? String)
        #expect(try await CLI.run(["visits", "delete", fenway, "--yes", "--library", path]).status == 0)
        _ = try await CLI.run(["import", "--offline", Self.fixtures, "--library", path])
        #expect(try await visits(in: library).count == 5)
        _ = try await CLI.run(["import", "--offline", "--recheck", Self.fixtures, "--library", path])
        #expect(try await visits(in: library).count == 5, "read again, the fan's no holds")
        let download = library.folder.deletingLastPathComponent().appendingPathComponent("download-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: download, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: download) }
        try FileManager.default.copyItem(
            atPath: Self.fixtures + "/checkins.json", toPath: download.appendingPathComponent("checkins.json").path)
        _ = try await CLI.run(["import", "--offline", download.path, "--library", path])
        #expect(try await visits(in: library).count == 5, "a new download of the same check-in")
        let undone = try await CLI.run(["undo", "--library", path])
        #expect(undone.status == 0, "\(undone.stderr)")
        #expect(try await visits(in: library).count == 6)
    }

    @Test("an import taken back, the same files imported again, then undo: refused in words, nothing changed")
    func undoAfterImportingAgain() async throws {
        let library = Library()
        let path = library.folder.path
        _ = try await CLI.run(["import", "--offline", Self.fixtures, "--library", path])
        #expect(try await CLI.run(["undo", "--import", "1", "--force", "--library", path]).status == 0)
        _ = try await CLI.run(["import", "--offline", Self.fixtures, "--library", path])
        let refused = try await CLI.run(["undo", "--library", path])
        #expect(refused.status != 0 && refused.stderr.contains("has been made again since"), "\(refused.stderr)")
        #expect(!refused.stderr.contains("UNIQUE"))
        #expect(try await visits(in: library).count == 6)
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

    @Test("a calendar's teams and day are a question: listed by confirm, settled into the game's visit, undone")
    func calendarQuestion() async throws {
        let library = Library()
        let path = library.folder.path
        let imported = try await CLI.run(["import", "--offline", Self.fixtures + "/dates.ics", "--library", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try await visits(in: library).isEmpty)
        let listed = try await CLI.run(["confirm", "--library", path])
        #expect(listed.stdout.contains("A calendar event (Red Sox vs Braves)"), "\(listed.stdout)")
        #expect(listed.stdout.contains("a calendar event naming the teams and the day"), "\(listed.stdout)")
        let id = try #require(listed.stdout.split(separator: "\n").dropFirst().first?.split(separator: " ").first.map(String.init))
        let settled = try await CLI.run(["confirm", id, "--choice", "1", "--library", path])
        #expect(settled.status == 0, "\(settled.stderr)")
        let visits = try await visits(in: library)
        #expect(visits.compactMap { $0["gameId"] as? String } == ["game_mlb_2015_bos_atl_0615"])
        let visit = try #require(visits.first?["id"] as? String)
        let shown = try await CLI.run(["visits", "show", visit, "--library", path])
        #expect(shown.stdout.contains("A calendar event (Red Sox vs Braves)"), "\(shown.stdout)")
        // Imported again: a settled question is not asked again, and its evidence is not doubled.
        let again = try await CLI.run(["import", "--offline", Self.fixtures + "/dates.ics", "--library", path])
        #expect(again.status == 0)
        #expect(try await CLI.run(["confirm", "--library", path]).stdout.contains("0 pending"))
        #expect(try await CLI.run(["undo", "--library", path]).status == 0)
        #expect(try await self.visits(in: library).isEmpty)
    }

    @Test("a GPS track places a photo without GPS (as exiftool's geotag does); a camera offset corrects a clock and says so")
    func trackAndCameraClock() async throws {
        let library = Library()
        let path = library.folder.path
        let folder = library.folder.deletingLastPathComponent().appendingPathComponent("evidence-photos-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        // The photo without GPS was taken 2015-06-15 19:00 -04:00 (23:00Z); the track stays at Fenway Park around it.
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("TestImages/matching/missing-gps.jpg"), to: folder.appendingPathComponent("dslr.jpg")
        )
        let points = (0..<13).map { index in
            let minute = 30 + index * 5
            return
                #"<trkpt lat="42.3466" lon="-71.0972"><time>2015-06-15T\#(22 + minute / 60):\#(String(format: "%02d", minute % 60)):00Z</time></trkpt>"#
        }
        let gpx =
            #"<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
            + points.joined() + "</trkseg></trk></gpx>"
        try Data(gpx.utf8).write(to: folder.appendingPathComponent("walk.gpx"))
        let report = try await CLI.run(["match", folder.path, "--format", "json"])
        #expect(report.stdout.contains("\"locationOrigin\" : \"gpsTrack\""), "\(report.stdout)")
        let imported = try await CLI.run(["import", "--offline", folder.path, "--library", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try await visits(in: library).compactMap { $0["gameId"] as? String } == ["game_mlb_2015_bos_atl_0615"])

        // A camera an hour fast: corrected by --camera-offset, the correction kept and shown.
        let other = Library()
        let corrected = try await CLI.run(
            [
                "import", "--offline", "TestImages/matching/high-exact-day.jpg", "--camera-offset", "StadiumLog high-exact-day=-1h",
                "--library", other.folder.path,
            ])
        #expect(corrected.status == 0, "\(corrected.stderr)")
        let visit = try #require(try await visits(in: other).first?["id"] as? String)
        let shown = try await CLI.run(["visits", "show", visit, "--library", other.folder.path])
        #expect(shown.stdout.contains("2015-06-15 18:00:00 (camera clock -1h)"), "\(shown.stdout)")
        let refused = try await CLI.run(["match", "TestImages/matching", "--camera-offset", "Canon=one hour"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("'Canon=one hour' is not a camera offset"), "\(refused.stderr)")
    }

    @Test(
        "a camera on Pacific time beside the phone, in folders of their own: set right by the phone's photo of the same moment, asked, filed, shown; imported apart too"
    )
    func cameraClockFromPhone() async throws {
        let library = Library()
        let path = library.folder.path
        let folder = library.folder.deletingLastPathComponent().appendingPathComponent("clocks-\(UUID().uuidString)")
        let (canon, iPhone) = (folder.appendingPathComponent("Canon"), folder.appendingPathComponent("iPhone"))
        for sub in [canon, iPhone] { try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: true) }
        defer { try? FileManager.default.removeItem(at: folder) }
        let matching = CLI.packageRoot.appendingPathComponent("TestImages/matching")
        // The phone: Fenway Park, 19:00:00 and 19:40:00 -04:00. The camera: no GPS, and its clock 3 hours behind with no
        // zone — the test photo's clock rewritten, and its OffsetTimeOriginal tag (0x9011, little-endian) renamed to one
        // nobody reads — shot beside the phone twice, 8 and 5 seconds after it. Its folder is read before the phone's.
        let phone = try Data(contentsOf: matching.appendingPathComponent("high-exact-day.jpg"))
        try phone.write(to: iPhone.appendingPathComponent("phone.jpg"))
        var later = phone
        later.replace(Data("2015:06:15 19:00:00".utf8), with: Data("2015:06:15 19:40:00".utf8))
        try later.write(to: iPhone.appendingPathComponent("phone-later.jpg"))
        for (name, clock) in [("dslr.jpg", "2015:06:15 16:00:08"), ("dslr-later.jpg", "2015:06:15 16:40:05")] {
            var camera = try Data(contentsOf: matching.appendingPathComponent("missing-gps.jpg"))
            camera.replace(Data("2015:06:15 19:00:00".utf8), with: Data(clock.utf8))
            camera.replace(Data([0x11, 0x90, 0x02, 0x00]), with: Data([0x11, 0x9F, 0x02, 0x00]))
            try camera.write(to: canon.appendingPathComponent(name))
        }

        let report = try await CLI.run(["match", folder.path, "--format", "json"])
        #expect(report.stdout.contains("\"clockCorrectionSeconds\" : 10800"), "\(report.stdout)")
        #expect(report.stdout.contains("\"clockSetBy\" : \"\(iPhone.appendingPathComponent("phone-later.jpg").path)\""), "\(report.stdout)")
        let imported = try await CLI.run(["import", "--offline", folder.path, "--library", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let listed = try await CLI.run(["confirm", "--library", path])
        #expect(listed.stdout.contains("its clock set right by +3h"), "\(listed.stdout)")
        let id = try #require(listed.stdout.split(separator: "\n").dropFirst().first?.split(separator: " ").first.map(String.init))
        #expect(try await CLI.run(["confirm", id, "--choice", "1", "--group", "--library", path]).status == 0)
        let visits = try await visits(in: library)
        #expect(visits.compactMap { $0["gameId"] as? String } == ["game_mlb_2015_bos_atl_0615"])
        let shown = try await CLI.run(["visits", "show", try #require(visits.first?["id"] as? String), "--library", path])
        #expect(shown.stdout.contains("2015-06-15 19:00:08 (camera clock +3h)"), "\(shown.stdout)")
        #expect(shown.stdout.contains("2015-06-15 19:40:05 (camera clock +3h)"), "\(shown.stdout)")

        // Imported apart, the phone's folder first: the camera's photo is set right by the phone's in the library.
        let apart = Library()
        _ = try await CLI.run(["import", "--offline", iPhone.path, "--library", apart.folder.path])
        _ = try await CLI.run(["import", "--offline", canon.path, "--library", apart.folder.path])
        let asked = try await CLI.run(["confirm", "--library", apart.folder.path])
        #expect(asked.stdout.contains("(camera clock +3h)"), "\(asked.stdout)")
    }

    @Test("a folder mixing photos and evidence: one visit per game, its photos and its evidence together")
    func photosAndEvidence() async throws {
        let library = Library()
        let folder = library.folder.deletingLastPathComponent().appendingPathComponent("mixed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["high-exact-day.jpg", "nfl-regular-season.jpg"] {
            try FileManager.default.copyItem(
                at: CLI.packageRoot.appendingPathComponent("TestImages/matching/\(name)"), to: folder.appendingPathComponent(name))
        }
        for name in ["checkins.json", "takeout.zip", "drive.gpx"] {
            try FileManager.default.copyItem(atPath: Self.fixtures + "/" + name, toPath: folder.appendingPathComponent(name).path)
        }
        let imported = try await CLI.run(["import", "--offline", folder.path, "--library", library.folder.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        let visits = try await visits(in: library)
        #expect(Set(visits.compactMap { $0["gameId"] as? String }) == ["game_mlb_2015_bos_atl_0615", "game_nfl_2015_gb_sea_0920"])
        let fenway = try #require(visits.first { $0["gameId"] as? String == "game_mlb_2015_bos_atl_0615" })
        let kinds = Set((fenway["evidence"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String })
        #expect(kinds == ["placeVisit", "dwell", "checkIn"], "the check-in, and the .zip's place visit and points")
        let shown = try await CLI.run(["visits", "show", try #require(fenway["id"] as? String), "--library", library.folder.path])
        #expect(shown.stdout.contains("high-exact-day.jpg") && shown.stdout.contains("takeout.zip#Takeout/"), "\(shown.stdout)")
    }
}
