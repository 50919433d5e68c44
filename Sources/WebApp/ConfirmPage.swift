import Catalog
import Foundation
import Hummingbird
import PhotoMetadata
import TimeAndPlace
import UseCases
import VisitStore

/// Confirm: one card per moment waiting for the fan (the pending photos of one venue and fan day), the photos large,
/// where and when, why it waits, and the candidates labelled truthfully; one click settles it.
extension WebSite {
    struct ConfirmView {
        struct Candidate {
            var value: String
            var key: Int
            var label: String
            var timing: String
            var fit: String
            var already: Bool
        }
        struct Group {
            var ids: String
            var index: Int
            var photos: [PhotoView]
            var venue: String
            var when: String
            var reason: String
            var candidates: [Candidate]
            var hasCandidates: Bool
            var canTour: Bool
            var team: String
            var day: String
            var found: [GameChoice]
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

    func confirm(_ request: Request) throws -> String {
        let fields = FormFields(request.uri.query ?? "")
        let showingSkipped = fields["skipped"] == "1"
        let confirmer = corrections.confirmer
        let pending = try confirmer.pending(includingSkipped: showingSkipped)
        let groups = confirmer.groups(pending)
        let searchedGroup = fields["group"]
        let views = groups.enumerated().map { index, group in
            let first = group.photos[0]
            let ids = group.photos.map(\.id).joined(separator: ",")
            let day = group.fanDay ?? first.localDate
            let searching = searchedGroup == ids
            let searchDay = (searching ? fields["date"].flatMap(LocalDate.init) : nil) ?? day
            return ConfirmView.Group(
                ids: ids, index: index + 1,
                photos: group.photos.map {
                    photoView(
                        $0.sha256, thumbnail: $0.thumbnailFile, path: $0.originalPath, time: $0.captureLocal,
                        offset: $0.utcOffset, venueId: $0.venueOrNearest(in: catalog))
                },
                venue: first.venueOrNearest(in: catalog).map { id in day.map { catalog.venueName(id, on: $0) } ?? id } ?? "no venue known",
                when: venueTime(first.captureLocal, offset: first.utcOffset, venueId: first.venueOrNearest(in: catalog))
                    + (group.photos.count > 1 ? " (first of \(group.photos.count) photos)" : ""),
                reason: ShownText.safe(words.reason(of: first)),
                candidates: confirmer.candidates(of: group).prefix(9).enumerated().map { number, candidate in
                    ConfirmView.Candidate(
                        value: "game:" + candidate.game.id.rawValue, key: number + 1,
                        label: catalog.matchup(of: candidate.game), timing: catalog.timing(of: candidate.game),
                        fit: words.fit(of: candidate.game, to: first),
                        already: ((try? library.visit(ofGame: candidate.game.id)) ?? nil) != nil)
                },
                hasCandidates: !first.candidates.isEmpty || group.photos.contains { !$0.candidates.isEmpty },
                canTour: first.venueOrNearest(in: catalog) != nil && first.localDate != nil,
                team: searching ? fields["team"] ?? "" : "", day: searchDay?.iso8601 ?? "",
                found: searching ? (fields["team"].flatMap { team in searchDay.map { gameChoices(team: team, on: $0) } } ?? []) : [],
                searched: searching)
        }
        let skipped = showingSkipped ? 0 : (try confirmer.skipped().count)

        let view = ConfirmView(
            page: chrome(
                title: "Confirm", current: "/confirm", notice: fields["notice"], back: showingSkipped ? "/confirm?skipped=1" : "/confirm"),
            groups: views, hasGroups: !views.isEmpty,
            waiting: views.isEmpty
                ? "Nothing waits for you."
                : "\(views.count) moment\(views.count == 1 ? "" : "s") to settle, \(pending.count) photo\(pending.count == 1 ? "" : "s").",
            skipped: skipped == 0 ? nil : skipped, showingSkipped: showingSkipped)
        return render("confirm", view)
    }

    /// Settles a moment as the fan chose: a game (a candidate or one found), a tour, or skip.
    func settle(_ form: FormFields) throws -> (notice: String, next: String) {
        let ids = (form["pending"] ?? "").split(separator: ",").map(String.init)
        guard !ids.isEmpty else { throw WebFormError.noDecision }
        let photos = try ids.map { try corrections.confirmer.match(id: $0) }
        let decision: MatchConfirmer.Decision
        switch form["decision"] {
        case "tour"?: decision = .tour
        case "skip"?: decision = .skip
        case let value? where value.hasPrefix("game:"): decision = .game(GameID(rawValue: String(value.dropFirst(5))))
        default: throw WebFormError.noGameChosen
        }
        let outcome = try corrections.confirm(photos, decision).value
        let back = form["back"].flatMap { Reply.isLocal($0) ? $0 : nil } ?? "/confirm"
        return (MatchConfirmer.describe(outcome).prefix(1).uppercased() + MatchConfirmer.describe(outcome).dropFirst(), back)
    }
}
