import Catalog
import Foundation
import GRDB
import ScoreProviderFixtures
import Scores
import Testing
import TimeAndPlace

@testable import UseCases
@testable import VisitStore

/// Visits saved without a final score keep waiting through every fault and get it once a provider answers.
@Suite("Pending scores resolved later")
struct ScoreResolverTests {
    /// A visit to the preseason game of the NHL preseason game the provider tests use (CBJ at PIT, 2022-09-25), saved while offline.
    static func pendingVisit() -> StadiumVisit {
        StadiumVisit(
            id: "visit-preseason", venueId: "stadium_nhl_ppg_paints_arena", venueName: "PPG Paints Arena",
            localDate: LocalDate("2022-09-25")!, league: "nhl", visitType: .game, homeTeamId: "team_nhl_pit",
            homeTeamName: "Pittsburgh Penguins", awayTeamId: "team_nhl_cbj", awayTeamName: "Columbus Blue Jackets",
            scoreResolutionPending: true, dataSource: .fullyManual, source: .photoImport)
    }

    @Test("Offline, then every provider failing, then answering: the visit waits, unchanged, and then has its score")
    func offlineThenResolved() async throws {
        let context = try await ProviderTestContext()
        let visit = Self.pendingVisit()
        try context.library.write { db in try visit.insert(db) }

        let offline = try await ScoreResolver(library: context.library, api: context.api(offline: true)).resolvePending()
        #expect(offline.resolved.isEmpty && offline.stillPending.map(\.reason) == ["offline"])
        #expect(context.server.requests.isEmpty)

        // The league API fails three times (retried), ESPN once: nothing answers, nothing is lost.
        context.server.inject(.status(500), forPathsStartingWith: "/v1/schedule", count: 3)
        context.server.inject(.status(503), forPathsStartingWith: "/apis/", count: 1)
        let failing = try await ScoreResolver(library: context.library, api: context.api()).resolvePending()
        #expect(failing.resolved.isEmpty && failing.stillPending.count == 1)
        let unchanged = try context.library.read { db in try StadiumVisit.fetchOne(db, key: visit.id) }
        #expect(unchanged?.homeScore == nil && unchanged?.scoreResolutionPending == true && unchanged?.gameId == visit.gameId)

        let answered = try await ScoreResolver(library: context.library, api: context.api()).resolvePending()
        #expect(answered.resolved.count == 1 && answered.stillPending.isEmpty)
        let resolved = try #require(try context.library.read { db in try StadiumVisit.fetchOne(db, key: visit.id) })
        #expect(resolved.homeScore == 3 && resolved.awayScore == 2 && resolved.scoreSource == .api)
        #expect(resolved.scoreProvider == "espn" && resolved.scoreFetchedAt != nil && !resolved.scoreResolutionPending)
        #expect(resolved.venueName == visit.venueName && resolved.homeTeamName == visit.homeTeamName, "nothing else changed")
    }

    @Test("A score entered by hand is the user's, and ends the wait")
    func setByHand() async throws {
        let context = try await ProviderTestContext()
        try context.library.write { db in try Self.pendingVisit().insert(db) }
        let editor = VisitEditor(library: context.library, catalog: context.api(offline: true).catalog)
        let visit = try editor.setScore(ofVisit: "visit-preseason", home: 4, away: 1)
        #expect(visit.homeScore == 4 && visit.awayScore == 1 && visit.scoreSource == .user && !visit.scoreResolutionPending)
        #expect(throws: CorrectionError.noSuchVisit(id: "no-such-visit")) {
            try editor.setScore(ofVisit: "no-such-visit", home: 1, away: 0)
        }
    }
}
