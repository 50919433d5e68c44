import Foundation
import Testing

@testable import WebApp

/// A visit's moments on `serve`'s visit page and visits cards, in process: the same words `visits show` prints.
@Suite("serve: the moments of a visit's game")
struct MomentsPageTests {
    @Test("A perfect game's visit page says so, with the pitcher; an ordinary game's page has no moments")
    func perfectGame() async throws {
        let served = try InProcessSite(photos: nil)
        for game in ["game_mlb_2012_sea_tb_0815", "game_mlb_2015_bos_atl_0615"] {
            try ServedLibrary.cli(["visits", "add", "--game", game, "--library", served.folder.path])
        }
        let visits = try served.site.history.visits()
        let perfect = try #require(visits.first { $0.gameId == "game_mlb_2012_sea_tb_0815" })
        let ordinary = try #require(visits.first { $0.gameId == "game_mlb_2015_bos_atl_0615" })
        let shown = try ServedLibrary.cli(["visits", "show", perfect.id, "--library", served.folder.path])
        try await served.test { client in
            let page = try await client.get("/visits/\(perfect.id)", served).text
            let moments = Self.items(of: "<ul class=\"moments\" id=\"moments\">", in: page)
            #expect(moments.contains("Perfect game — Felix Hernandez, 27 up, 27 down"), "\(moments)")
            #expect(moments.contains("No-hitter — Felix Hernandez"))
            #expect(moments.count == 3)
            for moment in moments { #expect(shown.contains("Moment: \(moment)"), "the page and visits show say it alike") }

            // The visits page: each card carries its game's moments too.
            let cards = try await client.get("/visits", served).text
            let onCards = cards.components(separatedBy: "<p class=\"moment\">").dropFirst().map { String($0.prefix { $0 != "<" }) }
            #expect(onCards == moments, "the perfect game's card lists its moments, the other card none")

            #expect(!(try await client.get("/visits/\(ordinary.id)", served).text.contains("id=\"moments\"")))
        }
    }

    /// The texts of the list items after `opening` in `page`.
    static func items(of opening: String, in page: String) -> [String] {
        guard let start = page.range(of: opening), let end = page[start.upperBound...].range(of: "</ul>") else { return [] }
        return page[start.upperBound..<end.lowerBound].components(separatedBy: "<li>").dropFirst().map {
            String($0.replacingOccurrences(of: "</li>", with: ""))
        }
    }
}
