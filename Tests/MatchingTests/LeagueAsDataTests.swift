import Catalog
import Foundation
import Matching
import PhotoMetadata
import Testing
import TimeAndPlace

/// A league is data: a catalog directory with one more league record, its teams and its games file is matched,
/// looked up, labelled and counted by code that has never heard of it.
@Suite("Leagues are data")
struct LeagueAsDataTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The bundled catalog plus `xyz`, a made-up spring football league of two teams, with one game on Sunday
    /// 2024-03-10 at 14:00 Central (19:00 UTC; no MLB game that day) at AT&T Stadium, Arlington.
    static func catalogWithAnotherLeague() throws -> Catalog {
        let bundled = packageRoot.appendingPathComponent("Sources/Catalog/Resources/Catalog")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-league-\(UUID())")
        try FileManager.default.copyItem(at: bundled, to: directory)
        defer { try? FileManager.default.removeItem(at: directory) }

        func append(_ records: [[String: Any]], to name: String) throws {
            let url = directory.appendingPathComponent(name)
            let list = try #require(JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [Any])
            try JSONSerialization.data(withJSONObject: list + records).write(to: url)
        }
        try append(
            [
                [
                    "id": "xyz", "displayName": "XYZ", "name": "XYZ Football League", "sport": "football",
                    "seasonStartMonth": 3, "seasonSpansYears": false, "color": "#884488",
                    "providers": [["provider": "espn", "path": "football/xyz"]],
                    "structure": ["arl", "bir"].map { code in
                        ["team": "team_xyz_\(code)", "conference": "XFC", "division": "XFC South", "from": 2024, "to": NSNull()]
                    },
                ]
            ], to: "leagues.json")
        try append(
            [("arl", "Arlington Examples", "Arlington"), ("bir", "Birmingham Samples", "Birmingham")].map { code, name, city in
                [
                    "id": "team_xyz_\(code)", "sport": "xyz",
                    "names": [["name": name, "city": city, "from": "2024-01-01", "to": NSNull()]],
                    "aliases": [["alias": name, "kind": "name", "from": "2024-01-01", "to": NSNull()]],
                ]
            }, to: "teams.json")
        let games = [
            "#stadiumlog-games 3",
            "#date\tgameNumber\tvenue\thome\taway\thomeScore\tawayScore\tstartUTC\tdayNight\tseasonType\tseason\tneutralSite\tsource\tminutes",
            "@venue\tstadium_nhl_att_stadium", "@team\tteam_xyz_arl\tteam_xyz_bir", "@source\ttest",
            "20240310\t0\t0\t0\t1\t24\t17\t1710097200\t-\tR\t2024\t0\t0\t-",
        ]
        try (games.joined(separator: "\n") + "\n").write(
            to: directory.appendingPathComponent("games-xyz.tsv"), atomically: true, encoding: .utf8)
        return try Catalog(directory: directory)
    }

    @Test("A league added as data is matched, found by id, labelled and counted, with no code of its own")
    func addedLeague() throws {
        let catalog = try Self.catalogWithAnotherLeague()
        let league = try #require(catalog.league("xyz"))
        #expect(catalog.leagues.map(\.id) == (try Catalog.bundled().leagues.map(\.id) + ["xyz"]).sorted())
        #expect(league.season(of: LocalDate("2024-03-31")!) == 2024 && league.season(of: LocalDate("2025-02-10")!) == 2024)
        #expect(league.seasonLabel(2024) == "2024")
        #expect(catalog.divisions(of: "xyz", in: 2024).map(\.id) == ["xyz_xfc_south"])

        let photo = PhotoMetadata(
            format: .jpeg,
            capture: CaptureTime(
                local: LocalDateTime(year: 2024, month: 3, day: 10, hour: 15, minute: 30)!,
                utcOffset: UTCOffset(seconds: -5 * 3_600), source: .offsetTimeOriginal),
            location: GeoCoordinate(latitude: 32.74778, longitude: -97.09278))
        let match = GameMatcher(catalog: catalog).match(path: "xyz.jpg", metadata: .success(photo))
        #expect(match.status == .matched)
        let game = try #require(match.game)
        #expect(game.id == "game_xyz_2024_arl_bir_0310" && game.league == "xyz")
        #expect(catalog.game(id: game.id)?.homeScore == 24)
        #expect(GameMatcher(catalog: catalog, league: "mlb").match(path: "xyz.jpg", metadata: .success(photo)).game == nil)
        #expect(catalog.coverage().contains { $0.league == "xyz" && $0.season == 2024 && $0.games == 1 && $0.withScores == 1 })
    }
}
