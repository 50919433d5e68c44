import Foundation
import TimeAndPlace

/// Games, teams and venues in the words every front end shows: names as they were on the day, away team first.
extension Catalog {
    /// A team's name on `day` ("Florida Marlins" in 2011), or its id when the catalog does not know it.
    public func teamName(_ id: TeamID, on day: LocalDate) -> String { team(id: id)?.name(on: day) ?? id.rawValue }

    /// A venue's name on `day` ("Jacobs Field" in 2007), or its id when the catalog does not know it.
    public func venueName(_ id: String, on day: LocalDate) -> String { venue(id: id)?.name(on: day) ?? id }

    /// A photo's time as the clock at the venue read it: a phone left on European time at a 20:50 game in Boston took
    /// its photo at 20:50 there, not at 02:50 the next day. Without an offset (the camera's clock was taken as the
    /// venue's) or a venue, the time as the camera wrote it.
    public func wallClock(at venueId: String?, of time: LocalDateTime, offset: UTCOffset?) -> LocalDateTime {
        guard let offset, let zone = venueId.flatMap(venue(id:)).flatMap({ TimeZone(identifier: $0.timeZone) }) else { return time }
        return LocalDateTime(instant: Date(timeIntervalSince1970: time.wallClockSeconds - Double(offset.seconds)), in: zone) ?? time
    }

    /// "Atlanta Braves at Boston Red Sox", and "(game 2)" for a doubleheader's second game.
    public func matchup(of game: Game) -> String {
        "\(teamName(game.awayTeamId, on: game.localDate)) at \(teamName(game.homeTeamId, on: game.localDate))"
            + (game.gameNumber > 0 ? " (game \(game.gameNumber))" : "")
    }

    /// A game's start in its venue's own time ("19:05") and that zone's offset then, when the start is known: what
    /// fans read everywhere (JSON keeps UTC).
    public func localStart(of game: Game) -> (time: String, offset: UTCOffset)? {
        guard let start = game.startUTC, let zone = venue(id: game.venueId).flatMap({ TimeZone(identifier: $0.timeZone) }),
            let offset = UTCOffset(seconds: zone.secondsFromGMT(for: start)),
            let local = LocalDateTime(instant: start, offset: offset)
        else { return nil }
        return (String(local.iso8601.dropFirst(11).prefix(5)), offset)
    }

    /// What the catalog knows of a game's time, in words: "started 19:05", "a night game, no start time known".
    public func timing(of game: Game) -> String {
        if let start = localStart(of: game) { return "started \(start.time)" }
        switch game.dayNight {
        case "D": return "a day game, no start time known"
        case "N": return "a night game, no start time known"
        default: return "no start time known"
        }
    }

    /// "Atlanta Braves at Boston Red Sox, Fenway Park, 2015-06-15 19:10, 4-2": the game, where, when (local start,
    /// else day or night) and the final when known.
    public func describe(_ game: Game) -> String {
        var start = ""
        if let local = localStart(of: game) {
            start = " " + local.time
        } else if let flag = game.dayNight {
            start = flag == "D" ? " (day game)" : " (night game)"
        }
        return "\(matchup(of: game)), \(venueName(game.venueId, on: game.localDate)), \(game.localDate)\(start)"
            + (game.finalScore.map { ", \($0)" } ?? "")
    }
}
