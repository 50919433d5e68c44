import Foundation
import GRDB

/// A provider's answer about one game, kept so the question is not asked again: historical finals forever, recent
/// ones for a day, a game no provider had for a week.
public struct CachedGameScore: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    /// The canonical game key: `league/venue/local date/home team/game number`.
    public var key: String
    /// The home team's final score; nil for `noFinal`.
    public var homeScore: Int?
    /// The away team's final score; nil for `noFinal`.
    public var awayScore: Int?
    /// Whether the provider gave a final score or answered without one.
    public var outcome: Outcome
    /// Provenance: who said so, and when.
    public var provider: String?
    /// When the provider was asked.
    public var fetchedAt: Date
    /// Nil: never expires.
    public var expiresAt: Date?

    /// What the provider said about the game.
    public enum Outcome: String, Codable, Hashable, Sendable {
        /// A final score.
        case final
        /// The providers answered, but not with a final score (not found, postponed, not yet played).
        case noFinal
    }

    /// An answer to keep: scores only with a `final` outcome; `expiresAt` nil keeps it forever.
    public init(
        key: String, homeScore: Int? = nil, awayScore: Int? = nil, outcome: Outcome, provider: String?,
        fetchedAt: Date, expiresAt: Date?
    ) {
        self.key = key
        self.homeScore = homeScore
        self.awayScore = awayScore
        self.outcome = outcome
        self.provider = provider
        self.fetchedAt = fetchedAt
        self.expiresAt = expiresAt
    }

    /// Whether the answer may still be used at `now`: it never expires, or expires later.
    public func isFresh(at now: Date) -> Bool { expiresAt.map { $0 > now } ?? true }
}

extension VisitLibrary {
    /// The cached answer for a game key when it is still fresh at `now`; a stale one, a final without its score or
    /// a row that no longer decodes is deleted, so the game is looked up again.
    public func freshCachedScore(key: String, at now: Date) throws(LibraryError) -> CachedGameScore? {
        try write { db in
            let entry: CachedGameScore?
            do {
                entry = try CachedGameScore.fetchOne(db, key: key)
            } catch  where !(error is DatabaseError) {
                entry = nil  // a row that no longer decodes
            }
            guard let entry, entry.isFresh(at: now), entry.outcome == .noFinal || entry.homeScore != nil && entry.awayScore != nil
            else {
                try CachedGameScore.deleteOne(db, key: key)
                return nil
            }
            return entry
        }
    }

    /// Keeps a provider's answer for a game (replacing the one before).
    public func cache(_ entry: CachedGameScore) throws(LibraryError) {
        try write { db in try entry.save(db) }
    }
}
