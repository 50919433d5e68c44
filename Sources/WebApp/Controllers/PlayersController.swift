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
    }

    struct PlayersView {
        var page: Chrome
        var seen: PlayersSeen
        var leagues: [SelectOption]
        var honoured: Bool
        var hasPlayers: Bool
        var hasManagers: Bool
    }

    func page(_ request: Request) throws -> String {
        let query = try site.query(request, as: Query.self)
        let league = query.league?.filled.map(LeagueID.init(rawValue:))
        let honoured = query.honoured == "1"
        let seen = try site.history.playersSeen(league: league, honouredOnly: honoured)
        let view = PlayersView(
            page: site.chrome(title: "Players", current: "/players", back: "/players"), seen: seen,
            leagues: site.catalog.leagues.map {
                SelectOption(value: $0.id.rawValue, label: $0.displayName, selected: $0.id == league)
            },
            honoured: honoured, hasPlayers: !seen.players.isEmpty, hasManagers: !seen.managers.isEmpty)
        return site.render("players", view)
    }
}
