import Catalog
import Foundation
import GRDB
import Progress
import Testing
import TimeAndPlace

@testable import VisitStore

/// Visits made from real games of the bundled catalog.
enum Visits {
    static let catalog = try! Catalog.bundled()

    /// The team's first home game on or after `from`.
    static func homeGame(_ team: TeamID, from: String) -> Game {
        var day = LocalDate(from)!
        for _ in 0..<400 {
            if let game = catalog.games(ofTeam: team, on: day).first(where: { $0.homeTeamId == team }) { return game }
            day = day.adding(days: 1)
        }
        fatalError("no home game of \(team) after \(from)")
    }

    static func visit(_ game: Game, id: String? = nil) -> StadiumVisit {
        StadiumVisit(
            id: id ?? game.id.rawValue, venueId: game.venueId, venueName: catalog.venue(id: game.venueId)!.name(on: game.localDate),
            localDate: game.localDate, league: game.league, visitType: .game, gameId: game.id,
            homeTeamId: game.homeTeamId, awayTeamId: game.awayTeamId, homeScore: game.homeScore,
            awayScore: game.awayScore, dataSource: .automatic, source: .photoImport)
    }

    static func visits(_ teams: [TeamID], from: String) -> [StadiumVisit] { teams.map { visit(homeGame($0, from: from)) } }
}

@Suite("Achievements")
struct AchievementTests {
    let engine = AchievementEngine(catalog: Visits.catalog)

    func ids(_ visits: [StadiumVisit]) -> Set<String> { Set(engine.earned(from: visits).map(\.id)) }

    static let alEast: [TeamID] = ["team_mlb_bal", "team_mlb_bos", "team_mlb_nyy", "team_mlb_tb", "team_mlb_tor"]

    @Test("Venue counts: distinct venues, in date order, with the visits that earned them")
    func venueCounts() {
        let fenway = Visits.visits(["team_mlb_bos"], from: "2015-05-01")
        #expect(ids(fenway) == ["achievement_venues_1", "achievement_fenway_park"])
        let again = fenway + [Visits.visit(Visits.homeGame("team_mlb_bos", from: "2015-08-01"), id: "second")]
        #expect(!ids(again).contains("achievement_venues_10"), "the same venue twice is one venue")
        let teams: [TeamID] = [
            "team_mlb_bos", "team_mlb_nyy", "team_mlb_bal", "team_mlb_tb", "team_mlb_tor", "team_mlb_det",
            "team_mlb_cws", "team_mlb_cle", "team_mlb_kc", "team_mlb_min",
        ]
        let ten = Visits.visits(teams, from: "2015-06-01")
        let earned = engine.earned(from: ten)
        let tenVenues = earned.first { $0.id == "achievement_venues_10" }
        #expect(tenVenues?.visitIds.count == 10)
        #expect(tenVenues?.earnedOn == ten.map(\.localDate).max())
    }

    @Test("Road Warrior: five venues within seven days, not eight; Triple Threat: three leagues")
    func journeysAndLeagues() {
        let teams: [TeamID] = ["team_mlb_bos", "team_mlb_nyy", "team_mlb_phi", "team_mlb_bal", "team_mlb_wsh"]
        let spread = Visits.visits(teams, from: "2015-06-01")
        let days = spread.map(\.localDate.daysSinceEpoch)
        #expect(ids(spread).contains("achievement_road_warrior") == (days.max()! - days.min()! < 7))
        // Five consecutive days of games, built from one real game per day at five parks.
        var week: [StadiumVisit] = []
        var day = LocalDate("2015-06-15")!
        var used: Set<String> = []
        while week.count < 5 {
            if let game = Visits.catalog.games(on: day, league: "mlb").first(where: { !used.contains($0.venueId) }) {
                week.append(Visits.visit(game))
                used.insert(game.venueId)
            }
            day = day.adding(days: 1)
        }
        #expect(ids(week).contains("achievement_road_warrior"))
        var late = week
        late[4].localDate = late[0].localDate.adding(days: 7)
        #expect(!ids(late).contains("achievement_road_warrior"), "8 days from first to last")
        let three = Visits.visits(["team_mlb_bos", "team_nba_bos", "team_nhl_bos"], from: "2015-01-01")
        #expect(ids(three).contains("achievement_triple_threat"))
        #expect(!ids(Array(three.prefix(2))).contains("achievement_triple_threat"))
    }

    @Test("Division complete: the five AL East parks of 2015; one visit fewer, not complete")
    func divisionComplete() {
        let visits = Visits.visits(Self.alEast, from: "2015-06-01")
        let division = engine.earned(from: visits).first { $0.id == "achievement_division_complete_mlb_al_east" }
        #expect(division?.name == "Division Complete: MLB AL East" && division?.visitIds.count == 5)
        #expect(!ids(Array(visits.dropLast())).contains("achievement_division_complete_mlb_al_east"))
    }

    @Test("Relocations: NL East completed in 2007 stays complete; Shea in 2007 and the rest in 2015 is not complete")
    func relocations() {
        let nlEast: [TeamID] = ["team_mlb_atl", "team_mlb_nym", "team_mlb_phi", "team_mlb_wsh", "team_mlb_mia"]
        let done2007 = Visits.visits(nlEast, from: "2007-05-01")
        #expect(ids(done2007).contains("achievement_division_complete_mlb_nl_east"), "every team's home as of 2007")
        let later = done2007 + Visits.visits(["team_mlb_bos"], from: "2016-05-01")
        #expect(ids(later).contains("achievement_division_complete_mlb_nl_east"), "you earned it, you keep it")
        let shea = Visits.visits(["team_mlb_nym"], from: "2007-05-01")
        let rest = Visits.visits(["team_mlb_atl", "team_mlb_phi", "team_mlb_wsh", "team_mlb_mia"], from: "2015-05-01")
        #expect(!ids(shea + rest).contains("achievement_division_complete_mlb_nl_east"), "the Mets play at Citi Field now")
        let citi = Visits.visits(["team_mlb_nym"], from: "2015-05-01")
        #expect(ids(shea + rest + citi).contains("achievement_division_complete_mlb_nl_east"))
    }

    @Test("A hockey game at a shared arena earns NHL credit only")
    func sharedArenaSport() {
        let bruins = Visits.visits(["team_nhl_bos"], from: "2015-01-01")
        let progress = FanProgress(visits: bruins, catalog: Visits.catalog, today: LocalDate("2025-12-01")!)
        let nba = progress.leagues.first { $0.id == "nba" }!
        let nhl = progress.leagues.first { $0.id == "nhl" }!
        #expect(nhl.league.visited.map(\.id) == ["stadium_nba_td_garden"] && nba.league.visited.isEmpty)
        #expect(nba.league.total == 30 && nhl.league.total == 32)
    }
}

@Suite("Progress")
struct ProgressTests {
    @Test("League, conference and division totals of today's venues; first visits by year; teams; records")
    func progress() {
        let visits = Visits.visits(AchievementTests.alEast, from: "2015-06-01") + Visits.visits(["team_mlb_nyy"], from: "2016-05-01")
        let progress = FanProgress(visits: visits, catalog: Visits.catalog, today: LocalDate("2025-07-01")!, league: "mlb")
        #expect(progress.leagues.map(\.id) == ["mlb"])
        let mlb = progress.leagues[0]
        #expect(mlb.league.total == 30 && mlb.league.visited.count == 4, "the Rays played at Steinbrenner Field in 2025")
        let alEast = mlb.divisions.first { $0.id == "mlb_al_east" }!
        #expect(alEast.total == 5 && alEast.remaining.map(\.id) == ["stadium_mlb_steinbrenner_field"])
        #expect(mlb.conferences.map(\.name) == ["American League", "National League"])
        #expect(progress.firstVisitsByYear[2015]?.count == 5 && progress.firstVisitsByYear[2016] == nil)
        let wins = progress.records.reduce(0) { $0 + $1.wins }
        let losses = progress.records.reduce(0) { $0 + $1.losses }
        #expect(wins == visits.count && losses == visits.count, "one winner and one loser per final")
        #expect(progress.teamsSeen.contains("team_mlb_bos"))
    }
}

@Suite("Achievements kept in the library")
struct AchievementBookTests {
    @Test("Recalculated after changes: deleting a visit revokes what it supported, adding it back earns it again")
    func revocation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("achievements-\(UUID())")
        let library = try VisitLibrary(folder: folder)
        let book = AchievementBook(library: library, engine: AchievementEngine(catalog: Visits.catalog))
        let visits = Visits.visits(AchievementTests.alEast, from: "2015-06-01")
        try library.write { db in for visit in visits { try visit.insert(db) } }
        let first = try book.recalculate()
        #expect(first.earned.map(\.id).contains("achievement_division_complete_mlb_al_east") && first.revoked.isEmpty)
        #expect(try book.recalculate().earned.isEmpty, "nothing new the second time")
        _ = try library.write { db in try visits[0].delete(db) }
        let after = try book.recalculate()
        #expect(after.revoked.map(\.id) == ["achievement_division_complete_mlb_al_east"])
        #expect(try book.held().allSatisfy { !$0.visitIds.contains(visits[0].id) })
        try library.write { db in try visits[0].insert(db) }
        #expect(try book.recalculate().earned.map(\.id) == ["achievement_division_complete_mlb_al_east"])
    }
}
