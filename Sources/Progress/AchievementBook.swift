import Foundation
import VisitStore

/// The achievements kept in a library, recalculated from its visits after every change to them.
public struct AchievementBook: Sendable {
    /// The library the earned achievements are kept in, and the visits are read from.
    public let library: VisitLibrary
    /// Works out what the visits earn; the book stores the result and tells what changed.
    public let engine: AchievementEngine

    /// A book kept in `library`, its achievements worked out by `engine`.
    public init(library: VisitLibrary, engine: AchievementEngine) {
        self.library = library
        self.engine = engine
    }

    /// What a recalculation changed.
    public struct Changes: Sendable {
        /// Every achievement held now.
        public var held: [EarnedAchievement]
        /// Newly earned.
        public var earned: [EarnedAchievement]
        /// No longer supported by the visits (a visit deleted or corrected), and taken away.
        public var revoked: [EarnedAchievement]

        /// What a recalculation found: `held` now, newly `earned`, and `revoked`.
        public init(held: [EarnedAchievement] = [], earned: [EarnedAchievement] = [], revoked: [EarnedAchievement] = []) {
            self.held = held
            self.earned = earned
            self.revoked = revoked
        }
    }

    /// Recomputes every achievement from the visits, in one transaction: new ones are added, ones the visits no longer
    /// earn are revoked, and the rest keep their visits up to date.
    @discardableResult
    public func recalculate() throws(LibraryError) -> Changes {
        let (held, before) = try library.replaceAchievements(with: engine.earned(from:))
        let now = Set(held.map(\.id))
        let earlier = Set(before.map(\.id))
        return Changes(
            held: held, earned: held.filter { !earlier.contains($0.id) },
            revoked: before.filter { !now.contains($0.id) }.sorted { $0.id < $1.id })
    }

    /// The achievements held, in the order they were earned.
    public func held() throws(LibraryError) -> [EarnedAchievement] {
        try library.earnedAchievements()
    }
}
