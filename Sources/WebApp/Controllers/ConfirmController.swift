import Catalog
import Foundation
import Hummingbird
import PhotoMetadata
import TimeAndPlace
import UseCases
import VisitStore

/// Confirm: one card per moment waiting for the fan (a ``PendingMoment``: the pending photos of one venue and fan day),
/// the photos large, where and when, why it waits, and the candidates in the words `confirm` prints; one click
/// settles it.
struct ConfirmController {
    let site: WebSite

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/confirm") { request, _ in Reply.page(try page(request)) }
        router.post("/confirm") { request, _ in try await site.act(request, SettleForm.self, settle) }
    }

    struct Query: Decodable {
        var notice: String?
        /// "1": the skipped moments too.
        var skipped: String?
        /// The pending ids of the moment another game is looked for, with the team and day typed.
        var group: String?
        var team: String?
        var date: String?
    }

    struct ConfirmView {
        struct Group {
            var ids: String
            var index: Int
            var photos: [PhotoView]
            var moment: PendingMoment
            var candidates: [GameChoiceView]
            var team: String
            var day: String
            var found: [GameChoiceView]
            var searched: Bool
        }
        var page: Chrome
        var groups: [Group]
        var hasGroups: Bool
        var waiting: String
        /// Nil when none: a section on 0 would still show.
        var skipped: Int?
        var showingSkipped: Bool
    }

    func page(_ request: Request) throws -> String {
        let query = try site.query(request, as: Query.self)
        let showingSkipped = query.skipped == "1"
        let confirmer = site.corrections.confirmer
        let pending = try confirmer.pending(includingSkipped: showingSkipped)
        let views = confirmer.moments(pending).enumerated().map { index, moment in
            let ids = moment.group.photos.map(\.id).joined(separator: ",")
            let searching = query.group == ids
            let team = searching ? query.team?.filled : nil
            let searchDay = (searching ? query.date.flatMap(LocalDate.init) : nil) ?? moment.day
            return ConfirmView.Group(
                ids: ids, index: index + 1, photos: moment.photos.map(site.photoView), moment: moment,
                candidates: moment.candidates.enumerated().map { number, choice in
                    GameChoiceView(choice, key: number < 9 ? number + 1 : nil)
                },
                team: team ?? "", day: searchDay?.iso8601 ?? "",
                found: team.flatMap { team in searchDay.map { site.gameChoices(team: team, on: $0) } } ?? [],
                searched: searching)
        }
        let skipped = showingSkipped ? 0 : (try confirmer.skipped().count)
        let view = ConfirmView(
            page: site.chrome(
                title: "Confirm", current: "/confirm", notice: query.notice, back: showingSkipped ? "/confirm?skipped=1" : "/confirm"),
            groups: views, hasGroups: !views.isEmpty,
            waiting: views.isEmpty
                ? "Nothing waits for you."
                : "\(views.count) moment\(views.count == 1 ? "" : "s") to settle: "
                    + PendingMoment.count(pending) + ".",
            skipped: skipped == 0 ? nil : skipped, showingSkipped: showingSkipped)
        return site.render("confirm", view)
    }

    /// A moment settled as the fan chose: the game of the button pressed (a candidate or one found), or a tour, or skip.
    struct SettleForm: PostedForm {
        enum Other: String, Decodable {
            case tour, skip
        }
        var token: String
        var back: String?
        /// The moment's pending ids, comma separated.
        var pending: String
        var game: String?
        var decision: Other?

        var chosen: MatchConfirmer.Decision {
            get throws {
                if let game = game?.filled { return .game(GameID(rawValue: game)) }
                switch decision {
                case .tour?: return .tour
                case .skip?: return .skip
                case nil: throw WebFormError.noGameChosen
                }
            }
        }
    }

    func settle(_ form: SettleForm) throws -> Done {
        let ids = form.pending.split(separator: ",").map(String.init)
        guard !ids.isEmpty else { throw WebFormError.noDecision }
        let photos = try ids.map { try site.corrections.confirmer.match(id: $0) }
        let outcome = try site.corrections.confirm(photos, try form.chosen).value
        let said = MatchConfirmer.describe(outcome)
        return Done(
            notice: said.prefix(1).uppercased() + said.dropFirst(), next: form.localBack ?? "/confirm")
    }
}
