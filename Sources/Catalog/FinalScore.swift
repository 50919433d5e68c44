/// A final score as fans read and type it: AWAY-HOME, the order every table and page shows ("Braves at Red Sox 4-2").
/// Every front end writes and reads scores here, so typing back the score you see stores it the right way round.
public struct FinalScore: Hashable, Sendable, CustomStringConvertible {
    /// The away team's points.
    public var away: Int
    /// The home team's points.
    public var home: Int

    /// A score as given.
    public init(away: Int, home: Int) {
        self.away = away
        self.home = home
    }

    /// Both halves of a score, when both are known.
    public init?(away: Int?, home: Int?) {
        guard let away, let home else { return nil }
        self.init(away: away, home: home)
    }

    /// A score typed as AWAY-HOME ("4-2", " 4 - 2 "), each a whole number from 0 to 1000; nil for anything else.
    public init?(typed text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let away = parts[0], let home = parts[1], (0...1_000).contains(away), (0...1_000).contains(home)
        else { return nil }
        self.init(away: away, home: home)
    }

    /// "4-2": away first.
    public var description: String { "\(away)-\(home)" }

    /// What to say of text that is not a score.
    public static func usage(_ text: String) -> String {
        "'\(text)' is not a score; type AWAY-HOME as the tables show it, e.g. 4-2 for \"Braves at Red Sox 4-2\""
    }
}

extension Game {
    /// The final score, when the game has one.
    public var finalScore: FinalScore? { FinalScore(away: awayScore, home: homeScore) }
}
