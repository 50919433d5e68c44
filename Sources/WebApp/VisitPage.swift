import Catalog
import Foundation
import Hummingbird
import PhotoMetadata
import TimeAndPlace
import UseCases
import VisitStore

/// A visit: its photos (a larger preview from the original on a click), the game, its corrections; and the changes a
/// fan makes to one — the score, tour or game, photos moved to another visit or game, delete.
extension WebSite {
    struct PhotoView {
        var hash: String
        var thumbnail: String?
        var preview: String
        var time: String
        var path: String
        var missing: Bool
    }

    struct GameChoice {
        var value: String
        var label: String
        var note: String?
    }

    struct VisitView {
        struct Change {
            var summary: String
            var madeAt: String
            var undone: Bool
        }
        var page: Chrome
        var id: String
        var venue: String
        var game: String
        var date: String
        var start: String?
        var score: String?
        var scoreSource: String?
        var isGame: Bool
        var official: String?
        var home: String
        var away: String
        var photos: [PhotoView]
        var hasPhotos: Bool
        /// Nil when none: a section on 0 would still show.
        var missing: Int?
        var changes: [Change]
        var team: String
        var day: String
        var found: [GameChoice]
        var searched: Bool
        var seat: String?
        var notes: String?
        /// What the game proves happened in it, in the words `visits show` prints.
        var moments: [String]
        var hasMoments: Bool
    }

    func visit(id: String, _ request: Request) throws -> String {
        let fields = FormFields(request.uri.query ?? "")
        guard let details = try? corrections.editor.details(of: id) else {
            throw PageNotFound(what: "There is no visit \(id): it may have been deleted or moved. See the Visits page.")
        }
        let visit = details.visit
        let game = visit.gameId.flatMap(catalog.game(id:))
        let photos = details.photos.map {
            photoView(
                $0.sha256, thumbnail: $0.thumbnailFile, path: $0.originalPath, time: $0.captureLocal, offset: $0.utcOffset,
                venueId: visit.venueId)
        }
        let searchDay = fields["date"].flatMap(LocalDate.init) ?? visit.localDate
        let moments = visit.moments(in: catalog).map { ShownText.safe($0.text) }
        let view = VisitView(
            page: chrome(title: visit.venueName, current: "", notice: fields["notice"], back: "/visits/\(visit.id)"),
            id: visit.id, venue: visit.venueName,
            game: visit.matchup.prefix(1).uppercased() + visit.matchup.dropFirst(),
            date: visit.localDate.iso8601,
            start: game.flatMap(catalog.localStart(of:)).map { "\($0.time) local time (UTC\($0.offset))" },
            score: visit.finalScore.map(String.init(describing:)),
            scoreSource: visit.finalScore == nil ? nil : Self.source(of: visit),
            isGame: visit.visitType == .game,
            official: try corrections.editor.officialScore(ofVisit: visit.id),
            home: visit.homeTeamName ?? "home", away: visit.awayTeamName ?? "away",
            photos: photos, hasPhotos: !photos.isEmpty, missing: photos.contains(where: \.missing) ? photos.filter(\.missing).count : nil,
            changes: details.history.reversed().map {
                .init(summary: $0.summary, madeAt: ISO8601DateFormatter().string(from: $0.madeAt), undone: $0.undoneAt != nil)
            },
            team: fields["team"] ?? "", day: searchDay.iso8601,
            found: fields["team"].map { gameChoices(team: $0, on: searchDay) } ?? [],
            searched: fields["team"] != nil,
            seat: visit.seat.map(ShownText.safe), notes: visit.notes.map(ShownText.safe),
            moments: moments, hasMoments: !moments.isEmpty)
        return render("visit", view)
    }

    /// A photo as pages show it: its time in the venue's own clock (a phone still on European time at a 20:50 game
    /// shows 20:50), its thumbnail and preview, and whether its original is still where it was imported from.
    func photoView(_ hash: String, thumbnail: String?, path: String, time: LocalDateTime?, offset: UTCOffset?, venueId: String?)
        -> PhotoView
    {
        PhotoView(
            hash: hash, thumbnail: thumbnail == nil ? nil : "/thumbnails/\(hash)", preview: "/photos/\(hash)/preview",
            time: venueTime(time, offset: offset, venueId: venueId), path: ShownText.safe(path),
            missing: !FileManager.default.fileExists(atPath: path))
    }

    /// A photo's time on the venue's clock when its offset is known ("2015-06-15 20:50"), else as the camera read it.
    func venueTime(_ time: LocalDateTime?, offset: UTCOffset?, venueId: String?) -> String {
        guard let time else { return "no time" }
        let shown = catalog.wallClock(at: venueId, of: time, offset: offset)
        return "\(shown.date.iso8601) \(shown.hourAndMinute)"
    }

    /// Where a visit's final came from, in words.
    static func source(of visit: StadiumVisit) -> String {
        switch visit.scoreSource {
        case .app?: "from the bundled game index"
        case .api?, .scraped?: "from \(visit.scoreProvider ?? "a score provider")"
        case .user?: "entered by you"
        case nil: "source unknown"
        }
    }

    /// The games a team or venue (as typed: "Red Sox", "BOS", "Boston", "Jacobs Field") had on a day, each team's when
    /// several share the name; checked against the catalog, so only real games can be chosen.
    func gameChoices(team: String?, venue: String? = nil, on day: LocalDate) -> [GameChoice] {
        GameLookup(catalog: catalog).games(team: team, venue: venue, on: day).map { game in
            GameChoice(
                value: "game:" + game.id.rawValue, label: catalog.describe(game),
                note: (try? library.visit(ofGame: game.id)).flatMap { $0 }.map { _ in "already a visit" })
        }
    }

    func setScore(visitId: String, _ form: FormFields) throws -> (notice: String, next: String) {
        guard let home = form["home"].flatMap({ Int($0) }), let away = form["away"].flatMap({ Int($0) }),
            (0...1_000).contains(home), (0...1_000).contains(away)
        else { throw WebFormError.score }
        let visit = try corrections.setScore(ofVisit: visitId, home: home, away: away, replacingOfficial: form["replace"] == "on").value
        return ("Score set: \(visit.spokenScore ?? "")", "/visits/\(visitId)")
    }

    func changeType(visitId: String, _ form: FormFields) throws -> (notice: String, next: String) {
        guard let type = form["type"].flatMap(VisitType.init(rawValue:)) else { throw WebFormError.type }
        var changes = VisitEditor.Changes()
        changes.visitType = type
        let visit = try corrections.edit(visitId, changes).value
        return ("Now \(visit.matchup): \(visit.summary)", "/visits/\(visitId)")
    }

    func movePhotos(visitId: String, _ form: FormFields) throws -> (notice: String, next: String) {
        let hashes = form.all("photo")
        guard !hashes.isEmpty else { throw WebFormError.noPhotosTicked }
        let destination: VisitEditor.Destination
        switch form["to"] ?? form["visit"].map({ "visit:" + $0 }) {
        case "tour"?: destination = .tour
        case let target? where target.hasPrefix("game:"): destination = .game(GameID(rawValue: String(target.dropFirst(5))))
        case let target? where target.hasPrefix("visit:"): destination = .visit(String(target.dropFirst(6)))
        default: throw WebFormError.noDestination
        }
        let visit = try corrections.move(hashes, to: destination).value
        return ("Moved \(hashes.count) photo\(hashes.count == 1 ? "" : "s") to \(visit.summary)", "/visits/\(visit.id)")
    }

    func deleteVisit(id: String) throws -> (notice: String, next: String) {
        let visit = try corrections.delete(id).value
        return ("Deleted \(visit.summary); its photos are unfiled (undo takes it back)", "/visits")
    }

    func undo(_ form: FormFields) throws -> (notice: String, next: String) {
        let correction = try corrections.undo().value
        let back = form["back"].flatMap { Reply.isLocal($0) ? $0 : nil } ?? "/"
        // The page the form was on may be a visit the undo removed: the overview is always there.
        let next = back.hasPrefix("/visits/") && (try? library.visit(id: String(back.dropFirst(8)))) == nil ? "/visits" : back
        return ("Took back: \(correction.summary)", next)
    }
}

/// A form filled in a way no change can be made from.
enum WebFormError: FanFacingError {
    case score, type, noPhotosTicked, noDestination, noGameChosen, noDecision

    var problem: String {
        switch self {
        case .score: "a score is two whole numbers from 0 to 1000"
        case .type: "a visit is a game, a tour or another visit"
        case .noPhotosTicked: "no photo was ticked"
        case .noDestination: "no destination was chosen"
        case .noGameChosen: "no game was chosen"
        case .noDecision: "no decision was made"
        }
    }
    var remedy: Remedy? { nil }
    var changedNothing: Bool { true }
}
