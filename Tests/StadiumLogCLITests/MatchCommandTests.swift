import Foundation
import Testing

@Suite("stadiumlog match")
struct MatchCommandTests {
    @Test("JSON follows the report contract: photos, visits, summary, every key present")
    func jsonContract() throws {
        let output = try CLI.run("match", "TestImages/matching", "--format", "json")
        #expect(output.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(Set(report.keys) == ["photos", "visits", "summary"])
        let photos = try #require(report["photos"] as? [[String: Any]])
        let photoKeys: Set = [
            "path", "status", "capture", "location", "venue", "spatial", "temporal", "confidence", "game",
            "candidates", "reason",
        ]
        let statuses: Set = ["matched", "needsConfirmation", "unmatched", "error"]
        let reasons: Set = [
            "missingLocation", "missingDate", "noVenueNearby", "noGamesOnDate", "lowConfidence", "unreadable",
            "unsupportedFormat",
        ]
        for photo in photos {
            #expect(Set(photo.keys).isSuperset(of: photoKeys))
            #expect(statuses.contains(photo["status"] as? String ?? ""))
            #expect(["high", "medium", "low", "none"].contains(photo["spatial"] as? String ?? ""))
            #expect(["autoSelect", "userConfirm", "manualOnly"].contains(photo["confidence"] as? String ?? ""))
            #expect(photo["reason"] is NSNull || reasons.contains(photo["reason"] as? String ?? ""))
            let capture = try #require(photo["capture"] as? [String: Any])
            #expect(Set(capture.keys) == ["local", "utcOffset", "timeSource"])
            #expect(["offsetTimeOriginal", "gpsClock", "venueTimeZone", "none"].contains(capture["timeSource"] as? String ?? ""))
            if photo["status"] as? String == "needsConfirmation" {
                #expect(!(photo["candidates"] as? [Any] ?? []).isEmpty)
            }
        }
        let matched = try #require(photos.first { ($0["path"] as? String)?.hasSuffix("high-exact-day.jpg") == true })
        let game = try #require(matched["game"] as? [String: Any])
        #expect(
            Set(game.keys).isSuperset(of: [
                "id", "sport", "localDate", "gameNumber", "startUTC", "venueId", "home", "away",
                "homeScore", "awayScore",
            ]))
        #expect(game["id"] as? String == "game_mlb_2015_bos_atl_0615")
        #expect((game["home"] as? [String: Any])?["name"] as? String == "Boston Red Sox")
        #expect(game["homeScore"] as? Int == 2 && game["awayScore"] as? Int == 4, "Braves 4, Red Sox 2 (Retrosheet GL2015)")
        let venue = try #require(matched["venue"] as? [String: Any])
        #expect(venue["name"] as? String == "Fenway Park" && venue["distanceMeters"] is Double)
        let capture = try #require(matched["capture"] as? [String: Any])
        #expect(capture["local"] as? String == "2015-06-15T19:00:00" && capture["utcOffset"] as? String == "-04:00")
        let visits = try #require(report["visits"] as? [[String: Any]])
        #expect(visits.allSatisfy { Set($0.keys) == ["venueId", "gameId", "localDate", "photos"] })
        let summary = try #require(report["summary"] as? [String: Int])
        #expect(summary["photos"] == photos.count)
        #expect(summary["matched"]! + summary["needsConfirmation"]! + summary["unmatched"]! + summary["errors"]! == photos.count)
    }

    @Test("The table shows the visits and says in words why the other photos need the user")
    func table() throws {
        let output = try CLI.run("match", "TestImages/matching")
        #expect(output.status == 0)
        #expect(output.stdout.contains("Fenway Park"))
        #expect(output.stdout.contains("Atlanta Braves at Boston Red Sox"))
        #expect(output.stdout.contains("no GPS position in the photo"))
        #expect(output.stdout.contains("2 games at Citi Field (80 m away) at that time"))
        #expect(output.stdout.contains("after midnight: the evening before; during the game (started 19:00)"))
        #expect(output.stdout.contains("(game_nba_2012_tor_okc_0106): 60 m from Air Canada Centre, ended 6 h before the photo — not asked"))
        #expect(output.stdout.contains("30 photos:"))
    }

    @Test("--sport narrows the games considered")
    func league() throws {
        let output = try CLI.run("match", "TestImages/matching/shared-arena-two-games.jpg", "--sport", "nhl", "--format", "json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let photo = try #require((report["photos"] as? [[String: Any]])?.first)
        #expect(photo["status"] as? String == "matched")
        #expect((photo["game"] as? [String: Any])?["sport"] as? String == "nhl")
    }

    @Test("Photos far from any venue: a screenful in the table and the counts by reason; --list-unmatched lists them all")
    func manyUnmatched() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-far-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("2015/06 June"), withIntermediateDirectories: true)
        let far = CLI.packageRoot.appendingPathComponent("TestImages/edge-cases/big-endian-south-east.jpg")
        for index in 0..<30 {
            try FileManager.default.copyItem(at: far, to: folder.appendingPathComponent("2015/06 June/home-\(index).jpg"))
        }
        try FileManager.default.copyItem(
            at: CLI.packageRoot.appendingPathComponent("TestImages/matching/high-exact-day.jpg"),
            to: folder.appendingPathComponent("2015/06 June/fenway.jpg"))
        let table = try CLI.run("match", folder.path)
        #expect(table.status == 0)
        #expect(table.stdout.components(separatedBy: "not within 5 km of any venue").count - 1 == 20 + 1, "\(table.stdout)")
        #expect(table.stdout.contains("Left without a game: 30 photos (20 listed above; `--list-unmatched` lists them all)"))
        #expect(table.stdout.contains("Matched photos") && table.stdout.contains("31 photos: 1 matched"))
        let all = try CLI.run("match", folder.path, "--list-unmatched")
        #expect(all.stdout.components(separatedBy: "not within 5 km of any venue").count - 1 == 30)
        #expect(!all.stdout.contains("Left without a game"))
        let json = try CLI.run("match", folder.path, "--format", "json")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect((report["photos"] as? [Any])?.count == 31 && (report["visits"] as? [Any])?.count == 1)
    }
}

/// `match` over a generated Google Takeout export and XMP sidecars: every photo finds its game through its sidecar,
/// and the report says where each value came from.
@Suite("stadiumlog match with sidecars")
struct SidecarMatchTests {
    @Test("Takeout and XMP photos match as scenarios.json says, with captureOrigin and locationOrigin")
    func takeoutAndXMP() throws {
        let output = try CLI.run("match", "TestImages/takeout", "TestImages/sidecars", "--format", "json")
        #expect(output.status == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let photos = try #require(report["photos"] as? [[String: Any]])
        var expected: [String: [String: String]] = [:]
        for folder in ["takeout", "sidecars"] {
            let url = CLI.packageRoot.appendingPathComponent("TestImages/\(folder)/scenarios.json")
            let facts = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: [String: String]])
            expected.merge(facts) { a, _ in a }
        }
        #expect(photos.count == expected.count, "sidecars are not photos")
        for photo in photos {
            let path = try #require(photo["path"] as? String)
            let facts = try #require(expected[String(path.dropFirst("TestImages/".count))], "\(path)")
            #expect((photo["game"] as? [String: Any])?["id"] as? String == facts["game"], "\(path)")
            #expect(photo["captureOrigin"] as? String == facts["captureOrigin"], "\(path)")
            #expect(photo["locationOrigin"] as? String == facts["locationOrigin"], "\(path)")
            let capture = photo["capture"] as? [String: Any]
            if let source = facts["timeSource"] { #expect(capture?["timeSource"] as? String == source, "\(path)") }
            if let local = facts["local"] { #expect(capture?["local"] as? String == local, "\(path)") }
            if let reason = facts["reason"] { #expect(photo["reason"] as? String == reason, "\(path)") }
        }
    }
}

extension SidecarMatchTests {
    @Test("libxml2 and libheif are opened on first use, not at start; without libxml2 a sidecar is not read, and scan says why")
    func libraryOpenedOnFirstUse() async throws {
        let dynamic = Process()
        dynamic.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        dynamic.arguments = ["-d", CLI.executable.path]
        let pipe = Pipe()
        dynamic.standardOutput = pipe
        try dynamic.run()
        let needed = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        dynamic.waitUntilExit()
        #expect(needed.contains("(NEEDED)") && !needed.contains("libxml2") && !needed.contains("libheif"), "\(needed)")

        let read = try await CLI.run(["scan", "TestImages/sidecars/IMG_1001.jpg", "--format", "json"])
        #expect(read.status == 0 && !read.stdout.contains("libxml2"), "\(read.stdout)")
        let withoutLibXML2 = ["STADIUMLOG_LIBXML2": "/nonexistent/libxml2.so.2"]
        let missing = try await CLI.run(["scan", "TestImages/sidecars/IMG_1001.jpg", "--format", "json"], environment: withoutLibXML2)
        #expect(missing.status == 0, "\(missing.stderr)")
        #expect(missing.stdout.contains("its XMP sidecar was not read: libxml2 is not installed"), "\(missing.stdout)")
    }
}

@Suite("stadiumlog import with videos")
struct VideoImportTests {
    @Test("Videos become visit photos with thumbnails (cover or placeholder); one cut short is named with its reason")
    func importVideos() throws {
        let library = LibraryProcessTests.Library()
        let output = try CLI.run("import", "TestImages/videos", "--library", library.folder.path)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("Imported 3 photos into visits (1 new visit)"), "\(output.stdout)")
        #expect(output.stdout.contains("cut-short.mov") && output.stdout.contains("no movie header"))
        let rows = try library.rows()
        #expect(rows.visits == 1 && rows.photos == 3 && rows.integrity == "ok")
        let thumbnails = try library.thumbnails()
        #expect(thumbnails.kept == 3 && thumbnails.unkept == 0 && thumbnails.integrity == "ok", "the three photos' thumbnails kept")
    }

    @Test("What the libraries report in general words, the command line says with its own flags and commands")
    func commandLineWords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-words-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("photos"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("photos/elsewhere"),
            withDestinationURL: CLI.packageRoot.appendingPathComponent("TestImages/matching"))
        let walked = try CLI.run("match", folder.appendingPathComponent("photos").path)
        #expect(walked.stderr.contains("not followed (--follow-links follows it)"), "\(walked.stderr)")

        let library = folder.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: library.appendingPathComponent("catalog-overlay.json"))
        let damaged = try CLI.run("match", "TestImages/matching/high-exact-day.jpg", "--library", library.path)
        #expect(damaged.status != 0 && damaged.stderr.contains("run `stadiumlog catalog update` to write it again"), "\(damaged.stderr)")

        let missing = try CLI.run("visits", "show", "no-such-visit", "--library", library.path)
        #expect(
            missing.status != 0 && missing.stderr.contains("(`stadiumlog restore EXPORT.json --library NEW-FOLDER`)"),
            "an overlay without a database is a damaged library\n\(missing.stderr)")
    }
}
