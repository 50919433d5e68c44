import Catalog
import Foundation
import Hummingbird
import TimeAndPlace
import UseCases
import VisitStore

/// Add a game without photos: found by team and date or venue and date in the catalog — only a real game can be
/// added, as in the command line's manual entry.
struct AddGameController {
    let site: WebSite

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/add") { request, _ in Reply.page(try page(request)) }
        router.post("/add") { request, _ in try await site.act(request, AddForm.self, add) }
    }

    struct Query: Codable {
        var notice: String?
        var team: String?
        var venue: String?
        var date: String?
    }

    struct AddView {
        var page: Chrome
        var team: String
        var venue: String
        var day: String
        var found: [GameChoiceView]
        var searched: Bool
        var problem: String?
    }

    func page(_ request: Request) throws -> String {
        let query = try site.query(request, as: Query.self)
        let (team, venue) = (query.team?.filled, query.venue?.filled)
        let day = query.date.flatMap(LocalDate.init)
        var found: [GameChoiceView] = []
        var problem: String?
        let searched = team != nil || venue != nil
        if searched {
            if let day {
                found = site.gameChoices(team: team, venue: venue, on: day)
                if found.isEmpty {
                    problem = "No game in the catalog for that team or venue on \(day.iso8601): check the name and the date."
                }
            } else {
                problem = "A date is needed, as 2015-06-15."
            }
        }
        var back = query
        back.notice = nil
        let encoded = (try? URLEncodedFormEncoder().encode(back)) ?? ""
        let view = AddView(
            page: site.chrome(
                title: "Add a game", current: "/add", notice: query.notice, back: encoded.isEmpty ? "/add" : "/add?" + encoded),
            team: query.team ?? "", venue: query.venue ?? "", day: day?.iso8601 ?? query.date ?? "", found: found,
            searched: searched, problem: problem)
        return site.render("add", view)
    }

    struct AddForm: PostedForm {
        var token: String
        var back: String?
        var game: String?
    }

    func add(_ form: AddForm) throws -> Done {
        guard let game = form.game?.filled else { throw WebFormError.noGameChosen }
        let visit = try site.corrections.add(game: GameID(rawValue: game)).value
        return Done(notice: "Added \(visit.summary)", next: "/visits/\(visit.id)")
    }
}
