import Foundation
import Testing

/// `serve` shows and changes the library at its path, whatever happened to the one it opened first: moved aside and a
/// copy put in its place (what StadiumLog tells a fan to do with a damaged library), deleted, put back.
@Suite("serve: the library at its path", .serialized)
struct FollowedLibraryTests {
    @Test("A library moved aside and copied back: a score set in the browser lands in the library at the path, never the moved one")
    func followsACopyPutInPlace() throws {
        let served = try ServedLibrary()
        defer { served.stop() }
        let visit = try #require(served.visitIds().first)
        let moved = served.folder.appendingPathExtension("moved")
        defer { try? FileManager.default.removeItem(at: moved) }
        try FileManager.default.moveItem(at: served.folder, to: moved)
        try FileManager.default.copyItem(at: moved, to: served.folder)

        let set = try served.post("/visits/\(visit)/score", [("home", "17"), ("away", "16"), ("replace", "on")])
        #expect(set.status == 303)
        #expect(set.header("Location")?.hasPrefix("/visits/\(visit)?notice=") == true)
        #expect(try served.score(of: visit, in: served.folder) == "17-16" || served.score(of: visit, in: served.folder) == "16-17")
        #expect(try !["17-16", "16-17"].contains(served.score(of: visit, in: moved)), "the moved library is left as it was")

        // A change from the command line to the library at the path shows in the browser.
        try served.cli(["visits", "edit", visit, "--notes", "seen from the command line"])
        #expect(try served.get("/visits/\(visit)").text.contains("seen from the command line"))
    }

    @Test("A library deleted while served: pages say so and changes are refused; put back, it is served again")
    func refusesWhileGone() throws {
        let served = try ServedLibrary()
        defer { served.stop() }
        let visit = try #require(served.visitIds().first)
        let before = try served.score(of: visit, in: served.folder)
        let token = try served.formToken()
        let aside = served.folder.appendingPathExtension("aside")
        defer { try? FileManager.default.removeItem(at: aside) }
        try FileManager.default.moveItem(at: served.folder, to: aside)

        let page = try served.get("/visits")
        #expect(page.status == 503)
        #expect(page.text.contains("There is no library at \(served.folder.path) any more"))
        #expect(!page.text.contains("Fenway"), "nothing of the library moved away is shown")
        let set = try served.post("/visits/\(visit)/score", [("home", "9"), ("away", "8"), ("replace", "on")], token: token)
        #expect(set.status == 503)
        #expect(try served.score(of: visit, in: aside) == before, "nothing was written into the library moved away")
        #expect(!FileManager.default.fileExists(atPath: served.folder.path), "no new library was made at the path")

        try FileManager.default.moveItem(at: aside, to: served.folder)
        #expect(try served.get("/visits").status == 200)
        #expect(try served.post("/visits/\(visit)/score", [("home", "9"), ("away", "8"), ("replace", "on")]).status == 303)
        #expect(try ["9-8", "8-9"].contains(served.score(of: visit, in: served.folder)))
    }

    @Test("A library replaced by a restored export is followed: its visits are shown, and the old one's are not")
    func followsARestoredExport() throws {
        let served = try ServedLibrary()
        defer { served.stop() }
        let visit = try #require(served.visitIds().first)
        let export = FileManager.default.temporaryDirectory.appendingPathComponent("followed-\(UUID().uuidString).json")
        let restored = served.folder.appendingPathExtension("restored")
        let old = served.folder.appendingPathExtension("old")
        defer { for url in [export, restored, old] { try? FileManager.default.removeItem(at: url) } }
        try served.cli(["export", export.path])
        try ServedLibrary.cli(["restore", export.path, "--library", restored.path])
        try ServedLibrary.cli(["visits", "delete", visit, "--yes", "--library", restored.path])
        #expect(try served.get("/visits/\(visit)").status == 200)

        try FileManager.default.moveItem(at: served.folder, to: old)
        try FileManager.default.moveItem(at: restored, to: served.folder)
        #expect(try served.get("/visits/\(visit)").status == 404, "the visit deleted in the restored library is gone from the pages")
        #expect(try served.get("/").status == 200)
    }
}

/// The same sequences in a real browser: the page stays open while the library is moved, copied back and deleted.
@Suite("serve: the library at its path, in a browser", .serialized)
struct FollowedLibraryBrowserTests {
    @Test("A score typed on an open page after the library was moved aside and copied back lands in the copy at the path")
    func browserFollowsTheLibrary() throws {
        let served = try ServedLibrary()
        defer { served.stop() }
        let browser = try WebDriver()
        try browser.open(served.address.absoluteString)
        try browser.wait(until: "the overview shows") { try browser.text("h1") == "My games" }
        let visit = try #require(served.visitIds().first)
        try browser.open("http://\(served.host):\(served.port)/visits/\(visit)")
        try browser.wait(until: "the visit opens") { try browser.elements("#set-score").count == 1 }

        let moved = served.folder.appendingPathExtension("moved")
        defer { try? FileManager.default.removeItem(at: moved) }
        try FileManager.default.moveItem(at: served.folder, to: moved)
        try FileManager.default.copyItem(at: moved, to: served.folder)
        try browser.type("12", into: "#away")
        try browser.type("11", into: "#home")
        if try browser.elements("#replace").count == 1 { try browser.click("#replace") }
        try browser.click("#set-score")
        try browser.wait(until: "the page shows the score set") {
            let score = try browser.text("#score")
            return score.contains(" 12, ") && score.hasSuffix(" 11")
        }
        #expect(try ["11-12", "12-11"].contains(served.score(of: visit, in: served.folder)), "in the library at the path")
        #expect(try !["11-12", "12-11"].contains(served.score(of: visit, in: moved)), "not in the one moved aside")

        try FileManager.default.removeItem(at: served.folder)
        try browser.open("http://\(served.host):\(served.port)/visits/\(visit)")
        try browser.wait(until: "the page says the library is gone") { try browser.text("body").contains("There is no library at") }
        #expect(try browser.elements("#set-score").isEmpty, "no form to change a library that is not there")
        #expect(!FileManager.default.fileExists(atPath: served.folder.path))
    }
}

extension ServedLibrary {
    /// The score of a visit as the command line shows it for the library in `folder` ("4-2"), or "" when it has none.
    func score(of visit: String, in folder: URL) throws -> String {
        let json = try Self.cli(["visits", "--format", "json", "--library", folder.path])
        let visits = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]] ?? []
        guard let record = visits.first(where: { $0["id"] as? String == visit }) else { return "" }
        guard let home = record["homeScore"] as? Int, let away = record["awayScore"] as? Int else { return "" }
        return "\(home)-\(away)"
    }
}
