import Foundation
import Testing

/// The people on the field, as a fan meets them through the command line: real games added as visits, `visits show`
/// naming who played, and `players` counting everyone seen start — across leagues, with honours, and saying which of
/// the fan's games the catalog names nobody in.
@Suite("Players: who was on the field")
struct PlayersTests {
    typealias Library = LibraryProcessTests.Library

    /// Two Braves–Red Sox games of June 2015 (David Ortiz at DH in both), the Shot Heard 'Round the World, the Jets'
    /// 2015 opener, and Game 7 of the 2025 World Series (a season the catalog's sources name nobody in).
    static let games = [
        "game_mlb_2015_bos_atl_0615", "game_mlb_2015_bos_atl_0616", "game_mlb_1951_sf_lad_1003", "game_nfl_2015_nyj_cle_0913",
        "game_mlb_2025_tor_lad_1101",
    ]

    func library(with games: [String] = Self.games) async throws -> Library {
        let library = Library()
        for game in games {
            let added = try await CLI.run(["visits", "add", "--game", game, "--library", library.folder.path])
            #expect(added.status == 0, "\(game): \(added.stderr)")
        }
        return library
    }

    func visitId(of game: String, in library: Library) async throws -> String {
        let listed = try await CLI.run(["visits", "--format", "json", "--library", library.folder.path])
        let visits = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        return try #require(visits.first { $0["gameId"] as? String == game }?["id"] as? String)
    }

    @Test("players: everyone seen start, most often first (a Hall of Famer ahead on a tie), managers apart, the coverage said")
    func playersSeen() async throws {
        let library = try await library()
        let path = library.folder.path
        let text = try await CLI.run(["players", "--library", path])
        #expect(text.status == 0, "\(text.stderr)")
        #expect(text.stdout.hasPrefix("The catalog names who played in 4 of your 5 games: 1 is in a season or league"))
        #expect(
            text.stdout.contains(
                "You saw David Ortiz start twice, first on 2015-06-15 (Atlanta Braves at Boston Red Sox, Fenway Park, 2015-06-15)"))
        #expect(text.stdout.contains("Managers and head coaches"))

        let json = try await CLI.run(["players", "--format", "json", "--library", path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let players = try #require(object["players"] as? [[String: Any]])
        let managers = try #require(object["managers"] as? [[String: Any]])
        #expect(object["gamesWithLineups"] as? Int == 4 && object["gamesWithout"] as? Int == 1)
        let ortiz = try #require(players.first { $0["name"] as? String == "David Ortiz" })
        #expect(
            ortiz["games"] as? Int == 2 && ortiz["starts"] as? Int == 2 && ortiz["league"] as? String == "mlb"
                && ortiz["id"] as? String == "ortid001")
        #expect((ortiz["honours"] as? [String])?.contains("Hall of Fame 2022") == true)
        #expect((ortiz["first"] as? [String: Any])?["gameId"] as? String == "game_mlb_2015_bos_atl_0615")
        #expect(players.first?["name"] as? String == "David Ortiz", "two starts and the Hall: first")
        // A starting quarterback is a start; a pitcher's decisions are counted; a head coach is among the managers.
        #expect(players.contains { $0["name"] as? String == "Ryan Fitzpatrick" && $0["league"] as? String == "nfl" })
        #expect(players.contains { $0["name"] as? String == "Sal Maglie" && $0["games"] as? Int == 1 })
        #expect(
            managers.contains { $0["name"] as? String == "Todd Bowles" } && managers.contains { $0["name"] as? String == "Leo Durocher" })
        #expect(!players.contains { $0["name"] as? String == "Leo Durocher" }, "a manager who did not play is not a start")
        let jansen = try #require(players.first { $0["name"] as? String == "Larry Jansen" }, "the winning pitcher, in relief")
        #expect(jansen["wins"] as? Int == 1 && jansen["starts"] as? Int == 0 && jansen["games"] as? Int == 1)
        #expect(text.stdout.contains("Larry Jansen "), "a reliever who won is listed with his win")

        let honoured = try await CLI.run(["players", "--honoured", "--league", "mlb", "--format", "json", "--library", path])
        let few = try #require(try JSONSerialization.jsonObject(with: Data(honoured.stdout.utf8)) as? [String: Any])
        let listed = try #require(few["players"] as? [[String: Any]])
        #expect(!listed.isEmpty && listed.allSatisfy { !(($0["honours"] as? [String]) ?? []).isEmpty && $0["league"] as? String == "mlb" })
        #expect(listed.contains { $0["name"] as? String == "Jackie Robinson" })

        let limited = try await CLI.run(["players", "--limit", "-3", "--library", path])
        #expect(limited.status != 0 && limited.stderr.contains("--limit"), "\(limited.stderr)")
    }

    @Test("visits show names who played, in words and in its JSON; a game of a season without lineups says nothing of it")
    func visitShowsTheField() async throws {
        let library = try await library(with: ["game_nfl_2015_nyj_cle_0913", "game_mlb_1951_sf_lad_1003", "game_mlb_2025_tor_lad_1101"])
        let path = library.folder.path
        let jets = try await CLI.run([
            "visits", "show", try await visitId(of: "game_nfl_2015_nyj_cle_0913", in: library), "--library", path,
        ])
        #expect(jets.stdout.contains("On the field (from nflverse's games)"))
        #expect(jets.stdout.contains("New York Jets, starting quarterback: Ryan Fitzpatrick"))
        #expect(jets.stdout.contains("Cleveland Browns, head coach: Mike Pettine"))

        let giants = try await visitId(of: "game_mlb_1951_sf_lad_1003", in: library)
        let shown = try await CLI.run(["visits", "show", giants, "--library", path])
        #expect(
            shown.stdout.contains(
                "New York Giants: Eddie Stanky 2B, Al Dark SS, Don Mueller RF, Monte Irvin LF, Whitey Lockman 1B, Bobby Thomson 3B, Willie Mays CF, Wes Westrum C, Sal Maglie P"
            ))
        #expect(shown.stdout.contains("Winning pitcher: Larry Jansen") && shown.stdout.contains("Losing pitcher: Ralph Branca"))
        #expect(shown.stdout.contains("Hall of Famers: ") && shown.stdout.contains("Willie Mays (1979)"))
        let json = try await CLI.run(["visits", "show", giants, "--format", "json", "--library", path])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let lineup = try #require(object["lineup"] as? [String: Any])
        let home = try #require(lineup["home"] as? [String: Any])
        #expect((home["starter"] as? [String: Any])?["name"] as? String == "Sal Maglie")
        #expect(object["moments"] != nil && object["gameId"] as? String == "game_mlb_1951_sf_lad_1003", "the visit's keys kept")

        let recent = try await visitId(of: "game_mlb_2025_tor_lad_1101", in: library)
        let nobody = try await CLI.run(["visits", "show", recent, "--library", path])
        #expect(nobody.status == 0 && !nobody.stdout.contains("On the field"))
        let recentJSON = try await CLI.run(["visits", "show", recent, "--format", "json", "--library", path])
        #expect(!recentJSON.stdout.contains("\"lineup\""))
    }

    @Test("Only games the sources name nobody in: nobody listed, and why; no library: an error, and none made")
    func nobodyNamed() async throws {
        let library = try await library(with: ["game_mlb_2025_tor_lad_1101"])
        let listed = try await CLI.run(["players", "--library", library.folder.path])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.hasPrefix("The catalog names who played in 0 of your 1 game: 1 is in a season or league"))
        #expect(!listed.stdout.contains("Players you saw start"))

        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-none-\(UUID())")
        let none = try await CLI.run(["players", "--library", missing.path])
        #expect(none.status != 0 && none.stderr.contains("there is no library at \(missing.path)"), "\(none.stderr)")
        #expect(!FileManager.default.fileExists(atPath: missing.path), "a command that only reads makes nothing")
    }
}
