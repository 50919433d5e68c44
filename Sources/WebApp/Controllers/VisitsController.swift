import Catalog
import Foundation
import HTMLReport
import Hummingbird
import UseCases
import VisitStore

/// The visits: cards by season, filtered by league, team, season and venue, found by one search box (teams, cities,
/// venues and their former names), a page at a time.
struct VisitsController {
    let site: WebSite
    static let cardsPerPage = 48

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/visits") { request, _ in Reply.page(try visits(request)) }
    }

    /// The page's address: the filters, the page number and a notice; encoded again for the links to other pages.
    struct Query: Codable {
        var q: String?
        var league: String?
        var team: String?
        var season: String?
        var venue: String?
        var page: String?
        var notice: String?

        /// The visits page with these filters, on page `number` (nil: the first).
        func path(page number: Int? = nil) -> String {
            var query = self
            query.page = number.map(String.init)
            query.notice = nil
            let encoded = (try? URLEncodedFormEncoder().encode(query)) ?? ""
            return encoded.isEmpty ? "/visits" : "/visits?" + encoded
        }
    }

    struct VisitsView {
        struct Section {
            var heading: String
            var cards: [ReportViews.Card]
        }
        var page: Chrome
        var text: String
        var leagues: [SelectOption]
        var teams: [SelectOption]
        var seasons: [SelectOption]
        var venues: [SelectOption]
        var sections: [Section]
        var found: String
        var previous: String?
        var next: String?
        var position: String?
        /// A season's page (the season filter set): what its games add up to (``FanRecord``), with the team filtered
        /// by as the one followed; nil on other pages.
        var seasonRecord: FanRecord?
        var seasonLabel: String?
        /// The season filtered by, for its page in review.
        var seasonValue: String?
    }

    func visits(_ request: Request) throws -> String {
        let address = try site.query(request, as: Query.self)
        let (catalog, history) = (site.catalog, site.history)
        let query = VisitQuery(
            league: address.league?.filled.map(LeagueID.init(rawValue:)), teamId: address.team?.filled.map(TeamID.init(rawValue:)),
            season: address.season.flatMap { Int($0) }, venueId: address.venue?.filled, text: address.q?.filled ?? "")
        let all = try history.visits()
        let found = history.filter(all, by: query)
        let pages = max(1, (found.count + Self.cardsPerPage - 1) / Self.cardsPerPage)
        let number = min(max(address.page.flatMap { Int($0) } ?? 1, 1), pages)
        let shown = found.dropFirst((number - 1) * Self.cardsPerPage).prefix(Self.cardsPerPage)
        let covers = try history.covers(ofVisits: shown.map(\.id))
        var sections: [VisitsView.Section] = []
        let labels = history.seasonLabels(of: all)
        for visit in shown {
            let heading = "Season " + (labels[history.season(of: visit)] ?? "")
            if sections.last?.heading != heading { sections.append(.init(heading: heading, cards: [])) }
            let cover = covers[visit.id]
            sections[sections.count - 1].cards.append(
                ReportViews.Card(
                    visit: visit, photoCount: cover?.count ?? 0, image: cover?.thumbnail.map { "/thumbnails/\($0)" },
                    link: "/visits/\(visit.id)", catalog: catalog))
        }
        func option(_ value: String, _ label: String, _ selected: String?) -> SelectOption {
            .init(value: value, label: label, selected: value == selected)
        }
        let teams = Set(all.flatMap { [$0.homeTeamId, $0.awayTeamId].compactMap { $0 } })
            .map { ($0.rawValue, catalog.team(id: $0)?.currentName ?? $0.rawValue) }.sorted { $0.1 < $1.1 }
        let venues = Dictionary(
            all.map { ($0.venueId, catalog.venue(id: $0.venueId)?.currentName ?? $0.venueName) }, uniquingKeysWith: { a, _ in a }
        )
        .sorted { $0.value < $1.value }
        let view = VisitsView(
            page: site.chrome(
                title: "Visits", current: "/visits", notice: address.notice, back: address.path(page: number > 1 ? number : nil)),
            text: query.text,
            leagues: Set(all.compactMap(\.league)).sorted().map {
                option($0.rawValue, catalog.league($0)?.displayName ?? $0.rawValue, query.league?.rawValue)
            },
            teams: teams.map { option($0.0, $0.1, query.teamId?.rawValue) },
            seasons: labels.sorted { $0.key > $1.key }.map { option(String($0.key), $0.value, query.season.map(String.init)) },
            venues: venues.map { option($0.key, $0.value, query.venueId) },
            sections: sections,
            found: found.count == all.count ? "\(all.count) visits" : "\(found.count) of \(all.count) visits",
            previous: number > 1 ? address.path(page: number - 1) : nil,
            next: number < pages ? address.path(page: number + 1) : nil,
            position: pages > 1 ? "page \(number) of \(pages)" : nil,
            seasonRecord: query.season.map { history.record(of: all, following: query.teamId, season: $0) }.flatMap {
                $0.leagues.isEmpty ? nil : $0
            },
            seasonLabel: query.season.flatMap { labels[$0] }, seasonValue: query.season.map(String.init))
        return site.render("visits", view)
    }
}
