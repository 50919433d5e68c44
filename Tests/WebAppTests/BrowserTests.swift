import Foundation
import Testing

/// A fan's evening with `stadiumlog serve`, in headless Chromium through WebDriver: clicks and keys, not HTML. The
/// screenshots it takes are in `.build/screenshots/` (the README shows one).
@Suite("serve: a fan in the browser", .serialized)
struct BrowserTests {
    static let screenshots = ServedLibrary.packageRoot.appendingPathComponent(".build/screenshots")

    @Test("A fan browses, filters, settles a match by clicking and by key, undoes, edits a score, adds a game, files photos near a game")
    func evening() throws {
        let served = try ServedLibrary()
        defer { served.stop() }
        let browser = try WebDriver()

        // The printed address lets the browser in and leaves no secret in its address bar.
        try browser.open(served.address.absoluteString)
        try browser.wait(until: "the overview shows") { try browser.text("h1") == "My games" }
        #expect(try !browser.currentURL.contains("key="))
        #expect(try browser.elements("svg.map circle.venue.visited").count >= 5)
        #expect(try browser.text(".abroad").contains("Wembley"))
        try browser.screenshot(to: Self.screenshots.appendingPathComponent("overview.png"))

        // Share: the card the form downloads is the card `stadiumlog card` writes, byte for byte.
        try browser.type("Ana", into: "#card-name")
        try browser.click("#card-size option[value='square']")
        try browser.click("#share")
        let downloaded = browser.downloads.appendingPathComponent("stadiumlog-all-all-time-square.png")
        try browser.wait(until: "the card is downloaded") { FileManager.default.fileExists(atPath: downloaded.path) }
        let card = served.folder.deletingLastPathComponent().appendingPathComponent("browser-card-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: card) }
        _ = try served.cli(["card", card.path, "--size", "square", "--name", "Ana"])
        #expect(try Data(contentsOf: downloaded) == Data(contentsOf: card), "the browser's card and the command's are the same bytes")
        #expect(try browser.text("h1") == "My games", "the download leaves the page where it was")

        // Visits: a filter, then the search box by a team's nickname.
        try browser.click("nav a[href='/visits']")
        let all = try browser.elements(".visit-card").count
        try browser.click("#league option[value='nfl']")
        try browser.click("#apply")
        try browser.wait(until: "the filter applies") { try browser.text("#found").contains(" of ") }
        let football = try browser.elements(".visit-card").count
        #expect(football > 0 && football < all)
        try browser.click("a[href='/visits']")
        try browser.type("Red Sox", into: "#search")
        try browser.click("#apply")
        try browser.wait(until: "the search finds Fenway") { try browser.elements(".visit-card").count == 1 }
        #expect(try browser.text(".visit-card h3").contains("Fenway Park"))
        // Its thumbnail is a picture the browser decoded, read from the library's thumbnail store.
        let decoded = "return Array.from(document.querySelectorAll('IMAGES')).filter(i => i.complete && i.naturalWidth > 0).length"
        func pictures(_ selector: String) throws -> Int {
            (try browser.evaluate(decoded.replacingOccurrences(of: "IMAGES", with: selector)) as? NSNumber)?.intValue ?? 0
        }
        try browser.wait(until: "the card's thumbnail shows") { try pictures(".visit-card img") == 1 }
        try browser.screenshot(to: Self.screenshots.appendingPathComponent("visits.png"))

        // A visit: its final is official, so a score typed by hand replaces it only when asked to.
        try browser.click(".visit-card h3 a")
        try browser.wait(until: "the visit opens") { try browser.text("#matchup").contains("Red Sox") }
        let thumbnails = try browser.elements("a.preview img").count
        #expect(thumbnails >= 1)
        try browser.wait(until: "every photo's thumbnail shows") { try pictures("a.preview img") == thumbnails }
        try browser.type("5", into: "#away")
        try browser.type("3", into: "#home")
        try browser.click("#set-score")
        try browser.wait(until: "the official final is guarded") { try browser.text("#notice").contains("official final") }
        #expect(try browser.text("#score") == "Atlanta Braves 4, Boston Red Sox 2")
        try browser.type("5", into: "#away")
        try browser.type("3", into: "#home")
        try browser.click("#replace")
        try browser.click("#set-score")
        try browser.wait(until: "the score is set") { try browser.text("#score") == "Atlanta Braves 5, Boston Red Sox 3" }
        try browser.screenshot(to: Self.screenshots.appendingPathComponent("visit.png"))

        // Who was on the field: folded until clicked; then everyone the fan saw, and only the honoured.
        #expect(try browser.text("#on-the-field dd") == "", "folded: nothing of the lineup shows")
        try browser.click("#on-the-field summary")
        try browser.wait(until: "a click unfolds the lineups") { try browser.text("#on-the-field dd").contains("Jace Peterson 2B") }
        try browser.click("#on-the-field a[href='/players']")
        try browser.wait(until: "the players page opens") { try browser.text("h1") == "Players" }
        let everyone = try browser.elements("#players tbody tr").count
        #expect(try browser.text("#players tbody").contains("David Ortiz"))
        try browser.click("#honoured")
        try browser.click("#apply")
        try browser.wait(until: "only the honoured are listed") { try browser.elements("#players tbody tr").count < everyone }
        #expect(try browser.text("#players tbody").contains("Hall of Fame 2022"))
        #expect(try !browser.text("#players tbody").contains("Jace Peterson"))

        // Confirm: settle the first moment with its first candidate by key, undo by key, then settle by a click.
        try browser.click("nav a[href='/confirm']")
        let moments = try browser.elements(".group").count
        #expect(moments > 0)
        try browser.screenshot(to: Self.screenshots.appendingPathComponent("confirm.png"))
        try browser.press("1")
        try browser.wait(until: "key 1 settles the moment") { try browser.elements(".group").count == moments - 1 }
        #expect(try browser.text("#notice").hasPrefix("Filed"))
        try browser.press("u")
        try browser.wait(until: "u takes it back") { try browser.elements(".group").count == moments }
        #expect(try browser.text("#notice").hasPrefix("Took back"))
        try browser.click(".group .candidate")
        try browser.wait(until: "a click settles the moment") { try browser.elements(".group").count == moments - 1 }

        // The command line's undo takes back what the browser did.
        #expect(try served.cli(["undo"]).contains("filed"))
        try browser.click("nav a[href='/confirm']")
        try browser.wait(until: "the moment is back") { try browser.elements(".group").count == moments }

        // A game without photos, found by team and date.
        try browser.click("nav a[href='/add']")
        try browser.type("Yankees", into: "#add-team")
        _ = try browser.evaluate("document.getElementById('add-date').value = '2015-06-16'")
        try browser.click("#find")
        try browser.wait(until: "the game is found") { try !browser.elements(".choices .candidate").isEmpty }
        try browser.click(".choices .candidate")
        try browser.wait(until: "the game is added") { try browser.text("#matchup").contains("Yankees at Miami Marlins") }
        #expect(try served.cli(["visits"]).contains("Marlins Park"))

        // And the reverse: a change made at the command line is on the page, and the browser's Undo takes it back.
        let added = try #require(try browser.evaluate("return document.getElementById('visit').dataset.visit") as? String)
        try served.cli(["visits", "edit", added, "--notes", "Went with Dad"])
        try browser.open(served.address.absoluteString.replacingOccurrences(of: "/?key=\(served.secret)", with: "/visits/\(added)"))
        try browser.wait(until: "the note made at the terminal shows") { try browser.text(".visit").contains("Went with Dad") }
        try browser.click("#undo")
        try browser.wait(until: "the browser's undo takes it back") { try browser.text("#notice").hasPrefix("Took back") }
        #expect(try !browser.text(".visit").contains("Went with Dad"))
        #expect(try !served.cli(["visits", "show", added]).contains("Went with Dad"))

        // Not imported: the photos near a game, filed into it with one click.
        try browser.click("nav a[href='/not-imported']")
        try browser.wait(until: "the photos near a game are listed") { try !browser.elements(".left-out.nearGame").isEmpty }
        let groups = try browser.elements(".left-out.nearGame").count
        try browser.wait(until: "their thumbnails show") { try pictures(".left-out img") == browser.elements(".left-out img").count }
        try browser.screenshot(to: Self.screenshots.appendingPathComponent("not-imported.png"))
        try browser.click(".left-out.nearGame .file-near")
        try browser.wait(until: "the click files them") { try browser.text("#notice").hasPrefix("Filed ") }
        try browser.click("nav a[href='/not-imported']")
        try browser.wait(until: "one game fewer is listed") { try browser.elements(".left-out.nearGame").count == groups - 1 }
        #expect(try browser.evaluate("return document.documentElement.dataset.errors || ''") as? String == "")

        // On a phone (390 pixels wide) every page fits the screen: nothing to scroll sideways, the bar included.
        try browser.resize(width: 390, height: 844)
        for page in ["/", "/visits", "/confirm", "/add", "/not-imported", "/visits/\(added)", "/players", "/seasons/2015"] {
            try browser.open(served.address.absoluteString.replacingOccurrences(of: "/?key=\(served.secret)", with: page))
            try browser.wait(until: "\(page) shows") { try !browser.text("h1").isEmpty }
            let widths = try #require(
                try browser.evaluate("return [document.documentElement.scrollWidth, window.innerWidth]") as? [Int])
            #expect(widths[0] <= widths[1], "\(page) is \(widths[0]) pixels wide on a \(widths[1])-pixel screen")
            // And it opens at its top: the confirm page's first moment is not scrolled past its photos.
            try browser.wait(until: "\(page)'s script ran") {
                try browser.evaluate("return document.documentElement.dataset.ready || ''") as? String == "yes"
            }
            let scrolled = (try browser.evaluate("return window.scrollY") as? NSNumber)?.intValue ?? -1
            #expect(scrolled == 0, "\(page) opens scrolled \(scrolled) pixels down")
        }
        try browser.open(served.address.absoluteString.replacingOccurrences(of: "/?key=\(served.secret)", with: "/visits"))
        try browser.screenshot(to: Self.screenshots.appendingPathComponent("visits-phone.png"))
    }

    @Test("Evidence in the browser: a calendar's question on the Confirm page, settled by a click, listed on its visit with the rest")
    func evidence() throws {
        let served = try ServedLibrary(photos: "Tests/EvidenceTests/Fixtures")
        defer { served.stop() }
        let browser = try WebDriver()
        try browser.open(served.address.absoluteString)
        try browser.wait(until: "the overview shows") { try browser.text("h1") == "My games" }

        // The question: an all-day "Red Sox vs Braves" with no place or time names the game but is no ticket.
        try browser.click("nav a[href='/confirm']")
        try browser.wait(until: "the question shows") { try browser.elements(".group").count == 1 }
        #expect(try browser.text(".group .when").hasPrefix("1 piece of evidence at Fenway Park, 2015-06-15"))
        #expect(try browser.text(".group .evidence").contains("A calendar event (Red Sox vs Braves)"))
        #expect(try browser.text(".group .reason").contains("not the venue and time a ticket gives"))
        #expect(try browser.elements(".group img").isEmpty, "evidence has no picture to show")
        try browser.screenshot(to: Self.screenshots.appendingPathComponent("confirm-evidence.png"))
        try browser.click(".group .candidate")
        try browser.wait(until: "a click settles it") { try browser.elements(".group").isEmpty }
        #expect(try browser.text("#notice").hasPrefix("Filed"))

        // Its visit lists every piece of evidence of the game, the calendar's among them; no photo is claimed.
        let listedVisits = try served.cli(["visits", "--format", "json"])
        let visits = try #require(try JSONSerialization.jsonObject(with: Data(listedVisits.utf8)) as? [[String: Any]])
        let id = try #require(visits.first { $0["gameId"] as? String == "game_mlb_2015_bos_atl_0615" }?["id"] as? String)
        try browser.open("http://\(served.host):\(served.port)/visits/\(id)")
        try browser.wait(until: "the visit opens") { try browser.elements("#evidence li").count > 0 }
        let listed = try browser.text("#evidence")
        for kind in [
            "A calendar event (Red Sox vs Braves)", "A place visit in your location history (Fenway Park)", "A check-in (Fenway Park)",
            "Your location history's points",
        ] {
            #expect(listed.contains(kind), "\(kind) in \(listed)")
        }
        #expect(try browser.text(".empty").contains("the evidence above shows you were there"))
        try browser.screenshot(to: Self.screenshots.appendingPathComponent("visit-evidence.png"))
    }
}
