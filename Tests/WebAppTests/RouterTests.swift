import Catalog
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import UseCases
import VisitStore

@testable import WebApp

/// Every route of the web app in process (``InProcessSite``): its status, its headers, and the decision each form makes
/// — the browser tests keep what only a browser shows.
@Suite("serve: every route, in process")
struct RouterTests {
    @Test("Every page answers with the security headers; a missing visit, an unknown address and a malformed query are pages")
    func pages() async throws {
        let served = try InProcessSite()
        let visit = try #require(try served.site.history.visits().first)
        try await served.test { client in
            for path in [
                "/", "/visits", "/visits?league=mlb&page=2", "/visits/\(visit.id)", "/confirm", "/confirm?skipped=1", "/add",
                "/add?team=Yankees&date=2015-06-16", "/not-imported",
            ] {
                let page = try await client.get(path, served)
                #expect(page.status == .ok, "\(path)")
                #expect(page.headers[.contentType] == "text/html; charset=utf-8", "\(path)")
                #expect(page.headers[HTTPField.Name("Content-Security-Policy")!]?.contains("default-src 'none'") == true, "\(path)")
                #expect(page.headers[HTTPField.Name("X-Frame-Options")!] == "DENY", "\(path)")
                #expect(page.headers[.cacheControl] == "no-store", "\(path)")
                #expect(page.text.contains("name=\"form-token\" content=\"\(served.site.formToken)\""), "\(path)")
            }
            let gone = try await client.get("/visits/no-such-visit", served)
            #expect(gone.status == .notFound)
            #expect(gone.text.contains("There is no visit no-such-visit"))
            let twice = try await client.get("/visits?team=a&team=b", served)
            #expect(twice.status == .badRequest)
            #expect(twice.text.contains("not one of StadiumLog's pages"))
            #expect(try await client.get("/no-such-page", served).status == .notFound)
            #expect(try await client.get("/assets/app.css", served).headers[.contentType] == "text/css; charset=utf-8")
            #expect(try await client.get("/thumbnails/not-a-hash", served).status == .notFound)
            let stranger = try await client.execute(uri: "/", method: .get) { Page($0) }
            #expect(stranger.status == .forbidden, "no cookie, no page")
            #expect(!stranger.text.contains("My games"))
        }
    }

    @Test(
        "Confirm: a candidate's button files the moment into its game, tour and skip their own; a form from elsewhere or half filled changes nothing"
    )
    func confirmDecisions() async throws {
        let served = try InProcessSite()
        let confirmer = served.site.corrections.confirmer
        let moments = confirmer.moments(try confirmer.pending())
        let first = try #require(moments.first)
        let ids = first.photos.map(\.pendingId).joined(separator: ",")
        let game = try #require(first.candidates.first).gameId
        try await served.test { client in
            // Refused before anything is read: no token, a wrong one.
            #expect(
                try await client.post("/confirm", [("pending", ids), ("game", game.rawValue)], served, token: nil).status == .forbidden)
            #expect(
                try await client.post("/confirm", [("pending", ids), ("game", game.rawValue)], served, token: "0").status == .forbidden)
            // A decision no page offers: back where it came from, saying so; nothing changed.
            let odd = try await client.post("/confirm", [("pending", ids), ("decision", "maybe"), ("back", "/confirm")], served)
            #expect(odd.status == .seeOther && odd.location.hasPrefix("/confirm?notice="))
            #expect(try await client.notice(after: odd, served).contains("not filled in as its page asks"))
            let nothing = try await client.post("/confirm", [("pending", ids), ("back", "/confirm")], served)
            #expect(try await client.notice(after: nothing, served) == "No game was chosen (nothing was changed).")
            #expect(try confirmer.pending().count == moments.map(\.photos.count).reduce(0, +))

            // The candidate's button: filed into that game, said so.
            let filed = try await client.post("/confirm", [("pending", ids), ("game", game.rawValue), ("back", "/confirm")], served)
            #expect(filed.status == .seeOther)
            #expect(try await client.notice(after: filed, served).hasPrefix("Filed \(first.photos.count) photo"))
            #expect(try served.site.library.visit(ofGame: game) != nil)

            // Undo, then skip: the moment waits among the skipped.
            #expect(try await client.post("/undo", [("back", "/confirm")], served).status == .seeOther)
            #expect(try served.site.library.visit(ofGame: game) == nil)
            _ = try await client.post("/confirm", [("pending", ids), ("decision", "skip")], served)
            #expect(try confirmer.skipped().map(\.id).sorted() == first.photos.map(\.pendingId).sorted())
            let skippedPage = try await client.get("/confirm?skipped=1", served)
            #expect(skippedPage.text.contains(first.headline))
        }
    }

    @Test("A visit: seat and notes kept, a bad score refused, photos moved to a picked visit, a far game refused, a delete undone")
    func visitDecisions() async throws {
        let served = try InProcessSite()
        let visits = try served.site.history.visits().filter { $0.visitType == .game }
        let (source, target) = (try #require(visits.first), try #require(visits.dropFirst().first))
        let photo = try #require(try served.site.history.photos(ofVisit: source.id).first)
        try await served.test { client in
            let kept = try await client.post(
                "/visits/\(source.id)/details",
                [("seat", "Section 12, Row 4"), ("notes", "Rain <delay>"), ("back", "/visits/\(source.id)")],
                served)
            #expect(try await client.notice(after: kept, served).hasPrefix("Seat and notes kept"))
            let page = try await client.get("/visits/\(source.id)", served)
            #expect(page.text.contains("Seat: Section 12, Row 4") && page.text.contains("Rain <delay>"))
            #expect(try served.site.library.visit(id: source.id)?.notes == "Rain <delay>")

            let bad = try await client.post(
                "/visits/\(source.id)/score", [("home", "x"), ("away", "1"), ("back", "/visits/\(source.id)")], served)
            #expect(try await client.notice(after: bad, served) == "A score is two whole numbers from 0 to 1000 (nothing was changed).")

            // The picker offers the other visits; the far game is refused with the way to file it anyway.
            #expect(page.text.contains("<option value=\"\(target.id)\">"))
            let far = try await client.post(
                "/visits/\(source.id)/move",
                [("photo[]", photo.sha256), ("game", "game_mlb_2016_cle_chc_1102"), ("back", "/visits/\(source.id)")],
                served)
            #expect(try await client.notice(after: far, served).contains("--force"))
            let moved = try await client.post(
                "/visits/\(source.id)/move",
                [("photo[]", photo.sha256), ("to", "visit"), ("visit", target.id), ("back", "/visits/\(source.id)")],
                served)
            #expect(moved.location.hasPrefix("/visits/\(target.id)?notice="))
            #expect(try served.site.history.photos(ofVisit: target.id).contains { $0.sha256 == photo.sha256 })
            let none = try await client.post("/visits/\(target.id)/move", [("to", "tour"), ("back", "/visits/\(target.id)")], served)
            #expect(try await client.notice(after: none, served) == "No photo was ticked (nothing was changed).")

            let deleted = try await client.post("/visits/\(target.id)/delete", [("back", "/visits/\(target.id)")], served)
            #expect(deleted.location.hasPrefix("/visits?notice="))
            let undone = try await client.post("/undo", [("back", "/visits/\(target.id)")], served)
            #expect(undone.location.hasPrefix("/visits/\(target.id)?notice="), "the visit is back, so is its page")
        }
    }

    @Test("Add a game: found by team and day, added by its button; a game not in the catalog is refused")
    func addGame() async throws {
        let served = try InProcessSite(photos: nil)
        try await served.test { client in
            let found = try await client.get("/add?team=Yankees&date=2015-06-16", served)
            #expect(found.text.contains("value=\"game_mlb_2015_mia_nyy_0616\""), "\(found.text)")
            let added = try await client.post("/add", [("game", "game_mlb_2015_mia_nyy_0616"), ("back", "/add")], served)
            #expect(added.location.hasPrefix("/visits/"))
            let unknown = try await client.post("/add", [("game", "game_mlb_2015_mia_nyy_0617"), ("back", "/add")], served)
            #expect(try await client.notice(after: unknown, served).contains("no game game_mlb_2015_mia_nyy_0617"))
        }
    }
}
