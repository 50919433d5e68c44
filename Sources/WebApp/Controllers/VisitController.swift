import Catalog
import Foundation
import Hummingbird
import TimeAndPlace
import UseCases
import VisitStore

/// A visit: its photos (a larger preview from the original on a click), the game, its moments and corrections, in the
/// words of its ``VisitSheet``; and the changes a fan makes to one — the score, the seat and notes, tour or game,
/// photos moved to another visit (picked from a list) or game, delete.
struct VisitController {
    let site: WebSite

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/visits/:id") { request, context in Reply.page(try page(id: context.parameters.get("id") ?? "", request)) }
        router.post("/visits/:id/score") { request, context in
            try await site.act(request, ScoreForm.self) { try setScore(visitId: context.parameters.get("id") ?? "", $0) }
        }
        router.post("/visits/:id/details") { request, context in
            try await site.act(request, DetailsForm.self) { try setDetails(visitId: context.parameters.get("id") ?? "", $0) }
        }
        router.post("/visits/:id/type") { request, context in
            try await site.act(request, TypeForm.self) { try changeType(visitId: context.parameters.get("id") ?? "", $0) }
        }
        router.post("/visits/:id/move") { request, context in
            try await site.act(request, MoveForm.self) { try move($0) }
        }
        router.post("/visits/:id/delete") { request, context in
            try await site.act(request, DeleteForm.self) { _ in try delete(id: context.parameters.get("id") ?? "") }
        }
    }

    struct Query: Decodable {
        var notice: String?
        var team: String?
        var date: String?
    }

    struct VisitView {
        var page: Chrome
        var id: String
        var venue: String
        var sheet: VisitSheet
        var date: String
        var isGame: Bool
        var home: String
        var away: String
        var photos: [PhotoView]
        var hasPhotos: Bool
        /// Nil when none: a section on 0 would still show.
        var missing: Int?
        /// Newest first.
        var changes: [VisitSheet.Change]
        var hasMoments: Bool
        var hasEvidence: Bool
        /// Visits the photos can be moved to: those within a week and those at the same venue, by date.
        var otherVisits: [SelectOption]
        var hasOtherVisits: Bool
        var team: String
        var day: String
        var found: [GameChoiceView]
        var searched: Bool
        /// The season's card of the visit's league, to which a photo's link adds the photo.
        var cardLink: String
    }

    func page(id: String, _ request: Request) throws -> String {
        let query = try site.query(request, as: Query.self)
        guard let sheet = try? site.corrections.editor.sheet(of: id) else {
            throw PageNotFound(what: "There is no visit \(id): it may have been deleted or moved. See the Visits page.")
        }
        let visit = sheet.visit
        let photos = sheet.photos.map { site.photoView($0) }
        let searchDay = query.date.flatMap(LocalDate.init) ?? visit.localDate
        let others = try site.history.moveTargets(for: visit)
        let view = VisitView(
            page: site.chrome(title: visit.venueName, current: "", notice: query.notice, back: "/visits/\(visit.id)"),
            id: visit.id, venue: visit.venueName, sheet: sheet, date: visit.localDate.iso8601, isGame: visit.visitType == .game,
            home: visit.homeTeamName ?? "home", away: visit.awayTeamName ?? "away",
            photos: photos, hasPhotos: !photos.isEmpty, missing: photos.contains(where: \.missing) ? photos.filter(\.missing).count : nil,
            changes: sheet.corrections.reversed(), hasMoments: !sheet.moments.isEmpty, hasEvidence: !sheet.evidence.isEmpty,
            otherVisits: others.map {
                SelectOption(value: $0.id, label: "\($0.localDate.iso8601) · \($0.venueName) · \($0.matchup)", selected: false)
            },
            hasOtherVisits: !others.isEmpty,
            team: query.team ?? "", day: searchDay.iso8601,
            found: query.team?.filled.map { site.gameChoices(team: $0, on: searchDay) } ?? [],
            searched: query.team?.filled != nil,
            cardLink: "/card.png?season=\(site.history.season(of: visit))" + (visit.league.map { "&league=\($0.rawValue)" } ?? ""))
        return site.render("visit", view)
    }

    struct ScoreForm: PostedForm {
        var token: String
        var back: String?
        var home: String?
        var away: String?
        /// The "replace the official final" box, ticked.
        var replace: String?
    }

    func setScore(visitId: String, _ form: ScoreForm) throws -> Done {
        guard let home = form.home?.filled.flatMap({ Int($0) }), let away = form.away?.filled.flatMap({ Int($0) }),
            (0...1_000).contains(home), (0...1_000).contains(away)
        else { throw WebFormError.score }
        let visit = try site.corrections.setScore(ofVisit: visitId, home: home, away: away, replacingOfficial: form.replace == "on").value
        return Done(notice: "Score set: \(visit.spokenScore ?? "")", next: "/visits/\(visitId)")
    }

    struct DetailsForm: PostedForm {
        var token: String
        var back: String?
        var seat: String?
        var notes: String?
    }

    /// The fan's seat and notes, as typed: an emptied box clears it.
    func setDetails(visitId: String, _ form: DetailsForm) throws -> Done {
        let changes = VisitEditor.Changes(seat: form.seat?.filled ?? "", notes: form.notes?.filled ?? "")
        let visit = try site.corrections.edit(visitId, changes).value
        return Done(notice: "Seat and notes kept: \(visit.summary)", next: "/visits/\(visitId)")
    }

    struct TypeForm: PostedForm {
        var token: String
        var back: String?
        var type: String
    }

    func changeType(visitId: String, _ form: TypeForm) throws -> Done {
        guard let type = VisitType(rawValue: form.type) else { throw WebFormError.type }
        var changes = VisitEditor.Changes()
        changes.visitType = type
        let visit = try site.corrections.edit(visitId, changes).value
        return Done(notice: "Now \(visit.matchup): \(visit.summary)", next: "/visits/\(visitId)")
    }

    /// Where ticked photos go: the button pressed says which — a tour, the visit picked, or a game found (its own
    /// button, which posts `game`).
    struct MoveForm: PostedForm {
        enum Target: String, Decodable {
            case tour, visit
        }
        var token: String
        var back: String?
        var photo: [String]?
        var to: Target?
        var visit: String?
        var game: String?

        var destination: VisitEditor.Destination {
            get throws {
                if let game = game?.filled { return .game(GameID(rawValue: game)) }
                switch to {
                case .tour?: return .tour
                case .visit?: if let visit = visit?.filled { return .visit(visit) }
                case nil: break
                }
                throw WebFormError.noDestination
            }
        }
    }

    func move(_ form: MoveForm) throws -> Done {
        let hashes = form.photo ?? []
        guard !hashes.isEmpty else { throw WebFormError.noPhotosTicked }
        let visit = try site.corrections.move(hashes, to: try form.destination).value
        return Done(notice: "Moved \(hashes.count) photo\(hashes.count == 1 ? "" : "s") to \(visit.summary)", next: "/visits/\(visit.id)")
    }

    struct DeleteForm: PostedForm {
        var token: String
        var back: String?
    }

    func delete(id: String) throws -> Done {
        let visit = try site.corrections.delete(id).value
        return Done(notice: "Deleted \(visit.summary); its photos are unfiled (undo takes it back)", next: "/visits")
    }
}
