import Catalog
import Foundation
import Scores
import VisitStore

/// Fills in the final scores of visits saved without one (`scoreResolutionPending`), from ``FreeScoreAPI``.
///
/// A visit is never lost or changed otherwise: a lookup that fails leaves it pending for the next run.
public struct ScoreResolver: Sendable {
    /// The library whose pending visits are read and given their scores.
    public let library: VisitLibrary
    /// The tiers of score sources each pending game is looked up in.
    public let api: FreeScoreAPI

    /// What a run did with each pending visit: resolved, no final, or still pending.
    public struct Result: Sendable {
        /// Visits that got their final score, as they are now.
        public var resolved: [StadiumVisit] = []
        /// Visits whose game the providers list without a final score (postponed, not found).
        public var noFinal: [StadiumVisit] = []
        /// Visits still waiting, with why (offline, providers failing or disabled).
        public var stillPending: [(visit: StadiumVisit, reason: String)] = []
    }

    /// Looks up every pending visit (or those of the games in `gameIds`), one game at a time. Nothing pending, no
    /// request.
    func resolvePending(gameIds: Set<GameID>? = nil) async throws -> Result {
        let pending = try library.visitsAwaitingScores().filter { visit in gameIds.map { visit.gameId.map($0.contains) ?? false } ?? true }
        var result = Result()
        for visit in pending {
            guard let key = gameKey(of: visit) else {
                result.stillPending.append((visit, "the visit names no game (confirm its teams first)"))
                continue
            }
            switch try await api.finalScore(of: key) {
            case .final(let home, let away, let source, let provider, let fetchedAt):
                var updated = visit
                updated.homeScore = home
                updated.awayScore = away
                updated.scoreSource = source
                updated.scoreProvider = provider
                updated.scoreFetchedAt = fetchedAt
                updated.scoreResolutionPending = false
                try library.transaction { try $0.update(updated) }
                result.resolved.append(updated)
            case .noFinal:
                result.noFinal.append(visit)
            case .pending(let failures):
                let reason =
                    api.configuration.offline
                    ? "offline"
                    : failures.isEmpty
                        ? "every provider for this sport is disabled or none covers it"
                        : failures.map(\.description).joined(separator: "; ")
                result.stillPending.append((visit, reason))
            }
        }
        return result
    }

    private func gameKey(of visit: StadiumVisit) -> GameKey? {
        guard let league = visit.league, let home = visit.homeTeamId, let away = visit.awayTeamId else { return nil }
        // A game found online is not in the bundled index: its id still says which game of a doubleheader it is.
        let number = visit.gameId.flatMap { api.catalog.game(id: $0)?.gameNumber ?? $0.doubleheaderNumber } ?? 0
        return GameKey(
            league: league, venueId: visit.venueId, localDate: visit.localDate, homeTeamId: home, awayTeamId: away,
            gameNumber: number)
    }
}
