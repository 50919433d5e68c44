import Catalog
import Foundation
import Matching
import PhotoMetadata
import Testing
import TimeAndPlace

/// The photos of `TestImages/matching`, made by `Scripts/make-match-images.py` from real games in the catalog, each
/// showing one matching rule. `scenarios.json` says which venue and games each was made from.
@Suite("Matching rules on photos of real games")
struct ScenarioTests {
    struct Facts: Decodable {
        var venue: String?
        var games: [GameID]?
        /// What the photo must come to, for scenarios checked as data (`matched`, `needsConfirmation`).
        var expect: MatchStatus?
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let folder = packageRoot.appendingPathComponent("TestImages/matching")
    static let catalog = try! Catalog.bundled()
    static let facts = try! JSONDecoder().decode(
        [String: Facts].self,
        from: Data(contentsOf: folder.appendingPathComponent("scenarios.json")))
    /// All scenario photos matched together, as `stadiumlog match TestImages/matching` would.
    static let report: MatchReport = {
        let names = facts.keys.sorted()
        let inputs = names.map { name in
            let path = folder.appendingPathComponent("\(name).jpg").path
            return (
                path: path,
                metadata: Result { () throws(PhotoMetadataError) in
                    try PhotoMetadataExtractor().metadata(ofFileAt: path)
                }
            )
        }
        return MatchReport(matching: inputs, with: GameMatcher(catalog: catalog))
    }()

    func photo(_ name: String) throws -> PhotoMatch {
        try #require(Self.report.photos.first { $0.path.hasSuffix("/\(name).jpg") })
    }

    func games(_ name: String) -> [GameID] { Self.facts[name]?.games ?? [] }

    /// Scenarios that state their outcome are checked as data: a matched photo names the scenario's first game, a
    /// question offers all of its games. A league's photos need no test code of their own.
    @Test("Each scenario that states its outcome comes to it", arguments: facts.filter { $0.value.expect != nil }.keys.sorted())
    func statedOutcome(_ name: String) throws {
        let facts = try #require(Self.facts[name])
        let match = try photo(name)
        #expect(match.status == facts.expect)
        switch facts.expect {
        case .matched?: #expect(match.game?.id == facts.games?.first && match.venue?.id == facts.venue)
        case .needsConfirmation?: #expect(Set(facts.games ?? []).isSubset(of: Set(match.candidates.map(\.game.id))))
        default: break
        }
    }

    @Test("high + exactDay: matched automatically")
    func highExactDay() throws {
        let match = try photo("high-exact-day")
        #expect(match.status == .matched)
        #expect(match.game?.id == games("high-exact-day").first)
        #expect((match.spatial, match.temporal, match.confidence) == (.high, .exactDay, .autoSelect))
        #expect(match.venue?.id == "stadium_mlb_fenway_park" && match.venue?.name == "Fenway Park")
        #expect(match.capture?.source == .offsetTimeOriginal)
        #expect(match.reason == nil && match.candidates.isEmpty)
    }

    @Test(
        "The userConfirm cells: asked while a game's window holds the photo, else listed as near a game, not asked",
        arguments: [
            ("high-adjacent-day", SpatialConfidence.high, TemporalConfidence.adjacentDay, false),
            ("medium-exact-day", .medium, .exactDay, true),
            ("medium-adjacent-day", .medium, .adjacentDay, false),
        ])
    func userConfirmCells(name: String, spatial: SpatialConfidence, temporal: TemporalConfidence, inWindow: Bool) throws {
        let match = try photo(name)
        #expect(match.status == (inWindow ? .needsConfirmation : .unmatched))
        #expect(match.reason == (inWindow ? nil : .lowConfidence))
        #expect((match.spatial, match.temporal, match.confidence) == (spatial, temporal, .userConfirm))
        #expect(match.game == nil)
        #expect(match.candidates.first?.game.id == games(name).first, "the best candidate comes first")
        #expect(match.candidates.first?.duringGame == inWindow)
    }

    @Test("low spatial confidence: never more than a manual choice")
    func lowExactDay() throws {
        let match = try photo("low-exact-day")
        #expect(match.status == .unmatched && match.reason == .lowConfidence)
        #expect((match.spatial, match.confidence) == (.low, .manualOnly))
        #expect(match.candidates.map(\.game.id).contains(games("low-exact-day")[0]))
    }

    @Test("A D/N doubleheader: at 15:00 and between the games both are offered; at 22:00 the night game is matched")
    func doubleheader() throws {
        for name in ["doubleheader", "doubleheader-between-games"] {
            let photo = try photo(name)
            #expect(photo.status == .needsConfirmation && photo.timeRule == .severalGamesThen, "\(name)")
            #expect(Set(photo.candidates.filter(\.duringGame).map(\.game.id)) == Set(games(name)), "\(name): both games offered")
            #expect(photo.game == nil && photo.gameOfDay == nil, "\(name)")
        }
        let night = try photo("doubleheader-night-game")
        #expect(night.status == .matched && night.game?.id == games("doubleheader-night-game").first)
        #expect(night.timeRule == .duringGame, "only the night game's window holds 22:00")
    }

    /// The uncovered-preseason photo (15:40 beside the Xcel Energy Center, a day the index has no game) matched
    /// against games added without any time: their windows are the whole fan day.
    func preseasonPhoto(with listings: [Catalog.Listing]) -> PhotoMatch {
        let path = Self.folder.appendingPathComponent("uncovered-preseason.jpg").path
        return GameMatcher(catalog: Self.catalog.adding(listings)).match(
            path: path,
            metadata: Result { () throws(PhotoMetadataError) in
                try PhotoMetadataExtractor().metadata(ofFileAt: path)
            })
    }

    func listing(_ number: Int) -> Catalog.Listing {
        Catalog.Listing(
            league: "nhl", localDate: LocalDate("2022-09-25")!, gameNumber: number, venueId: "stadium_nhl_grand_casino_arena",
            homeTeamId: "team_nhl_min", awayTeamId: "team_nhl_col", source: "test")
    }

    @Test("Nothing known of the time: the only game of the fan day is matched; two such games go to the user")
    func gamesWithoutTimes() throws {
        let one = preseasonPhoto(with: [listing(0)])
        #expect(one.status == .matched && one.timeRule == .onlyGameOfFanDay)
        let two = preseasonPhoto(with: [listing(1), listing(2)])
        #expect(two.status == .needsConfirmation && two.timeRule == .severalGamesThen)
        #expect(two.candidates.map(\.game.gameNumber).sorted() == [1, 2])
        #expect(two.candidates.allSatisfy { $0.window == .fanDay && $0.duringGame })
    }

    @Test("Two tenants in one arena on one day: a photo in both windows but in neither's play goes to the user")
    func sharedArena() throws {
        let match = try photo("shared-arena-two-games")
        #expect(match.status == .needsConfirmation && match.timeRule == .severalGamesThen)
        let sameDay = match.candidates.filter { $0.temporal == .exactDay }
        #expect(Set(sameDay.map(\.game.id)) == Set(games("shared-arena-two-games")))
        #expect(Set(sameDay.map(\.game.league)) == ["nba", "nhl"])
    }

    @Test("Two tenants in one arena on one day: a photo during the afternoon game is that game")
    func sharedArenaAfternoon() throws {
        let match = try photo("shared-arena-afternoon-game")
        #expect(match.status == .matched && match.game?.id == games("shared-arena-afternoon-game").first)
        #expect(match.timeRule == .duringGame, "the evening game's window opens at 17:00")
    }

    @Test("After midnight a photo belongs to the evening before: the night game, not the next day's game of the series")
    func lateNightWalkOut() throws {
        let match = try photo("late-night-walk-out")
        #expect(match.status == .matched && match.game?.id == games("late-night-walk-out").first)
        #expect(match.afterMidnight && match.timeRule == .duringGame)
        let game = try #require(match.game)
        #expect(match.capture?.local.date == game.localDate.adding(days: 1))
        #expect(game.dayNight == "N" && game.lengthMinutes != nil && game.startUTC == nil)
    }

    @Test("Downtown cluster: 118 m from the ballpark, a game at the arena 1 km away: the nearest wins")
    func downtownCluster() throws {
        let match = try photo("downtown-cluster")
        #expect(match.status == .matched && match.game?.id == games("downtown-cluster").first)
        #expect(match.timeRule == .nearestVenue)
        #expect(match.venue?.distanceMeters.map { abs($0 - 118) < 5 } == true)
    }

    @Test("On a game day but far from the game's known time: listed as near the game, neither asked nor matched")
    func outsideWindow() throws {
        let match = try photo("evening-after-afternoon-game")
        #expect(match.status == .unmatched && match.reason == .lowConfidence && match.game == nil)
        #expect(match.timeRule == .outsideWindow)
        #expect((match.spatial, match.temporal, match.confidence) == (.high, .exactDay, .userConfirm))
        #expect(match.candidates.first?.game.id == games("evening-after-afternoon-game").first)
        #expect(match.candidates.first?.duringGame == false && match.candidates.first?.window == .startTime)
    }

    @Test("--sport settles a shared arena when the user knows")
    func sportFilter() throws {
        let path = Self.folder.appendingPathComponent("shared-arena-two-games.jpg").path
        let metadata = Result { () throws(PhotoMetadataError) in try PhotoMetadataExtractor().metadata(ofFileAt: path) }
        let match = GameMatcher(catalog: Self.catalog, league: "nhl").match(path: path, metadata: metadata)
        #expect(match.status == .matched)
        #expect(match.game?.league == "nhl")
        #expect(games("shared-arena-two-games").contains(match.game?.id ?? ""))
    }

    @Test("Games at two venues in range go to the user, with both venues' games")
    func twoVenues() throws {
        let match = try photo("two-venues-in-range")
        #expect(match.status == .needsConfirmation)
        let sameDay = match.candidates.filter { $0.temporal == .exactDay }
        #expect(Set(sameDay.map(\.game.venueId)).count == 2)
        #expect(Set(sameDay.map(\.game.id)) == Set(games("two-venues-in-range")))
        #expect(sameDay.allSatisfy { $0.distanceMeters != nil })
    }

    @Test("A closed venue on an old date: the building that stood then")
    func closedVenue() throws {
        let match = try photo("closed-venue-2005")
        #expect(match.status == .matched)
        #expect(match.venue?.id == "stadium_mlb_yankee_stadium_1923")
        #expect(match.game?.id == games("closed-venue-2005").first)
    }

    @Test("A renamed venue reports its name on the capture date")
    func renamedVenue() throws {
        let match = try photo("renamed-venue-2005")
        #expect(match.status == .matched)
        #expect(match.venue?.name == "SBC Park")
        #expect(match.venue?.currentName == "Oracle Park")
        #expect(match.game?.id == games("renamed-venue-2005").first)
    }

    @Test("A night game photographed after local midnight is still that game")
    func afterMidnight() throws {
        let match = try photo("night-game-after-midnight")
        #expect(match.status == .matched)
        #expect(match.game?.id == games("night-game-after-midnight").first)
        #expect(match.temporal == .exactDay)
        let game = try #require(match.game)
        #expect(match.capture?.local.date == game.localDate.adding(days: 1), "the photo's own date is the next day")
    }

    @Test("A camera left on its home time zone is corrected by the GPS clock")
    func homeTimeZone() throws {
        let match = try photo("camera-home-timezone")
        #expect(match.capture?.source == .gpsClock)
        #expect(match.capture?.utcOffset?.description == "-04:00")
        #expect(match.status == .matched)
        #expect(match.game?.id == games("camera-home-timezone").first)
    }

    @Test("Without an offset in the file, the venue's time zone resolves the capture time")
    func venueTimeZone() throws {
        let path = Self.packageRoot.appendingPathComponent("TestImages/edge-cases/gps-time-without-date.jpg").path
        let metadata = Result { () throws(PhotoMetadataError) in try PhotoMetadataExtractor().metadata(ofFileAt: path) }
        let match = GameMatcher(catalog: Self.catalog).match(path: path, metadata: metadata)
        #expect(match.capture?.source == .venueTimeZone)
        #expect(match.capture?.utcOffset?.description == "-04:00")
        #expect(match.status == .matched)
        #expect(match.game?.id == "game_mlb_2015_bos_atl_0615")
    }

    @Test(
        "Missing GPS, missing date and (0, 0) GPS are unmatched with their reason",
        arguments: [
            ("missing-gps", MatchReason.missingLocation), ("missing-date", .missingDate), ("null-island", .missingLocation),
        ])
    func missing(name: String, reason: MatchReason) throws {
        let match = try photo(name)
        #expect(match.status == .unmatched)
        #expect(match.reason == reason)
        #expect(match.confidence == .manualOnly)
    }

    @Test("A confident match in a session makes its GPS-less photos suggestions, never matches")
    func sessionSuggestion() throws {
        let located = try photo("session-with-gps")
        let suggested = try photo("session-without-gps")
        #expect(located.status == .matched)
        #expect(suggested.status == .needsConfirmation)
        #expect(suggested.reason == .missingLocation)
        #expect(suggested.candidates.map(\.game.id) == [located.game?.id])
        #expect(suggested.game == nil)
        // The lone GPS-less photo of another camera at the same hour gets nothing.
        #expect(try photo("missing-gps").status == .unmatched)
    }

    @Test("A game the bundled index lacks: no game that day, until a provider's listing joins the catalog")
    func uncoveredDate() throws {
        #expect(try photo("uncovered-preseason").reason == .noGamesOnDate)
        let listing = Catalog.Listing(
            league: "nhl", localDate: LocalDate("2022-09-25")!,
            venueId: "stadium_nhl_grand_casino_arena", homeTeamId: "team_nhl_min",
            awayTeamId: "team_nhl_col", startUTC: Date(timeIntervalSince1970: 1_664_136_000),
            source: "espn")
        let extended = Self.catalog.adding([listing, listing])
        let path = Self.folder.appendingPathComponent("uncovered-preseason.jpg").path
        let match = GameMatcher(catalog: extended).match(
            path: path,
            metadata: Result { () throws(PhotoMetadataError) in
                try PhotoMetadataExtractor().metadata(ofFileAt: path)
            })
        #expect(match.status == .matched && match.game?.id == games("uncovered-preseason").first)
        #expect(match.game?.source == "espn" && match.game?.season == 2022 && match.game?.isFinal == false)
        #expect(match.candidates.isEmpty, "the listing was added once")
        #expect(extended.games(on: LocalDate("2022-09-25")!, league: "nhl").count == 1)
        #expect(Self.catalog.adding([listing]).game(id: "game_nhl_2022_min_col_0925") != nil)
        // A game the index already has is not added twice.
        let fenway = try #require(Self.catalog.game(id: "game_mlb_2015_bos_atl_0615"))
        let again = Catalog.Listing(
            league: "mlb", localDate: fenway.localDate, venueId: fenway.venueId,
            homeTeamId: fenway.homeTeamId, awayTeamId: fenway.awayTeamId, source: "espn")
        #expect(
            Self.catalog.adding([again]).games(on: fenway.localDate, league: "mlb").count
                == Self.catalog.games(on: fenway.localDate, league: "mlb").count)
    }

    @Test("Visits group matched photos by game; the summary counts every photo")
    func visitsAndSummary() {
        let report = Self.report
        #expect(report.summary.photos == Self.facts.count)
        #expect(
            report.summary.matched + report.summary.needsConfirmation + report.summary.unmatched
                + report.summary.errors == report.summary.photos)
        let fenway = report.visits.first { $0.gameId == "game_mlb_2015_bos_atl_0615" }
        #expect(fenway?.photos.count == 2, "high-exact-day and session-with-gps")
        #expect(report.visits.allSatisfy { !$0.photos.isEmpty })
        #expect(Set(report.visits.compactMap(\.gameId)).count == report.visits.count)
    }
}
