import Catalog

/// A visit in the words every front end shows, from its names frozen on the day.
extension StadiumVisit {
    /// "Atlanta Braves at Boston Red Sox" for a game (away first; "a game" when the teams are unknown), with
    /// "(game 2)" for a doubleheader's game as the catalog says it; "a tour" or "another visit" otherwise.
    public var matchup: String {
        switch visitType {
        case .game:
            let teams = [awayTeamName, homeTeamName].compactMap { $0 }.joined(separator: " at ")
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
