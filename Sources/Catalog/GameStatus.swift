import Foundation

/// Where a game stands. Only ``final`` carries a final score: a postponed game can look "Final" in some feeds
/// (the MLB schedule marks it `abstractGameState: Final`), and is not.
public enum GameStatus: String, Hashable, Sendable, Codable {
    case scheduled, live, final, postponed, suspended, cancelled

    /// Fans could be at the game on the day it is listed: played, being played or still to come — not postponed or
    /// cancelled that day (a make-up day is a listing of its own).
    public var takesPlace: Bool { self != .postponed && self != .cancelled }
}
