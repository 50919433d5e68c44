import Catalog
import Foundation
import Hummingbird
import PhotoMetadata
import UseCases

/// Not imported: the files imports read and left out, counted by reason with examples; the photos found near a game
/// but not asked about, by game, each group filed into its game with one click; and how to file any other by hand.
struct NotImportedController {
    let site: WebSite

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/not-imported") { request, _ in Reply.page(try page(request)) }
        router.post("/not-imported/file") { request, _ in try await site.act(request, FileNearGameForm.self, fileNearGame) }
    }

    struct NotImportedView {
        struct Reason {
            var reason: String
            var count: Int
            var examples: [String]
            var more: Int?
        }
        /// Photos near one game: the game named as on its day, and the value that files them into it.
        struct NearGame {
            var game: String
            var value: String
            var count: Int
            var examples: [String]
            var more: Int?
        }
        var page: Chrome
        var reasons: [Reason]
        var leftNothingOut: Bool
        var nearGames: [NearGame]
        var hasNearGames: Bool
    }

    /// Photo paths shown for each reason or game; the rest are counted.
    static let examplesShown = 5

    func page(_ request: Request) throws -> String {
        let query = try site.query(request, as: NoticeQuery.self)
        let (catalog, history) = (site.catalog, site.history)
        let shown = Self.examplesShown
        let reasons = try history.filesLeftOut(examples: shown).map {
            NotImportedView.Reason(
                reason: ShownText.safe($0.reason), count: $0.count, examples: $0.paths.map(ShownText.safe),
                more: $0.count > shown ? $0.count - shown : nil)
        }
        let nearGames = try history.photosNearGames().map { game, paths in
            NotImportedView.NearGame(
                game: "\(catalog.matchup(of: game)), \(game.localDate.iso8601), "
                    + (catalog.venue(id: game.venueId)?.name(on: game.localDate) ?? game.venueId),
                value: game.id.rawValue, count: paths.count, examples: paths.prefix(shown).map(ShownText.safe),
                more: paths.count > shown ? paths.count - shown : nil)
        }
        let view = NotImportedView(
            page: site.chrome(title: "Not imported", current: "/not-imported", notice: query.notice, back: "/not-imported"),
            reasons: reasons, leftNothingOut: reasons.isEmpty && nearGames.isEmpty, nearGames: nearGames, hasNearGames: !nearGames.isEmpty)
        return site.render("not-imported", view)
    }

    struct FileNearGameForm: PostedForm {
        var token: String
        var back: String?
        var game: String?
    }

    /// Files the photos left out near the game the form names into that game's visit.
    func fileNearGame(_ form: FileNearGameForm) throws -> Done {
        guard let id = form.game?.filled else { throw WebFormError.noGameChosen }
        let filed = try site.corrections.fileNearGame(GameID(rawValue: id)).value
        guard let visit = filed.first?.outcome.visit else { throw WebFormError.noGameChosen }
        return Done(
            notice: "Filed \(filed.count == 1 ? "1 photo" : "\(filed.count) photos") into \(visit.summary)", next: "/visits/\(visit.id)")
    }
}
