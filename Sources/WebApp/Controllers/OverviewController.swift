import Catalog
import Foundation
import HTMLReport
import Hummingbird
import Progress
import UseCases
import VisitStore

/// The overview: the map, progress per league and division (with the venues still to visit), badges, and a summary
/// per season with the record of a team the fan picks.
struct OverviewController {
    let site: WebSite

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/") { request, _ in Reply.page(try overview(request)) }
    }

    struct Query: Decodable {
        var notice: String?
        var team: String?
    }

    struct OverviewView {
        struct Division {
            var name: String
            var done: Int
            var total: Int
            var complete: Bool
            /// The venues of the division still to visit, by name; nil when none.
            var toVisit: String?
        }
        struct LeagueDivisions {
            var name: String
            var divisions: [Division]
        }
        struct Season {
            var season: String
            var label: String
            var games: Int
            var newVenues: Int
            var record: String?
        }
        var page: Chrome
        var summary: String
        var map: ReportViews.Map
        var rings: [ReportViews.Ring]
        var leagues: [LeagueDivisions]
        var badges: [ReportViews.Badge]
        var hasBadges: Bool
        var seasons: [Season]
        var teams: [SelectOption]
        var favourite: String?
        var hasVisits: Bool
        /// The fan's record (``FanRecord``): each league's facts, and the followed team's, in `progress`'s words.
        var yourGames: FanRecord
        var hasYourGames: Bool
        /// The Share form: every league or one of the fan's, all-time.
        var chooseLeague = true
        var shareLeagues: [SelectOption]
        var shareLeague = ""
        var shareSeason = ""
    }

    func overview(_ request: Request) throws -> String {
        let query = try site.query(request, as: Query.self)
        let (catalog, history) = (site.catalog, site.history)
        let favourite = query.team?.filled.map(TeamID.init(rawValue:))
        let overview = try history.overview(on: site.today, favourite: favourite)
        let record = history.record(of: overview.visits, following: favourite)
        let (visits, progress, achievements) = (overview.visits, overview.progress, overview.achievements)
        let teamIds = Set(visits.flatMap { [$0.homeTeamId, $0.awayTeamId].compactMap { $0 } })
        let names = Dictionary(teamIds.map { ($0, catalog.team(id: $0)?.currentName ?? $0.rawValue) }, uniquingKeysWith: { a, _ in a })
        let view = OverviewView(
            page: site.chrome(title: "Overview", current: "/", notice: query.notice, back: "/"),
            summary: "\(visits.count) visit\(visits.count == 1 ? "" : "s") · "
                + "\(Set(visits.filter { $0.visitType == .game }.map(\.venueId)).count) venues · \(achievements.count) badges",
            map: ReportViews.Map(visits: visits, progress: progress, catalog: catalog, link: { "/visits?venue=\($0)" }),
            rings: progress.leagues.map { ReportViews.Ring($0, catalog: catalog) },
            leagues: progress.leagues.filter { !$0.divisions.isEmpty }.map { league in
                OverviewView.LeagueDivisions(
                    name: catalog.league(league.id)?.displayName ?? league.id.rawValue,
                    divisions: league.divisions.map {
                        .init(
                            name: $0.name, done: $0.visited.count, total: $0.total, complete: $0.isComplete,
                            toVisit: $0.remaining.isEmpty ? nil : $0.remaining.map(\.name).joined(separator: ", "))
                    })
            },
            badges: achievements.map(ReportViews.Badge.init), hasBadges: !achievements.isEmpty,
            seasons: overview.seasons.map { season in
                .init(
                    season: String(season.season), label: season.label, games: season.games, newVenues: season.newVenues,
                    record: favourite.map { _ in "\(season.wins)-\(season.losses)" })
            },
            teams: teamIds.sorted { names[$0]! < names[$1]! }.map {
                .init(value: $0.rawValue, label: names[$0]!, selected: $0 == favourite)
            },
            favourite: favourite.map { names[$0] ?? catalog.team(id: $0)?.currentName ?? $0.rawValue },
            hasVisits: !visits.isEmpty, yourGames: record, hasYourGames: !record.leagues.isEmpty,
            shareLeagues: Set(visits.compactMap(\.league)).sorted().map {
                SelectOption(value: $0.rawValue, label: catalog.league($0)?.displayName ?? $0.rawValue, selected: false)
            })
        return site.render("overview", view)
    }
}
