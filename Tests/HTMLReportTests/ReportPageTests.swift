import Catalog
import Foundation
import Progress
import Testing
import TimeAndPlace
import VisitStore

@testable import HTMLReport

@Suite("The HTML report")
struct ReportPageTests {
    static let catalog = try! Catalog.bundled()

    static func visit(_ id: String, venue: String, date: String, league: LeagueID = "mlb", notes: String? = nil) -> StadiumVisit {
        StadiumVisit(
            id: id, venueId: venue, venueName: catalog.venue(id: venue)!.name(on: LocalDate(date)!),
            localDate: LocalDate(date)!, league: league, visitType: .game, homeTeamName: "Home", awayTeamName: "Away",
            homeScore: 5, awayScore: 3, dataSource: .automatic, notes: notes, source: .photoImport)
    }

    func page(_ visits: [StadiumVisit], thumbnail: Data? = nil) -> String {
        let today = LocalDate("2025-07-01")!
        let cards = visits.map { ReportPage.Card(visit: $0, thumbnail: thumbnail, photoCount: 1) }
        return ReportPage(
            cards: cards, progress: FanProgress(visits: visits, catalog: Self.catalog, today: today),
            achievements: AchievementEngine(catalog: Self.catalog).earned(from: visits), catalog: Self.catalog,
            generatedOn: today
        ).html
    }

    @Test("Self-contained: no external URL, the map's three countries, a ring per league, a card per visit")
    func structure() {
        let html = page(
            [
                Self.visit("a", venue: "stadium_mlb_fenway_park", date: "2015-06-15"),
                Self.visit("b", venue: "stadium_nba_td_garden", date: "2016-01-10", league: "nhl"),
            ],
            thumbnail: Data([0xFF, 0xD8, 0xFF, 0xD9]))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("<link"))
        #expect(html.components(separatedBy: "<path class=\"country\"").count - 1 == 3)
        #expect(html.components(separatedBy: "<figure class=\"ring").count - 1 == Self.catalog.leagues.count)
        #expect(html.components(separatedBy: "<article class=\"visit-card\"").count - 1 == 2)
        #expect(html.contains("data:image/jpeg;base64,/9j/2Q=="))
        #expect(html.components(separatedBy: "class=\"venue visited\"").count - 1 == 2)
        #expect(html.contains("Fenway Faithful"))
    }

    @Test("What the fan typed is escaped: notes cannot inject markup")
    func escaping() {
        let hostile = "<script>alert('x')</script> & \"quotes\""
        let html = page([Self.visit("a", venue: "stadium_mlb_fenway_park", date: "2015-06-15", notes: hostile)])
        #expect(!html.contains("<script>alert"))
        #expect(html.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &quot;quotes&quot;"))
        #expect(HTML.escape("a<b>c") == "a&lt;b&gt;c")
    }

    @Test("The Albers projection puts Boston east of Seattle and Miami south of Toronto, inside the frame")
    func projection() {
        let map = NorthAmericaMap()
        let boston = map.point(longitude: -71.06, latitude: 42.36)
        let seattle = map.point(longitude: -122.33, latitude: 47.61)
        let miami = map.point(longitude: -80.19, latitude: 25.76)
        let toronto = map.point(longitude: -79.38, latitude: 43.65)
        #expect(boston.x > seattle.x && miami.y > toronto.y)
        for point in [boston, seattle, miami, toronto] {
            #expect(point.x > 0 && point.x < NorthAmericaMap.width && point.y > 0 && point.y < map.height)
        }
    }
}
