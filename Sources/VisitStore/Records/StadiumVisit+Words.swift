import Catalog

/// A visit in the words every front end shows, from its names frozen on the day.
extension StadiumVisit {
    /// "Atlanta Braves at Boston Red Sox" for a game (away first; "a game" when the teams are unknown), with
    /// "(game 2)" for a doubleheader's game as the catalog says it; "a tour" or "another visit" otherwise.
    public var matchup: String { matchup(away: awayTeamName, home: homeTeamName) }

    /// The matchup with the teams' names less their cities ("Braves at Red Sox"), as the catalog knows the cities
    /// of the names frozen on the day: for a table a terminal shows whole.
    public func shortMatchup(in catalog: Catalog) -> String {
        func short(_ name: String?, _ id: TeamID?) -> String? {
            guard let name, let id else { return name }
            return catalog.nickname(of: name, team: id)
        }
        return matchup(away: short(awayTeamName, awayTeamId), home: short(homeTeamName, homeTeamId))
    }

    private func matchup(away: String?, home: String?) -> String {
        switch visitType {
        case .game:
            let teams = [away, home].compactMap { $0 }.joined(separator: " at ")
            let number = gameId?.doubleheaderNumber ?? 0
            return (teams.isEmpty ? "a game" : teams) + (number > 0 ? " (game \(number))" : "")
        case .tour: return "a tour"
        case .other: return "another visit"
        }
    }

    /// Its final score as fans say it, away team first: "Atlanta Braves 4, Boston Red Sox 2"; nil without one.
    public var spokenScore: String? {
        guard let score = finalScore else { return nil }
        return "\(awayTeamName ?? "away") \(score.away), \(homeTeamName ?? "home") \(score.home)"
    }

    /// The final score, when the visit has one.
    public var finalScore: FinalScore? { FinalScore(away: awayScore, home: homeScore) }

    /// "Atlanta Braves at Boston Red Sox, Fenway Park, 2015-06-15 (visit …)": which visit, in one line.
    public var summary: String { "\(matchup), \(venueName), \(localDate.iso8601) (visit \(id))" }
}
