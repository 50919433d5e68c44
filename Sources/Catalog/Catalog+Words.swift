import Foundation
import TimeAndPlace

/// Games, teams and venues in the words every front end shows: names as they were on the day, away team first.
extension Catalog {
    /// A team's name on `day` ("Florida Marlins" in 2011), or its id when the catalog does not know it.
    public func teamName(_ id: TeamID, on day: LocalDate) -> String { team(id: id)?.name(on: day) ?? id.rawValue }

    /// One of a team's names without its place ("Red Sox" for "Boston Red Sox", "Vikings" for "Minnesota Vikings"),
    /// for a table too narrow for two full names. The place is the home city it had under that name, or the words
    /// it shares with another team's name of the same city ("Minnesota" of the Twins and Vikings); with neither
    /// ("Green Bay Packers", "New England Patriots") the name stays whole rather than lose part of its place.
    public func nickname(of name: String, team id: TeamID) -> String {
        guard let city = team(id: id)?.names.last(where: { $0.name == name })?.city else { return name }
        if name.hasPrefix(city + " ") { return String(name.dropFirst(city.count + 1)) }
        let words = name.split(separator: " ")
        let cityWords = Set(city.split(separator: " "))
        let shared =
            teams.flatMap(\.names).filter { $0.city == city && $0.name != name }.map { other in
                zip(words, other.name.split(separator: " ")).prefix { $0 == $1 }.count
            }.max() ?? 0
        // Whole words of the place only, and never half of the city's name ("Kansas" of "Kansas City-Omaha").
        guard shared > 0, shared < words.count, !cityWords.contains(where: { words[shared].hasPrefix($0) }) else { return name }
        return words[shared...].joined(separator: " ")
    }

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
    /// else day or night), whether it was a postseason game, and the final when known.
    public func describe(_ game: Game) -> String {
        var start = ""
        if let local = localStart(of: game) {
            start = " " + local.time
        } else if let flag = game.dayNight {
            start = flag == "D" ? " (day game)" : " (night game)"
        }
        // A postseason game says so: a World Series game 7 does not read like any night in June.
        let stakes = game.seasonType == .postseason ? ", postseason" : ""
        return "\(matchup(of: game)), \(venueName(game.venueId, on: game.localDate)), \(game.localDate)\(start)\(stakes)"
            + (game.finalScore.map { ", \($0)" } ?? "")
    }
}
