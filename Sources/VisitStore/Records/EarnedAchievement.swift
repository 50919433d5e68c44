import Foundation
import GRDB
import TimeAndPlace

/// An achievement the fan holds, with the visits that earned it. Recomputed from the visits whenever they change, so
/// one that a deleted or corrected visit no longer supports is revoked.
public struct EarnedAchievement: Codable, Hashable, Sendable, Identifiable, FetchableRecord, PersistableRecord {
    /// The definition's id, with what it was earned for when a definition is earned per division, conference or
    /// league: `achievement_venues_10`, `achievement_division_complete_mlb_al_east`.
    public var id: String
    /// The definition it comes from (`achievement_division_complete`).
    public var definitionId: String
    /// The name as shown: "Division Complete: AL East".
    public var name: String
    /// What it asks for, from its definition: "Games at 10 different venues."
    public var description: String
    /// The day of the visit that completed it.
    public var earnedOn: LocalDate
    /// The visits that earned it, in date order.
    public var visitIds: [String]

    /// An achievement as held; the achievement engine (in Progress) makes them from the visits.
    public init(
        id: String, definitionId: String, name: String, description: String, earnedOn: LocalDate,
        visitIds: [String]
    ) {
        self.id = id
        self.definitionId = definitionId
        self.name = name
        self.description = description
        self.earnedOn = earnedOn
        self.visitIds = visitIds
    }

    /// The columns this target orders achievements by.
    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let earnedOn = Column(CodingKeys.earnedOn)
    }
}

extension VisitLibrary {
    /// The achievements held, in the order they were earned.
    public func earnedAchievements() throws(LibraryError) -> [EarnedAchievement] {
        try read { db in try EarnedAchievement.order(EarnedAchievement.Columns.earnedOn, EarnedAchievement.Columns.id).fetchAll(db) }
    }

    /// Replaces the achievements held with those `earned` finds in the visits, in one transaction (a visit changed by
    /// another process in between cannot leave them out of date). Returns what is held now and what it was before.
    public func replaceAchievements(
        with earned: ([StadiumVisit]) -> [EarnedAchievement]
    ) throws(LibraryError) -> (held: [EarnedAchievement], before: [EarnedAchievement]) {
        try write { db in
            let held = earned(try StadiumVisit.fetchAll(db))
            let before = try EarnedAchievement.fetchAll(db)
            let now = Set(held.map(\.id))
            for achievement in before where !now.contains(achievement.id) { try achievement.delete(db) }
            for achievement in held { try achievement.save(db) }
            return (held, before)
        }
    }
}
