import Foundation
import Testing

/// A visit's moments on `serve`'s visit page, in headless Chromium: the same words `visits show` prints.
@Suite("serve: the moments of a visit's game", .serialized)
struct MomentsPageTests {
    @Test("A perfect game's visit page says so, with the pitcher; an ordinary game's page has no moments")
    func perfectGame() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("served-moments-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        for game in ["game_mlb_2012_sea_tb_0815", "game_mlb_2015_bos_atl_0615"] {
            try ServedLibrary.cli(["visits", "add", "--game", game, "--library", folder.path])
        }
        let listed = try ServedLibrary.cli(["visits", "--format", "json", "--library", folder.path])
        let visits = try #require(try JSONSerialization.jsonObject(with: Data(listed.utf8)) as? [[String: Any]])
        func visitId(_ game: String) throws -> String {
            try #require(visits.first { $0["gameId"] as? String == game }?["id"] as? String, "\(game) was added")
        }
        let shown = try ServedLibrary.cli(["visits", "show", try visitId("game_mlb_2012_sea_tb_0815"), "--library", folder.path])
        let served = try ServedLibrary(folder: folder)
        defer { served.stop() }
        let browser = try WebDriver()
        try browser.open(served.address.absoluteString)
        try browser.wait(until: "the overview shows") { try browser.text("h1") == "My games" }

        try browser.open("http://\(served.host):\(served.port)/visits/\(try visitId("game_mlb_2012_sea_tb_0815"))")
        try browser.wait(until: "the visit opens") { try browser.text("#matchup").contains("Mariners") }
        let moments =
            try browser.evaluate("return Array.from(document.querySelectorAll('#moments li')).map(li => li.textContent)")
            as? [String] ?? []
        #expect(moments.contains("Perfect game — Felix Hernandez, 27 up, 27 down"), "\(moments)")
        #expect(moments.contains("No-hitter — Felix Hernandez"))
        #expect(moments.count == 3)
        for moment in moments { #expect(shown.contains("Moment: \(moment)"), "the page and visits show say it alike") }
        try browser.screenshot(to: BrowserTests.screenshots.appendingPathComponent("visit-moments.png"))

        // The visits page: each card carries its game's moments too.
        try browser.open("http://\(served.host):\(served.port)/visits")
        try browser.wait(until: "the visits show") { try browser.elements(".visit-card").count == 2 }
        let cards = try browser.evaluate("return Array.from(document.querySelectorAll('.visit-card .moment')).map(p => p.textContent)")
        #expect(cards as? [String] == moments, "the perfect game's card lists its moments, the other card none")

        try browser.open("http://\(served.host):\(served.port)/visits/\(try visitId("game_mlb_2015_bos_atl_0615"))")
        try browser.wait(until: "the ordinary game opens") { try browser.text("#matchup").contains("Red Sox") }
        #expect(try browser.elements("#moments").isEmpty)
    }
}
