import Catalog
import Foundation
import HTMLReport
import Hummingbird
import UseCases
import VisitStore

/// The visits: cards by season, filtered by league, team, season and venue, found by one search box (teams, cities,
/// venues and their former names), a page at a time.
extension WebSite {
    static let cardsPerPage = 48

    struct VisitsView {
        struct Section {
            var heading: String
            var cards: [ReportViews.Card]
        }
        var page: Chrome
        var text: String
        var leagues: [OverviewView.Option]
        var teams: [OverviewView.Option]
        var seasons: [OverviewView.Option]
        var venues: [OverviewView.Option]
        var sections: [Section]
        var found: String
        var previous: String?
        var next: String?
        var position: String?
    }

    func visits(_ request: Request) throws -> String {
        let fields = FormFields(request.uri.query ?? "")
        let query = VisitQuery(
            league: fields["league"].map(LeagueID.init(rawValue:)), teamId: fields["team"].map(TeamID.init(rawValue:)),
            season: fields["season"].flatMap { Int($0) }, venueId: fields["venue"], text: fields["q"] ?? "")
        let all = try history.visits()
        let found = history.filter(all, by: query)
        let pages = max(1, (found.count + Self.cardsPerPage - 1) / Self.cardsPerPage)
        let number = min(max(fields["page"].flatMap { Int($0) } ?? 1, 1), pages)
        let shown = found.dropFirst((number - 1) * Self.cardsPerPage).prefix(Self.cardsPerPage)
        let covers = try history.covers(ofVisits: shown.map(\.id))
        var sections: [VisitsView.Section] = []
        for visit in shown {
            let heading = "Season " + history.seasonLabel(history.season(of: visit), league: visit.league)
            if sections.last?.heading != heading { sections.append(.init(heading: heading, cards: [])) }
            let cover = covers[visit.id]
            sections[sections.count - 1].cards.append(
                ReportViews.Card(
                    visit: visit, photoCount: cover?.count ?? 0, image: cover?.thumbnail.map { "/thumbnails/\($0)" },
                    link: "/visits/\(visit.id)", catalog: catalog))
        }
        let base = fields.removing("page").removing("notice")
        func option(_ value: String, _ label: String, _ selected: String?) -> OverviewView.Option {
            .init(value: value, label: label, selected: value == selected)
        }
        let teams = Set(all.flatMap { [$0.homeTeamId, $0.awayTeamId].compactMap { $0 } })
            .map { ($0.rawValue, catalog.team(id: $0)?.currentName ?? $0.rawValue) }.sorted { $0.1 < $1.1 }
        let venues = Dictionary(
            all.map { ($0.venueId, catalog.venue(id: $0.venueId)?.currentName ?? $0.venueName) }, uniquingKeysWith: { a, _ in a }
        )
        .sorted { $0.value < $1.value }
        let view = VisitsView(
            page: chrome(title: "Visits", current: "/visits", notice: fields["notice"], back: base.path("/visits")),
            text: query.text,
            leagues: Set(all.compactMap(\.league)).sorted().map {
                option($0.rawValue, catalog.league($0)?.displayName ?? $0.rawValue, query.league?.rawValue)
            },
            teams: teams.map { option($0.0, $0.1, query.teamId?.rawValue) },
            seasons: Set(all.map(history.season(of:))).sorted(by: >).map { option(String($0), String($0), query.season.map(String.init)) },
            venues: venues.map { option($0.key, $0.value, query.venueId) },
            sections: sections,
            found: found.count == all.count ? "\(all.count) visits" : "\(found.count) of \(all.count) visits",
            previous: number > 1 ? base.setting("page", String(number - 1)).path("/visits") : nil,
            next: number < pages ? base.setting("page", String(number + 1)).path("/visits") : nil,
            position: pages > 1 ? "page \(number) of \(pages)" : nil)
        return render("visits", view)
    }
}
