import Catalog
import Foundation
import Matching
import TimeAndPlace

/// The match report for people: the would-be visits, then every photo that needs the user, in plain words.
struct MatchTable {
    let report: MatchReport
    let catalog: Catalog

    var rendered: String {
        var text = ""
        if !report.visits.isEmpty {
            let rows = report.visits.map { visit -> [String] in
                let venue = catalog.venue(id: visit.venueId)
                let game = visit.gameId.flatMap(catalog.game(id:))
                return [
                    visit.localDate.iso8601, venue?.name(on: visit.localDate) ?? visit.venueId,
                    game.map { matchup($0) } ?? "(no game)", game.map(score) ?? "", "\(visit.photos.count)", "matched",
                ]
            }
            text += "Visits\n" + TextTable(header: ["DATE", "VENUE", "GAME", "SCORE", "PHOTOS", "STATUS"], rows: rows).rendered
        }
        let matched = report.photos.filter { $0.status == .matched }
        if !matched.isEmpty {
            let rows = matched.map { [$0.path, $0.game.map { matchup($0) } ?? "", explanation(of: $0)] }
            text += (text.isEmpty ? "" : "\n") + "Matched photos\n" + TextTable(header: ["PHOTO", "GAME", "WHY"], rows: rows).rendered
        }
        let attention = report.photos.filter { $0.status != .matched }
        if !attention.isEmpty {
            let rows = attention.map { [$0.path, $0.status.rawValue, explanation(of: $0)] }
            text +=
                (text.isEmpty ? "" : "\n") + "Photos that need you\n"
                + TextTable(header: ["PHOTO", "STATUS", "WHY"], rows: rows).rendered
        }
        let summary = report.summary
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
