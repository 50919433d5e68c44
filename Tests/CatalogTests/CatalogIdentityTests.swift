import Foundation
import Testing
import TimeAndPlace

@testable import Catalog

@Suite("Catalog identity: ids, names on dates, buildings, tenants")
struct CatalogIdentityTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let catalog = try! Catalog.bundled()
    var catalog: Catalog { Self.catalog }

    func day(_ text: String) -> LocalDate { LocalDate(text)! }

    @Test("A photo's time as the venue's clock read it: a phone on European time at a 20:50 game in Boston")
    func wallClockAtVenue() {
        let taken = LocalDateTime(exifString: "2015:06:16 02:50:00")!
        let fenway = "stadium_mlb_fenway_park"
        #expect(catalog.wallClock(at: fenway, of: taken, offset: UTCOffset(seconds: 2 * 3_600)).iso8601 == "2015-06-15T20:50:00")
        #expect(catalog.wallClock(at: fenway, of: taken, offset: nil) == taken, "no offset: the camera's clock is the venue's")
        #expect(catalog.wallClock(at: nil, of: taken, offset: UTCOffset(seconds: 2 * 3_600)) == taken)
    }

    @Test("Name keys: the ASCII path gives what Foundation's folding gives, for every name in the catalog and typed forms")
    func nameKeys() {
        func folded(_ text: String) -> String {
            String(
                text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).replacingOccurrences(of: "&", with: "and")
                    .unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII }.map(Character.init))
        }
        let catalog = Self.catalog
        var names: [String] = ["AT&T Park", "at & t PARK", "  Fenway\tPark!! ", "Stade Olympique", "Montréal", "Ñandú 2", "", "&&"]
        for venue in catalog.venues { names += venue.names.map(\.name) + venue.aliases.map(\.name) + [venue.city ?? ""] }
        for team in catalog.teams { names += team.aliases.map(\.alias) }
        #expect(names.count > 1_000)
        for name in names { #expect(NameKey.make(name) == folded(name), "\(name)") }
        #expect(NameKey.make("AT&T Park") == "atandtpark" && NameKey.make("Montréal") == "montreal")
    }

    @Test("A name less its place, for a narrow table: never half a place")
    func nicknames() {
        let cases: [(String, String, String)] = [
            ("Boston Red Sox", "team_mlb_bos", "Red Sox"),
            ("New England Patriots", "team_nfl_ne", "Patriots"),
            ("San Jose Sharks", "team_nhl_sjs", "Sharks"),
            ("Minnesota Wild", "team_nhl_min", "Minnesota Wild"),
            ("Kansas City-Omaha Kings", "team_nba_sac", "Kings"),
            ("Not a name of theirs", "team_mlb_bos", "Not a name of theirs"),
        ]
        for (name, team, nickname) in cases {
            #expect(catalog.nickname(of: name, team: TeamID(rawValue: team)) == nickname, "\(name)")
        }
    }

    @Test("Ids follow the canonical formats")
    func idFormats() throws {
        let leagues = catalog.leagues.map(\.id.rawValue).joined(separator: "|")
        let venue = try Regex("^stadium_(\(leagues))_[a-z0-9_]+$")
        let team = try Regex("^team_(\(leagues))_[a-z0-9]+$")
        let game = try Regex("^game_(\(leagues))_[0-9]{4}_[a-z0-9]+_[a-z0-9]+_[0-9]{4}(_[12])?$")
        #expect(catalog.venues.allSatisfy { $0.id.wholeMatch(of: venue) != nil })
        #expect(catalog.teams.allSatisfy { $0.id.rawValue.wholeMatch(of: team) != nil })
        var ids = Set<GameID>()
        for table in catalog.tables {
            let league = table.league
            for record in table.allRecords {
                let id = catalog.game(from: record, in: table).id
                #expect(id.rawValue.wholeMatch(of: game) != nil, "\(league): \(id)")
                #expect(ids.insert(id).inserted, "duplicate game id \(id)")
            }
        }
        #expect(ids.count > 200_000)
    }

    @Test("Foreign keys hold: games' venues and teams, tenants' teams")
    func foreignKeys() {
        for table in catalog.tables {
            for record in table.allRecords {
                #expect(Int(record.venue) < catalog.venues.count)
                #expect(catalog.teams[Int(record.home)].league == table.league)
                #expect(catalog.teams[Int(record.away)].league == table.league)
            }
        }
        for venue in catalog.venues {
            for tenant in venue.tenants {
                if let team = tenant.teamId { #expect(catalog.team(id: team)?.league == tenant.league, "\(venue.id): \(team)") }
            }
        }
    }

    @Test("A venue's leagues include every league that played there (a one-off site through its neutral tenancy)")
    func venueLeagues() {
        var played: [Int: Set<LeagueID>] = [:]
        for table in catalog.tables { for record in table.allRecords { played[Int(record.venue), default: []].insert(table.league) } }
        for (venue, leagues) in played {
            #expect(catalog.venues[venue].leagues.isSuperset(of: leagues), "\(catalog.venues[venue].id)")
        }
    }

    @Test("Staples Center and Crypto.com Arena: one building, the right name on each side of 2021-12-25")
    func staplesCryptoRename() throws {
        let byOld = catalog.venues(named: "Staples Center", on: day("2021-12-25"))
        let byNew = catalog.venues(named: "crypto.com arena", on: day("2015-01-01"))
        #expect(byOld.map(\.id) == ["stadium_nba_crypto_com_arena"])
        #expect(byNew.map(\.id) == byOld.map(\.id))
        let arena = try #require(byOld.first)
        #expect(arena.name(on: day("2021-12-24")) == "Staples Center")
        #expect(arena.name(on: day("2021-12-25")) == "Crypto.com Arena")
        #expect(arena.currentName == "Crypto.com Arena")
    }

    @Test("SBC Park, Pacific Bell Park and AT&T Park are the Giants' park, named by date")
    func giantsPark() throws {
        for name in ["SBC Park", "Pacific Bell Park", "AT&T Park", "at&t park", "Oracle Park", "oracle-park"] {
            #expect(catalog.venues(named: name).map(\.id) == ["stadium_mlb_oracle_park"], "\(name)")
        }
        let park = try #require(catalog.venue(id: "stadium_mlb_oracle_park"))
        #expect(park.name(on: day("2001-07-04")) == "Pacific Bell Park")
        #expect(park.name(on: day("2005-07-04")) == "SBC Park")
        #expect(park.name(on: day("2010-07-04")) == "AT&T Park")
        #expect(park.name(on: day("2019-07-04")) == "Oracle Park")
        #expect(park.tenants.contains { $0.teamId == "team_mlb_sf" && $0.isHome })
    }

    @Test(
        "Two Yankee Stadiums, each the only one in use on its dates",
        arguments: [
            ("2007-06-15", "stadium_mlb_yankee_stadium_1923"), ("2010-06-15", "stadium_mlb_yankee_stadium"),
        ])
    func yankeeStadiums(date: String, expected: String) {
        #expect(catalog.venues(named: "Yankee Stadium", on: day(date)).map(\.id) == [expected])
        let open = catalog.venues(activeOn: day(date), league: "mlb").filter { $0.id.hasPrefix("stadium_mlb_yankee_stadium") }
        #expect(open.map(\.id) == [expected])
    }

    @Test(
        "Shea Stadium and Citi Field: each in use only on its side of 2009, and the Mets at home there",
        arguments: [
            (2008, "stadium_mlb_shea_stadium", "stadium_mlb_citi_field"),
            (2009, "stadium_mlb_citi_field", "stadium_mlb_shea_stadium"),
        ])
    func sheaAndCiti(year: Int, open: String, closed: String) {
        let active = Set(catalog.venues(activeOn: day("\(year)-06-15")).map(\.id))
        #expect(active.contains(open) && !active.contains(closed))
        let homeGames = (1...30).flatMap { catalog.games(ofTeam: "team_mlb_nym", on: day(String(format: "%d-06-%02d", year, $0))) }
            .filter { $0.homeTeamId == "team_mlb_nym" }
        #expect(!homeGames.isEmpty && homeGames.allSatisfy { $0.venueId == open })
    }

    @Test("The Athletics' 2025 home is Sutter Health Park, under the same franchise id as in Oakland")
    func athletics2025() throws {
        let sutter = try #require(catalog.venue(id: "stadium_mlb_sutter_health_park"))
        #expect(sutter.tenants.contains { $0.teamId == "team_mlb_athletics" && $0.isHome && $0.isValid(on: day("2025-06-15")) })
        #expect(catalog.teams(matching: "Oakland Athletics", on: day("2010-06-15")).map(\.id) == ["team_mlb_athletics"])
        #expect(catalog.team(id: "team_mlb_athletics")?.name(on: day("1953-06-15")) == "Philadelphia Athletics")
        let homeGames2025 = (1...30).flatMap { d in
            catalog.games(ofTeam: "team_mlb_athletics", on: day(String(format: "2025-06-%02d", d)))
        }.filter { $0.homeTeamId == "team_mlb_athletics" }
        #expect(!homeGames2025.isEmpty)
        #expect(homeGames2025.allSatisfy { $0.venueId == sutter.id })
    }

    @Test("Shared arenas list all their tenants")
    func sharedArenas() throws {
        let crypto = try #require(catalog.venue(id: "stadium_nba_crypto_com_arena"))
        #expect(
            Set(crypto.tenants.filter(\.isHome).compactMap(\.teamId))
                == ["team_nba_lal", "team_nba_lac", "team_nhl_lak"])
        let garden = try #require(catalog.venue(id: "stadium_nba_td_garden"))
        #expect(Set(garden.tenants.filter(\.isHome).compactMap(\.teamId)).isSuperset(of: ["team_nba_bos", "team_nhl_bos"]))
        #expect(garden.leagues == ["nba", "nhl"])
    }

    @Test("Teams resolve by alias on a date, across relocations")
    func teamAliases() {
        #expect(catalog.teams(matching: "MON", on: day("1994-06-01"), league: "mlb").map(\.id) == ["team_mlb_wsh"])
        #expect(catalog.teams(matching: "Seattle SuperSonics", on: day("2005-01-01")).map(\.id) == ["team_nba_okc"])
        #expect(catalog.teams(matching: "Atlanta Thrashers", on: day("2005-01-01")).map(\.id) == ["team_nhl_wpg"])
        #expect(
            catalog.teams(matching: "BOS", on: day("2015-06-15")).map(\.id).sorted()
                == ["team_mlb_bos", "team_nba_bos", "team_nhl_bos"])
        #expect(catalog.team(id: "team_nhl_ari")?.name(on: day("2010-01-01")) == "Phoenix Coyotes")
    }

    @Test("Doubleheaders have distinct game ids and numbers")
    func doubleheader() {
        let games = catalog.games(atVenue: "stadium_mlb_county_stadium", on: day("1961-10-01"))
        #expect(games.map(\.id) == ["game_mlb_1961_atl_sf_1001_1", "game_mlb_1961_atl_sf_1001_2"])
        #expect(games.map(\.gameNumber) == [1, 2])
        #expect(games.map(\.awayScore) == [8, 2])
        #expect(catalog.game(id: "game_mlb_1961_atl_sf_1001_2")?.homeScore == 3)
    }

    @Test("Every venue has a valid time zone; every venue with games has coordinates, except the listed ones")
    func coordinatesAndTimeZones() throws {
        // docs/DATA.md, "Venues without coordinates", lists their ids and says why each is there.
        let data = try String(contentsOf: Self.packageRoot.appendingPathComponent("docs/DATA.md"), encoding: .utf8)
        let section = try #require(data.components(separatedBy: "- **Venues without coordinates**").dropFirst().first)
        let paragraph = section.components(separatedBy: "\n- ").first ?? section
        let documentedWithoutCoordinates = Set(paragraph.matches(of: /`(stadium_[a-z0-9_]+)`/).map { String($0.1) })
        var withGames = Set<String>()
        for table in catalog.tables {
            for record in table.allRecords { withGames.insert(catalog.venues[Int(record.venue)].id) }
        }
        let missing = Set(catalog.venues.filter { withGames.contains($0.id) && $0.coordinate == nil }.map(\.id))
        #expect(missing == documentedWithoutCoordinates)
        for venue in catalog.venues {
            #expect(TimeZone(identifier: venue.timeZone) != nil, "\(venue.id): \(venue.timeZone)")
        }
    }

    @Test("Venues near a point, by distance")
    func nearby() throws {
        let fenway = try #require(GeoCoordinate(latitude: 42.3467, longitude: -71.0972))
        let near = catalog.venues(near: fenway, within: 5_000)
        #expect(near.first?.venue.id == "stadium_mlb_fenway_park")
        #expect(near.contains { $0.venue.id == "stadium_nba_td_garden" })
        #expect(near.allSatisfy { $0.distance <= 5_000 })
        #expect(zip(near, near.dropFirst()).allSatisfy { $0.distance <= $1.distance })
    }
}
