import Catalog
import Foundation
import Matching
import TimeAndPlace

/// The match report for people: the would-be visits, every matched photo and every photo that needs the user, in
/// plain words. Built a batch at a time (``add(_:)``): photos left without a game are counted by reason, and beyond a
/// screenful of examples listed only when asked (`--list-unmatched`), so a library of a million photos at home does
/// not print a million lines.
struct MatchTable {
    let catalog: Catalog
    private var matchedRows: [[String]] = []
    private var attentionRows: [[String]] = []
    /// Photos left without a game (or unreadable), counted by reason.
    private var unmatched: NotImported
    private var listedUnmatched = 0

    init(catalog: Catalog, listsAllUnmatched: Bool = false) {
        self.catalog = catalog
        unmatched = NotImported(keepsAll: listsAllUnmatched)
    }

    /// Adds a batch's photos.
    mutating func add(_ report: MatchReport) {
        for photo in report.photos {
            switch photo.status {
            case .matched: matchedRows.append([photo.path, photo.game.map { matchup($0) } ?? "", explanation(of: photo)])
            case .needsConfirmation: attentionRows.append([photo.path, photo.status.rawValue, explanation(of: photo)])
            case .unmatched, .error:
                guard unmatched.count(photo) else { continue }
                attentionRows.append([photo.path, photo.status.rawValue, explanation(of: photo)])
                listedUnmatched += 1
            }
        }
    }

    /// The table of every photo added, with the visits and counts of all of them.
    func rendered(_ tally: MatchTally) -> String {
        var text = ""
        if !tally.visits.isEmpty {
            let rows = tally.visits.map { visit -> [String] in
                let venue = catalog.venue(id: visit.venueId)
                let game = visit.gameId.flatMap(catalog.game(id:))
                return [
                    visit.localDate.iso8601, venue?.name(on: visit.localDate) ?? visit.venueId,
                    game.map { matchup($0) } ?? "(no game)", game.map(score) ?? "", "\(visit.photos.count)", "matched",
                ]
            }
            text += "Visits\n" + TextTable(header: ["DATE", "VENUE", "GAME", "SCORE", "PHOTOS", "STATUS"], rows: rows).rendered
        }
        if !matchedRows.isEmpty {
            text +=
                (text.isEmpty ? "" : "\n") + "Matched photos\n"
                + TextTable(header: ["PHOTO", "GAME", "WHY"], rows: matchedRows).rendered
        }
        if !attentionRows.isEmpty {
            text +=
                (text.isEmpty ? "" : "\n") + "Photos that need you\n"
                + TextTable(header: ["PHOTO", "STATUS", "WHY"], rows: attentionRows).rendered
        }
        if listedUnmatched < unmatched.total {
            let reasons = unmatched.counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }
            text +=
                "\nLeft without a game: \(unmatched.total) photos (\(listedUnmatched) listed above; "
                + "`--list-unmatched` lists them all)\n"
                + TextTable(header: ["WHY", "PHOTOS"], rows: reasons.map { [$0.key, "\($0.value)"] }).rendered
        }
        let summary = tally.summary
        return text + "\n\(summary.photos) photos: \(summary.matched) matched, \(summary.needsConfirmation) to confirm, "
            + "\(summary.unmatched) unmatched, \(summary.errors) unreadable\n"
    }

    private func matchup(_ game: Game) -> String {
        let away = catalog.team(id: game.awayTeamId)?.name(on: game.localDate) ?? game.awayTeamId
        let home = catalog.team(id: game.homeTeamId)?.name(on: game.localDate) ?? game.homeTeamId
        return "\(away) at \(home)" + (game.gameNumber > 0 ? " (game \(game.gameNumber))" : "")
    }

    private func score(_ game: Game) -> String {
        guard let away = game.awayScore, let home = game.homeScore else { return "" }
        return "\(away)-\(home)"
    }

    private func distance(_ meters: Double?) -> String {
        guard let meters else { return "" }
        return meters < 1_000 ? String(format: "%.0f m", meters) : String(format: "%.1f km", meters / 1_000)
    }

    /// What the catalog knows of a game's time, in words: "started 19:05", "a night game".
    private func timing(_ game: Game) -> String {
        if let start = GameText(catalog: catalog).localStart(game) { return "started \(start.time)" }
        switch game.dayNight {
        case "D": return "a day game, no start time known"
        case "N": return "a night game, no start time known"
        default: return "no start time known"
        }
    }

    /// Which rule matched a photo, or why it was not matched, in words a fan understands.
    func explanation(of photo: PhotoMatch) -> String {
        let venue = photo.venue.map { "\($0.name) (\(distance($0.distanceMeters)) away)" } ?? "the venue"
        let midnight = photo.afterMidnight ? "after midnight: the evening before; " : ""
        if photo.status == .matched, let game = photo.game {
            switch photo.timeRule {
            case .onlyGameOfFanDay?: return midnight + "the only game there that day (no start time known)"
            case .duringOneOfSeveral?:
                let which = photo.gameOfDay.map { "\($0.count) games that day: the photo is during game \($0.number)" } ?? ""
                return midnight + which + " (\(timing(game)))"
            case .nearestVenue?:
                return midnight + "during the game (\(timing(game))); other venues with games then are more than 4 times as far"
            default: return midnight + "during the game (\(timing(game)))"
            }
        }
        switch (photo.status, photo.reason) {
        case (.error, _): return photo.errorMessage ?? "unreadable"
        case (.needsConfirmation, _) where photo.timeRule == .outsideWindow:
            let day = photo.candidates.filter { $0.temporal == .exactDay }.map { matchup($0.game) + " (" + timing($0.game) + ")" }
            return midnight + "on a game day, but not at the game's time (a tour, a tailgate, another event?): "
                + day.prefix(3).joined(separator: "; ")
        case (.needsConfirmation, _) where photo.timeRule == .severalGamesThen:
            let held = photo.candidates.filter(\.duringGame)
            return midnight + "\(held.count) games at \(venue) at that time: "
                + held.prefix(3).map { matchup($0.game) + " (" + timing($0.game) + ")" }.joined(separator: "; ")
        case (.needsConfirmation, .missingLocation?):
            return "no GPS position; taken during an outing matched to \(photo.candidates.first.map { matchup($0.game) } ?? "a game")"
        case (.needsConfirmation, _):
            let venues = Set(photo.candidates.map(\.game.venueId))
            let sameDay = photo.candidates.filter { $0.temporal == .exactDay }
            let choices = photo.candidates.prefix(3).map { matchup($0.game) + " " + $0.game.localDate.iso8601 }
                .joined(separator: "; ")
            let why =
                venues.count > 1
                ? midnight + "games at \(venues.count) venues nearby"
                : sameDay.count > 1
                    ? "\(sameDay.count) games at \(venue) that day"
                    : photo.spatial == .high ? "the day before or after the game" : "\(venue), not inside it"
            return "\(why): \(choices)"
        case (_, .missingLocation?): return "no GPS position in the photo"
        case (_, .missingDate?): return "no capture date in the photo (near \(venue))"
        case (_, .noVenueNearby?): return "not within 5 km of any venue"
        case (_, .noGamesOnDate?):
            if let day = photo.capture?.local.date, let id = photo.venue?.id,
                let sports = catalog.venue(id: id)?.leagues.filter({ !catalog.covers($0, on: day) }), !sports.isEmpty
            {
                let leagues = sports.sorted().map(\.displayName).joined(separator: "/")
                // A season the catalog does not reach yet is fetched by `catalog update`; an older gap (a preseason)
                // only by the providers an online import asks.
                let recent = sports.contains { sport in
                    catalog.seasons(of: sport).map { $0.upperBound <= catalog.season(of: sport, on: day) } ?? true
                }
                return "no game at \(venue) in the catalog, which does not cover \(leagues) on \(day.iso8601) "
                    + (recent
                        ? "(`stadiumlog catalog update` fetches recent seasons; an online import asks the score providers)"
                        : "(an online import asks the score providers)")
            }
            return "no game at \(venue) that day or the days around it (a tour?)"
        case (_, .lowConfidence?): return "too far from \(venue) or too far from the game's date to be sure"
        default: return photo.reason?.rawValue ?? ""
        }
    }
}
