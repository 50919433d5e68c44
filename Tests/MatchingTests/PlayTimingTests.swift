import Catalog
import Foundation
import Matching
import Testing
import TimeAndPlace

/// What a candidate is labelled with when the fan chooses: "during" only inside the game's play, else how far.
@Suite("Where a photo falls against a game's play")
struct PlayTimingTests {
    let catalog: Catalog
    let matcher: GameMatcher

    init() throws {
        catalog = try Catalog.bundled()
        matcher = GameMatcher(catalog: catalog)
    }

    /// The two games at the American Airlines Center on 2012-01-07: the Stars at 13:00, the Mavericks at 20:00.
    func games() throws -> (afternoon: Game, evening: Game) {
        let games = catalog.games(atVenue: "stadium_nba_american_airlines_center", on: LocalDate("2012-01-07")!)
            .sorted { ($0.startUTC ?? .distantPast) < ($1.startUTC ?? .distantPast) }
        try #require(games.count == 2)
        return (games[0], games[1])
    }

    @Test("At 17:30 at a shared arena, the afternoon game has ended and the evening game has not started")
    func between() throws {
        let (afternoon, evening) = try games()
        let photo = LocalDateTime(year: 2012, month: 1, day: 7, hour: 17, minute: 30)!
        guard case .endedBefore(let ended) = matcher.playTiming(of: afternoon, photoTakenAt: photo, offset: nil) else {
            Issue.record("the afternoon game is not over at 17:30")
            return
        }
        guard case .startsAfter(let starts) = matcher.playTiming(of: evening, photoTakenAt: photo, offset: nil) else {
            Issue.record("the evening game has started at 17:30")
            return
        }
        #expect((3_600...4 * 3_600).contains(ended))
        #expect(abs(starts - 2.5 * 3_600) < 60)
    }

    @Test("During play on the venue's clock; the same instant on a camera seven hours ahead is the same answer")
    func during() throws {
        let (afternoon, _) = try games()
        let local = LocalDateTime(year: 2012, month: 1, day: 7, hour: 14, minute: 0)!
        #expect(matcher.playTiming(of: afternoon, photoTakenAt: local, offset: nil) == .during)
        let paris = LocalDateTime(year: 2012, month: 1, day: 7, hour: 21, minute: 0)!
        #expect(matcher.playTiming(of: afternoon, photoTakenAt: paris, offset: UTCOffset(seconds: 3_600)!) == .during)
    }
}
