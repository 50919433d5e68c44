import Catalog
import Foundation
import Hummingbird
import ShareCard
import UseCases

/// Sharing: the card as a PNG download (`/card.png`, the same renderer and drawing as `stadiumlog card`), and a
/// season's page in review (`/seasons/:season`) with its card and the Share form.
struct ShareController {
    let site: WebSite

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/card.png") { request, _ in try card(request) }
        router.get("/seasons/:season") { request, context in
            Reply.page(try season(context.parameters.get("season") ?? "", request))
        }
    }

    /// What a card is asked for with: the Share form's fields.
    struct CardQuery: Decodable {
        var league: String?
        var season: String?
        var name: String?
        var size: String?
        var map: String?
        var photo: String?
    }

    func card(_ request: Request) throws -> Response {
        let query = try site.query(request, as: CardQuery.self)
        let league = site.league(named: query.league)
        if let typed = query.league?.filled, league == nil { throw BadRequest(reason: "There is no league \(typed).") }
        let season = try query.season?.filled.map { typed in
            guard let year = Int(typed), (1800...9999).contains(year) else { throw BadRequest(reason: "\(typed) is not a season.") }
            return year
        }
        guard let size = CardDrawing.Size(rawValue: query.size?.filled ?? "story") else {
            throw BadRequest(reason: "A card is a story or a square.")
        }
        let cardRequest = CardRequest(
            league: league, season: season, name: query.name, map: query.map != "0", size: size, photo: query.photo?.filled)
        let png = try ShareCards(library: site.library, catalog: site.catalog).png(cardRequest, today: site.today)
        let file = ["stadiumlog", league?.rawValue ?? "all", season.map(String.init) ?? "all-time", size.rawValue].joined(separator: "-")
        var response = Reply.file(png, type: "image/png", cache: "no-store")
        response.headers[.contentDisposition] = "attachment; filename=\"\(file).png\""
        return response
    }

    struct SeasonView {
        var page: Chrome
        var title: String
        var review: YearInReview
        var season: String
        var leagues: [SelectOption]
        var preview: String
        /// The Share form's league and season (``ShareForm``).
        var shareLeague: String
        var shareSeason: String
        var chooseLeague = false
        var shareLeagues: [SelectOption] = []
    }

    func season(_ typed: String, _ request: Request) throws -> String {
        struct Query: Decodable { var league: String? }
        guard let season = Int(typed), (1800...9999).contains(season) else {
            throw PageNotFound(what: "There is no season \(typed): pick one on the overview.")
        }
        let league = site.league(named: try site.query(request, as: Query.self).league)
        let review = try site.history.yearInReview(season: season, league: league)
        let leagueParameter = league.map { "&league=\($0.rawValue)" } ?? ""
        let view = SeasonView(
            page: site.chrome(title: "\(review.label) in review", current: "", back: "/seasons/\(season)"),
            title: "\(review.label) in review", review: review, season: String(season),
            leagues: site.leagueOptions(selected: league),
            preview: "/card.png?season=\(season)&size=square" + leagueParameter, shareLeague: league?.rawValue ?? "",
            shareSeason: String(season))
        return site.render("season", view)
    }
}
