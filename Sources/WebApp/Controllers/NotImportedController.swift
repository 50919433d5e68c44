import Catalog
import Foundation
import Hummingbird
import PhotoMetadata
import TimeAndPlace
import UseCases
import VisitStore

/// Not imported: every photo imports read and left out, in the groups of a ``LeftOutGroup`` — near a game (by game),
/// near a venue on a day without one (a tour?), near no venue, without GPS or date, not a photo — each with thumbnails
/// made from the files, the first few shown and a link to all; and each photo fileable from there: into the game it
/// was near, as a tour of the venue, or into a game found by team and day.
struct NotImportedController {
    let site: WebSite

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/not-imported") { request, _ in Reply.page(try page(request)) }
        router.get("/not-imported/:group/:photo/thumbnail") { _, context in
            thumbnail(context.parameters.get("photo") ?? "", in: context.parameters.get("group") ?? "")
        }
        router.post("/not-imported/file") { request, _ in try await site.act(request, FileForm.self, file) }
    }

    /// Photos shown for each group on the summary; the rest are a click away.
    static let examplesShown = 5

    struct Query: Decodable {
        var notice: String?
        /// The one group shown whole, with a checkbox to each photo and a search for its game.
        var group: String?
        var team: String?
        var date: String?
    }

    struct NotImportedView {
        struct Photo {
            var key: String
            var path: String
            var thumbnail: String
        }
        struct Group {
            var kind: String
            var title: String
            var key: String
            var heading: String
            var count: Int
            var photos: [Photo]
            /// How many more there are than shown, with the address of the group whole; nil when all show.
            var more: Int?
            var all: String
            /// The game they were near, to file them into with one click.
            var game: GameChoiceView?
            /// "Fenway Park on 2015-06-14", for a tour of the venue that day.
            var tour: String?
        }
        var page: Chrome
        var groups: [Group]
        var leftNothingOut: Bool
        /// The group shown whole (its photos can be ticked and filed), with a game search.
        var whole: Bool
        var team: String
        var day: String
        var found: [GameChoiceView]
        var searched: Bool
    }

    func page(_ request: Request) throws -> String {
        let query = try site.query(request, as: Query.self)
        let whole = query.group?.filled
        let groups = try site.history.leftOut(examples: whole == nil ? Self.examplesShown : nil, only: whole)
        if let whole, groups.isEmpty {
            throw PageNotFound(what: "Nothing is left out as \(whole) any more: filed, or imported since. See the Not imported page.")
        }
        let day = query.date.flatMap(LocalDate.init) ?? groups.first?.day
        let team = whole == nil ? nil : query.team?.filled
        let views = groups.map { group in
            NotImportedView.Group(
                kind: group.kind.rawValue, title: group.kind.title, key: group.key, heading: group.heading, count: group.count,
                photos: group.photos.map { .init(key: $0.key, path: $0.path, thumbnail: "/not-imported/\(group.key)/\($0.key)/thumbnail") },
                more: group.count > group.photos.count ? group.count - group.photos.count : nil,
                all: "/not-imported?group=\(group.key)", game: group.game.map { GameChoiceView($0) },
                tour: group.venueId.flatMap { venue in group.day.map { "\(site.catalog.venueName(venue, on: $0)) on \($0.iso8601)" } })
        }
        let view = NotImportedView(
            page: site.chrome(
                title: "Not imported", current: "/not-imported", notice: query.notice,
                back: whole.map { "/not-imported?group=\($0)" } ?? "/not-imported"),
            groups: views, leftNothingOut: views.isEmpty, whole: whole != nil, team: team ?? "", day: day?.iso8601 ?? "",
            found: team.flatMap { team in day.map { site.gameChoices(team: team, on: $0) } } ?? [], searched: team != nil)
        return site.render("not-imported", view)
    }

    /// A thumbnail of a photo left out, made from its file: named by its key within its group, so no path is taken from
    /// the address.
    func thumbnail(_ key: String, in group: String) -> Response {
        guard let path = try? site.history.leftOutPaths([key], in: group).first, !key.isEmpty,
            let data = try? site.previews.thumbnail(ofLeftOut: path)
        else { return Reply.refused("No thumbnail for that photo.", status: .notFound) }
        return Reply.file(data, type: "image/jpeg", cache: "private, max-age=3600")
    }

    /// Photos of a group filed: into a game (the one they were near, or one found), or as a tour of the venue and day
    /// they share; the ticked ones, or all of the group when none is named.
    struct FileForm: PostedForm {
        enum Other: String, Decodable {
            case tour
        }
        var token: String
        var back: String?
        var group: String?
        var photo: [String]?
        var game: String?
        var to: Other?
    }

    func file(_ form: FileForm) throws -> Done {
        let corrections = site.corrections
        let filed: [(path: String, outcome: MatchConfirmer.AttachOutcome)]
        if let key = form.group?.filled {
            let group = try site.history.leftOut(examples: nil, only: key).first
            let paths = group?.paths(form.photo ?? []) ?? []
            guard let group, !paths.isEmpty else { throw WebFormError.noPhotosTicked }
            if let game = form.game?.filled {
                filed = try corrections.attach(paths, .game(GameID(rawValue: game))).value
            } else if form.to == .tour {
                guard let venue = group.venueId else { throw WebFormError.notAtTheVenue }
                filed = try corrections.attach(paths, .tour, venueId: venue, on: group.day).value
            } else {
                throw WebFormError.noDestination
            }
        } else {
            // The one click of the summary: every photo near the game, by the game alone.
            guard let game = form.game?.filled else { throw WebFormError.noGameChosen }
            filed = try corrections.fileNearGame(GameID(rawValue: game)).value
        }
        guard let visit = filed.first?.outcome.visit else { throw WebFormError.noGameChosen }
        return Done(
            notice: "Filed \(filed.count == 1 ? "1 photo" : "\(filed.count) photos") into \(visit.summary)", next: "/visits/\(visit.id)")
    }
}
