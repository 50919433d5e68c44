import Foundation
import ScoreProviderFixtures
import Testing

@Suite("stadiumlog scores and providers")
struct ScoresCommandTests {
    let library = FileManager.default.temporaryDirectory.appendingPathComponent("cli-scores-\(UUID().uuidString)").path

    @Test("An import offline leaves bundled scores in place and nothing waiting; providers lists every tier")
    func offlineImportAndProviders() throws {
        let imported = try CLI.run("import", "TestImages/matching/high-exact-day.jpg", "--library", library, "--offline")
        #expect(imported.status == 0, "\(imported.stderr)")
        let scores = try CLI.run("scores", "--library", library)
        #expect(scores.status == 0 && scores.stdout.contains("No visit is waiting for a score."))
        let providers = try CLI.run("providers", "--library", library)
        #expect(providers.status == 0)
        for name in ["mlb-statsapi", "nhl-api-web", "nba-stats", "espn"] {
            #expect(providers.stdout.contains(name) && providers.stdout.contains("enabled"))
        }
    }

    @Test("--set takes a score like 4-2 (away-home) and a visit that exists; anything else is refused with a reason")
    func setValidation() throws {
        #expect(try CLI.run("import", "TestImages/matching/high-exact-day.jpg", "--library", library, "--offline").status == 0)
        let malformed = try CLI.run("scores", "--library", library, "--set", "some-visit", "five-three")
        #expect(malformed.status != 0 && malformed.stderr.contains("type AWAY-HOME as the tables show it"))
        let unknown = try CLI.run("scores", "--library", library, "--set", "no-such-visit", "5-3")
        #expect(unknown.status != 0 && unknown.stderr.contains("no-such-visit"))
    }
}

/// The CLI against the recorded providers on a real HTTP server in this process: every base URL from the
/// environment, as a user would set it.
@Suite("stadiumlog online, against the provider fixtures")
struct OnlineCommandTests {
    let store = LibraryProcessTests.Library()
    var library: String { store.folder.path }

    static func environment(_ server: FixtureServer) -> [String: String] {
        let keys = [
            "STADIUMLOG_MLB_STATS_URL", "STADIUMLOG_NHL_WEB_URL", "STADIUMLOG_NBA_STATS_URL", "STADIUMLOG_ESPN_URL",
            "STADIUMLOG_BASEBALL_REFERENCE_URL", "STADIUMLOG_BASKETBALL_REFERENCE_URL",
            "STADIUMLOG_HOCKEY_REFERENCE_URL",
        ]
        return Dictionary(uniqueKeysWithValues: keys.map { ($0, server.baseURL.absoluteString) })
            .merging(["STADIUMLOG_OFFLINE": "0"]) { _, new in new }
    }

    @Test("A preseason game found online at import waits for its score while providers fail; scores --retry gets it")
    func importThenRetry() async throws {
        let server = try await FixtureServer.start()
        let environment = Self.environment(server)
        server.inject(.status(500), forPathsStartingWith: "/v1/schedule", count: 1_000)  // the NHL's API down throughout
        server.inject(.status(500), forPathsStartingWith: "/apis/", count: 1, after: 1)  // ESPN lists the day, then fails once

        let imported = try await CLI.run(
            ["import", "TestImages/matching/uncovered-preseason.jpg", "--library", library],
            environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stderr.contains("the bundled index does not cover were found online (espn)"), "\(imported.stderr)")
        #expect(imported.stderr.contains("1 visit(s) still wait for one"), "\(imported.stderr)")
        #expect(imported.stdout.contains("Xcel Energy Center"), "the arena's name in 2022\n\(imported.stdout)")

        let waiting = try await CLI.run(["scores", "--library", library], environment: environment)
        #expect(waiting.stdout.contains("1 visit(s) waiting for a score"), "\(waiting.stdout)")

        let retried = try await CLI.run(["scores", "--retry", "--library", library], environment: environment)
        #expect(retried.status == 0, "\(retried.stderr)")
        #expect(
            retried.stdout.contains("resolved: 2022-09-25 Xcel Energy Center: Colorado Avalanche 2, Minnesota Wild 3 (espn)"),
            "\(retried.stdout)")
        let after = try await CLI.run(["scores", "--library", library], environment: environment)
        #expect(after.stdout.contains("No visit is waiting for a score."))
        let providers = try await CLI.run(["providers", "--library", library], environment: environment)
        #expect(providers.stdout.contains("nhl-api-web: last error: nhl-api-web answered HTTP 500"), "\(providers.stdout)")
    }

    @Test("catalog update brings in the season in progress: games shows it, a photo of it imports, a failure keeps it")
    func catalogUpdateSequence() async throws {
        let server = try await FixtureServer.start()
        let environment = Self.environment(server)
        let photo = "TestImages/matching/season-in-progress.jpg"
        let before = try await CLI.run(["match", photo, "--library", library, "--format", "json"], environment: environment)
        #expect(before.status == 0 && !before.stdout.contains("game_mlb_2026_bos_nyy_0905"), "nothing to match before")
        let told = try await CLI.run(["match", photo, "--library", library], environment: environment)
        #expect(told.stdout.contains("`stadiumlog catalog update` fetches recent seasons"), "\(told.stdout)")
        #expect(!FileManager.default.fileExists(atPath: library), "match creates no library")
        let offlineFirst = try await CLI.run(["catalog", "update", "--library", library, "--offline"], environment: environment)
        #expect(offlineFirst.status == 0 && !FileManager.default.fileExists(atPath: library), "nothing to do: no library made")

        let updated = try await CLI.run(
            ["catalog", "update", "--league", "mlb", "--season", "2026", "--library", library],
            environment: environment)
        #expect(updated.status == 0, "\(updated.stderr)")
        #expect(
            updated.stdout.contains("game_mlb_2026_hou_laa_0820: the bundled index says 18-3, mlb-statsapi says 17-3"),
            "\(updated.stdout)")
        #expect(updated.stdout.contains("Catalog overlay revision 1: 10 games"), "8 added, 2 bundled with their start: \(updated.stdout)")
        let again = try await CLI.run(
            ["catalog", "update", "--league", "mlb", "--season", "2026", "--library", library],
            environment: environment)
        #expect(again.stdout.contains("Catalog overlay revision 2: 10 games"), "an update again keeps every game\n\(again.stdout)")

        let games = try await CLI.run(
            ["games", "--team", "Red Sox", "--on", "2026-09-05", "--library", library],
            environment: environment)
        #expect(games.stdout.contains("game_mlb_2026_bos_nyy_0905_1") && games.stdout.contains("7-2"), "\(games.stdout)")
        let imported = try await CLI.run(["import", photo, "--library", library, "--offline"], environment: environment)
        #expect(imported.status == 0, "\(imported.stderr)")
        let visits = try await CLI.run(["visits", "--library", library, "--format", "json"], environment: environment)
        #expect(visits.stdout.contains("game_mlb_2026_bos_nyy_0905_2") && visits.stdout.contains("mlb-statsapi"), "\(visits.stdout)")

        let overlay = URL(fileURLWithPath: library).appendingPathComponent("catalog-overlay.json")
        let kept = try Data(contentsOf: overlay)
        let offline = try await CLI.run(["catalog", "update", "--library", library, "--offline"], environment: environment)
        #expect(offline.status == 0 && offline.stdout.contains("Offline: nothing was fetched"))
        server.inject(.status(500), forPathsStartingWith: "/api/v1/schedule", count: 1_000)
        let failed = try await CLI.run(
            ["catalog", "update", "--league", "mlb", "--season", "2026", "--library", library],
            environment: environment)
        #expect(failed.status == 1 && failed.stderr.contains("MLB 2026 could not be fetched"), "\(failed.stderr)")
        #expect(try Data(contentsOf: overlay) == kept, "the overlay is as it was")
        let wrong = try await CLI.run(["catalog", "update", "--season", "20x6", "--library", library], environment: environment)
        #expect(wrong.status != 0 && wrong.stderr.contains("'20x6' is not a season"), "\(wrong.stderr)")
    }

    @Test("Two processes on one library share each provider's pace")
    func twoProcessesSharePace() async throws {
        let server = try await FixtureServer.start()
        let environment = Self.environment(server)
        server.inject(.status(500), forPathsStartingWith: "/v1/schedule", count: 1_000)
        // Each process asks ESPN for the day's games and then for the final: four requests at one a second at most.
        let arguments = ["import", "TestImages/matching/uncovered-preseason.jpg", "--library", library]
        let started = Date()
        async let first = CLI.run(arguments, environment: environment)
        async let second = CLI.run(arguments, environment: environment)
        let outputs = try await [first, second]
        #expect(outputs.allSatisfy { $0.status == 0 }, "\(outputs.map(\.stderr))")
        let rows = try store.rows()
        #expect(rows.visits == 1 && rows.photos == 1, "one visit, one photo, however the two imports interleaved")
        // Slots are 1 s apart and no request goes before its slot: the k-th arrival is k seconds after the start or
        // later, however the processes were scheduled (unpaced, they would arrive within milliseconds).
        let espn = server.requests.filter { $0.path.hasPrefix("/apis/") }.map(\.at).sorted()
        #expect(espn.count >= 3, "\(server.requests.map(\.path))")
        for (index, arrival) in espn.enumerated() {
            #expect(arrival.timeIntervalSince(started) >= Double(index) - 0.02, "ESPN's pace is one request a second")
        }
    }
}
