import Catalog
import Hummingbird
import UseCases

/// Everyone the fan saw start, and the managers and head coaches, in the words of ``PlayersSeen`` (what
/// `stadiumlog players` prints); a league and "honoured only" to narrow it.
struct PlayersController {
    let site: WebSite

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/players") { request, _ in Reply.page(try page(request)) }
    }

    struct Query: Decodable {
        var league: String?
        var honoured: String?
        var all: String?
    }

    /// How many players a page lists before "Show all": a fan of hundreds of games has seen thousands start.
    static let shown = 200

    struct PlayersView {
        var page: Chrome
        var seen: PlayersSeen
        var leagues: [SelectOption]
        var honoured: Bool
        var hasPlayers: Bool
        var hasManagers: Bool
        /// How many more players "Show all" lists, and its address; nil when every one is shown.
        var more: Int?
        var showAll: String
    }

    func page(_ request: Request) throws -> String {
        let query = try site.query(request, as: Query.self)
        let league = site.league(named: query.league)
        let honoured = query.honoured == "1"
        let seen = try site.history.playersSeen(league: league, honouredOnly: honoured, limit: query.all == "1" ? nil : Self.shown)
        let hidden = seen.playersCount - seen.players.count
        let view = PlayersView(
            page: site.chrome(title: "Players", current: "/players", back: "/players"), seen: seen,
            leagues: site.leagueOptions(selected: league),
            honoured: honoured, hasPlayers: !seen.players.isEmpty, hasManagers: !seen.managers.isEmpty,
            more: hidden > 0 ? hidden : nil,
            showAll: "/players?all=1" + (league.map { "&league=\($0.rawValue)" } ?? "") + (honoured ? "&honoured=1" : ""))
        return site.render("players", view)
    }
}
