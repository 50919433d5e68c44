import Foundation
import Testing
import UseCases

@testable import WebApp

/// The Not imported page, in process: every group of photos left out, with thumbnails made from the files, each photo
/// fileable from there — the near-game ones with one click, a day at a venue as a tour, any by a game found.
@Suite("serve: the photos imports left out")
struct NotImportedTests {
    @Test("Every reason is a group with thumbnails; near a game: filed with one click, back after undo; a group whole files the ticked")
    func groups() async throws {
        let served = try InProcessSite()
        let groups = try served.site.history.leftOut(examples: NotImportedController.examplesShown)
        let kinds = Set(groups.map(\.kind))
        #expect(kinds.isSuperset(of: [.nearGame, .noGameThatDay]), "\(kinds)")
        try await served.test { client in
            let page = try await client.get("/not-imported", served)
            for group in groups {
                #expect(page.text.contains("<h2>\(group.kind.title) <span class=\"count\">\(group.count)</span></h2>"), "\(group.key)")
                for photo in group.photos {
                    #expect(page.text.contains(photo.path))
                    let thumbnail = try await client.execute(
                        uri: "/not-imported/\(group.key)/\(photo.key)/thumbnail", method: .get, headers: served.cookie
                    ) { $0 }
                    #expect(thumbnail.status == .ok && thumbnail.headers[.contentType] == "image/jpeg", "\(photo.path)")
                }
            }
            #expect(page.text.contains("near a venue, no game around that day (a tour?)"))
            // No path from the address: a key of another group, or none, shows nothing.
            let stranger = try await client.execute(
                uri: "/not-imported/notAPhoto/0000000000000000/thumbnail", method: .get, headers: served.cookie
            ) { $0 }
            #expect(stranger.status == .notFound)

            // Near a game, one click.
            let near = try #require(groups.first { $0.kind == .nearGame })
            let game = try #require(near.game).gameId
            #expect(page.text.contains("name=\"game\" value=\"\(game)\""))
            let filed = try await client.post("/not-imported/file", [("game", game.rawValue), ("back", "/not-imported")], served)
            #expect(filed.location.hasPrefix("/visits/"))
            let after = try served.site.history.leftOut(examples: nil)
            #expect(
                !after.contains { $0.photos.contains { $0.path == near.photos[0].path } },
                "\(after.map { ($0.key, $0.photos.map(\.path)) })")
            let twice = try await client.post("/not-imported/file", [("game", game.rawValue), ("back", "/not-imported")], served)
            #expect(try await client.notice(after: twice, served).contains("photo left out near \(game) waits to be filed"))
            _ = try await client.post("/undo", [("back", "/not-imported")], served)
            #expect(try await client.get("/not-imported", served).text.contains(near.photos[0].path))

            // A day at a venue without a game, whole: one photo ticked, filed as a tour of it.
            let day = try #require(groups.first { $0.kind == .noGameThatDay && $0.venueId != nil })
            let whole = try await client.get("/not-imported?group=\(day.key)", served)
            #expect(whole.text.contains("name=\"photo[]\" value=\"\(day.photos[0].key)\""))
            let tour = try await client.post(
                "/not-imported/file", [("group", day.key), ("photo[]", day.photos[0].key), ("to", "tour"), ("back", "/not-imported")],
                served)
            let toured = try await client.notice(after: tour, served)
            #expect(toured.hasPrefix("Filed 1 photo into a tour"), "\(toured)")
            // Nothing ticked of a group: said.
            let none = try await client.post(
                "/not-imported/file", [("group", "no-such-group"), ("to", "tour"), ("back", "/not-imported")], served)
            #expect(try await client.notice(after: none, served).hasPrefix("No photo was ticked"))
        }
    }

    @Test("A day near a venue but kilometres from it: grouped apart, no tour offered, a tour posted anyway refused in words")
    func nearButNotAt() async throws {
        // A real GoPro photo taken 3.1 km from Barclays Center on a day without a game there.
        let photos = FileManager.default.temporaryDirectory.appendingPathComponent("gopro-\(UUID())")
        try FileManager.default.createDirectory(at: photos, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: photos) }
        let shared = ServedLibrary.packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/real-photos")
        try FileManager.default.copyItem(
            at: shared.appendingPathComponent("exiftool-t-images/GoPro.jpg"), to: photos.appendingPathComponent("GoPro.jpg"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gopro-library-\(UUID())")
        try ServedLibrary.cli(["import", photos.path, "--library", folder.path, "--offline"])
        let served = try InProcessSite(folder: folder)
        let groups = try served.site.history.leftOut(examples: nil)
        let around = try #require(groups.first { $0.kind == .noGameThatDay }, "\(groups.map(\.key))")
        #expect(around.key.hasPrefix("around-") && around.venueId == nil, "\(around.key)")
        #expect(around.heading.hasPrefix("Around Barclays Center (up to 3.1 km away)"), "\(around.heading)")
        try await served.test { client in
            let page = try await client.get("/not-imported?group=\(around.key)", served)
            #expect(page.text.contains("GoPro.jpg") && !page.text.contains("class=\"file-tour\""))
            let tour = try await client.post(
                "/not-imported/file",
                [("group", around.key), ("photo[]", around.photos[0].key), ("to", "tour"), ("back", "/not-imported")], served)
            #expect(try await client.notice(after: tour, served).contains("more than 500 m from the venue"))
            #expect(try served.site.history.visits().isEmpty, "nothing filed")
        }
    }

    @Test("A group whole finds a game by team and day and files the ticked photo into it")
    func fileIntoAGameFound() async throws {
        let served = try InProcessSite()
        let near = try #require(try served.site.history.leftOut(examples: nil).first { $0.game?.gameId == "game_mlb_2015_bos_atl_0615" })
        let day = try #require(near.photos.first { $0.path.hasSuffix("low-exact-day.jpg") })
        try await served.test { client in
            let found = try await client.get("/not-imported?group=\(near.key)&team=Red%20Sox&date=2015-06-15", served)
            #expect(found.text.contains("File the ticked into"), "\(found.text)")
            let filed = try await client.post(
                "/not-imported/file",
                [("group", near.key), ("photo[]", day.key), ("game", "game_mlb_2015_bos_atl_0615"), ("back", "/not-imported")],
                served)
            let said = try await client.notice(after: filed, served)
            #expect(said.hasPrefix("Filed 1 photo into"), "\(said)")
        }
    }

    @Test("Read-only: the groups are listed, with no button to file them")
    func readOnly() async throws {
        let writable = try InProcessSite()
        let served = try InProcessSite(photos: nil, folder: writable.folder, readOnly: true)
        let page = try await served.test { client in try await client.get("/not-imported", served) }
        #expect(page.text.contains("low-exact-day.jpg"))
        #expect(!page.text.contains("file-near") && !page.text.contains("file-tour"))
    }
}
