import Foundation
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

    @Test("--set takes a score like 5-3 and a visit that exists; anything else is refused with a reason")
    func setValidation() throws {
        let malformed = try CLI.run("scores", "--library", library, "--set", "some-visit", "five-three")
        #expect(malformed.status != 0 && malformed.stderr.contains("--set needs a score like 5-3"))
        let unknown = try CLI.run("scores", "--library", library, "--set", "no-such-visit", "5-3")
        #expect(unknown.status != 0 && unknown.stderr.contains("no-such-visit"))
    }
}
