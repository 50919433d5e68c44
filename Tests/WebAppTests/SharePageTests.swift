import Foundation
import Testing

@testable import WebApp

/// `serve`'s Share buttons and a season's page in review, in process: the PNG is the one `stadiumlog card` writes for
/// the same request, byte for byte; the page's facts are the season's.
@Suite("serve: the share card and a season in review")
struct SharePageTests {
    @Test("The card downloaded is the command's card, byte for byte; the season's page lists its facts; bad values are a 400 page")
    func sameCardAsTheCommand() async throws {
        let served = try InProcessSite(photos: nil)
        for game in ["game_mlb_2015_bos_atl_0615", "game_mlb_2015_bos_atl_0616", "game_nfl_2015_nyj_cle_0913"] {
            try ServedLibrary.cli(["visits", "add", "--game", game, "--library", served.folder.path])
        }
        let today = served.site.today.iso8601
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("share-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let requests: [(query: String, arguments: [String])] = [
            ("", []),
            ("?league=mlb&season=2015&size=square&name=Ana", ["--league", "mlb", "--season", "2015", "--size", "square", "--name", "Ana"]),
            ("?league=nfl&map=0", ["--league", "nfl", "--no-map"]),
        ]
        var made: [Data] = []
        for (index, request) in requests.enumerated() {
            let file = folder.appendingPathComponent("\(index).png")
            try ServedLibrary.cli(["card", file.path, "--library", served.folder.path, "--today", today] + request.arguments)
            made.append(try Data(contentsOf: file))
        }
        let expected = made
        try await served.test { client in
            for (index, request) in requests.enumerated() {
                let answer = try await client.execute(uri: "/card.png\(request.query)", method: .get, headers: served.cookie) { $0 }
                #expect(answer.status == .ok && answer.headers[.contentType] == "image/png", "\(request.query)")
                #expect(answer.headers[.contentDisposition]?.hasPrefix("attachment; filename=\"stadiumlog-") == true)
                #expect(Data(buffer: answer.body) == expected[index], "\(request.query): the same PNG as `stadiumlog card`")
            }
            let page = try await client.get("/seasons/2015", served)
            #expect(page.status == .ok && page.text.contains("<h1>2015 in review</h1>"))
            #expect(page.text.contains("<li>3 games at 2 venues, 2 new to you</li>"))
            #expect(page.text.contains("<li>First game: Atlanta Braves at Boston Red Sox, Fenway Park, 2015-06-15</li>"))
            #expect(page.text.contains("src=\"/card.png?season=2015&size=square\""))
            #expect(page.text.contains("id=\"share-form\""))
            let overview = try await client.get("/", served)
            #expect(overview.text.contains("id=\"share-form\"") && overview.text.contains("href=\"/seasons/2015\""))
            for bad in ["/card.png?size=poster", "/card.png?league=xfl", "/card.png?season=soon"] {
                let answer = try await client.get(bad, served)
                #expect(answer.status == .badRequest, "\(bad)")
            }
            #expect(try await client.get("/seasons/later", served).status == .notFound)
            // Only a league's own id goes back into the page's links.
            let hostile = try await client.get("/seasons/2015?league=mlb%26photo%3D0123456789ab", served)
            #expect(hostile.status == .ok && !hostile.text.contains("photo=0123456789ab"))
            #expect(
                try await client.get("/seasons/2015?league=MLB", served).text.contains(
                    "src=\"/card.png?season=2015&size=square&league=mlb\""))
            let long = try await client.get("/card.png?name=" + String(repeating: "a", count: 61), served)
            #expect(long.status == .badRequest && long.text.contains("at most 60 characters"))
        }
    }
}
