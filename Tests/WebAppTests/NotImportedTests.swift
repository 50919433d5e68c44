import Foundation
import Testing

/// The Not imported page: photos near a game offered for filing, by game, one click each; undone like any change.
@Suite("serve: photos near a game", .serialized)
struct NotImportedTests {
    @Test("Near a game: listed by game, filed with one click, back in the list after undo; not offered read-only")
    func fileNearGame() throws {
        let served = try ServedLibrary()
        defer { served.stop() }
        let page = try served.get("/not-imported")
        #expect(page.status == 200)
        #expect(page.text.contains("Near a game"))
        #expect(page.text.contains("low-exact-day.jpg") && page.text.contains("evening-after-afternoon-game.jpg"), "\(page.text)")
        #expect(page.text.contains("value=\"game_mlb_2015_bos_atl_0615\""))

        let filed = try served.post("/not-imported/file", [("game", "game_mlb_2015_bos_atl_0615"), ("back", "/not-imported")])
        #expect(filed.status == 303)
        #expect(filed.header("Location")?.hasPrefix("/visits/") == true, "\(filed.header("Location") ?? "")")
        #expect(!(try served.get("/not-imported").text.contains("low-exact-day.jpg</code>")))
        #expect(try served.cli(["visits"]).contains("2015-06-15"))

        // Nothing left near that game: said, nothing changed.
        let twice = try served.post("/not-imported/file", [("game", "game_mlb_2015_bos_atl_0615"), ("back", "/not-imported")])
        #expect(twice.header("Location")?.hasPrefix("/not-imported?notice=") == true)
        let notice = try served.get(twice.header("Location") ?? "/")
        #expect(notice.text.contains("photo left out near game_mlb_2015_bos_atl_0615 waits to be filed"), "\(notice.text)")

        try served.cli(["undo"])
        #expect(try served.get("/not-imported").text.contains("low-exact-day.jpg</code>"))
    }

    @Test("Read-only: the photos near a game are listed, with no button to file them")
    func readOnly() throws {
        let served = try ServedLibrary(arguments: ["--read-only"])
        defer { served.stop() }
        let page = try served.get("/not-imported").text
        #expect(page.contains("low-exact-day.jpg"))
        #expect(!page.contains("/not-imported/file"))
    }
}
