import Catalog
import Evidence
import Foundation
import Testing
import TimeAndPlace

@testable import Matching

/// The rules evidence is judged by (docs/EVIDENCE.md), on real games: a stay counts like photos there then, only when
/// sure; a calendar event only as a ticket; a schedule never.
@Suite("Evidence matching: stays, check-ins and calendar events by the photo rules")
struct EvidenceMatcherTests {
    static let catalog = try! Catalog.bundled()
    static let matcher = EvidenceMatcher(matcher: GameMatcher(catalog: catalog))
    static let fenway = GeoCoordinate(latitude: 42.346676, longitude: -71.097221)!

    static func at(_ text: String) -> Date { ISO8601DateFormatter().date(from: text)! }

    func stay(_ kind: EvidenceKind, _ start: String, _ end: String, name: String? = nil, sure: Bool = true) -> EvidenceMatch {
        Self.matcher.match(
            Sighting(
                kind: kind, source: "t", start: Self.at(start), end: Self.at(end), location: Self.fenway, placeName: name, isSure: sure))
    }

    @Test("a stay through a night game is that game; short, doubted, whole-day or named-elsewhere stays are not")
    func stays() {
        let game = "game_mlb_2015_bos_atl_0615"
        #expect(stay(.dwell, "2015-06-15T22:40:00Z", "2015-06-16T02:30:00Z").game?.id.rawValue == game)
        #expect(stay(.placeVisit, "2015-06-15T22:40:00Z", "2015-06-16T02:30:00Z", name: "Fenway Park").game?.id.rawValue == game)
        let short = stay(.dwell, "2015-06-15T23:00:00Z", "2015-06-15T23:20:00Z")
        #expect(short.status == .needsConfirmation && short.reason == .shortStay)
        let doubted = stay(.placeVisit, "2015-06-15T22:40:00Z", "2015-06-16T02:30:00Z", sure: false)
        #expect(doubted.status == .needsConfirmation && doubted.reason == .doubtful)
        let allDay = stay(.dwell, "2015-06-15T12:00:00Z", "2015-06-16T03:00:00Z")
        #expect(allDay.status == .needsConfirmation && allDay.reason == .longStay)
        let bar = stay(.placeVisit, "2015-06-15T22:40:00Z", "2015-06-16T02:30:00Z", name: "Bleacher Bar")
        #expect(bar.status == .unmatched && bar.reason == .anotherPlace)
        let morning = stay(.dwell, "2015-06-15T13:00:00Z", "2015-06-15T15:00:00Z")
        #expect(morning.status == .unmatched)
        let checkIn = stay(.checkIn, "2015-06-15T23:02:00Z", "2015-06-15T23:02:00Z", name: "Fenway Park")
        #expect(checkIn.game?.id.rawValue == game)
    }

    static func event(_ summary: String, location: String?, _ start: CalendarEvent.Start, transparent: Bool = false) -> CalendarEvent {
        var event = CalendarEvent(source: "c.ics", summary: summary, location: location, start: start)
        event.isTransparent = transparent
        return event
    }

    @Test("a ticket counts; teams and a day ask; a wrong venue or time asks; a dinner is nothing")
    func events() {
        let ticket = Self.event(
            "Atlanta Braves at Boston Red Sox", location: "Fenway Park, Boston", .instant(Self.at("2015-06-16T17:05:00Z")))
        #expect(Self.matcher.match(ticket).game?.id.rawValue == "game_mlb_2015_bos_atl_0616")
        let day = Self.event("Red Sox vs Braves", location: nil, .day(LocalDate(year: 2015, month: 6, day: 16)!))
        #expect(Self.matcher.match(day).status == .needsConfirmation)
        #expect(Self.matcher.match(day).reason == .teamsAndDateOnly)
        let elsewhere = Self.event("Braves at Red Sox", location: "Cask 'n Flagon", .instant(Self.at("2015-06-16T17:05:00Z")))
        #expect(Self.matcher.match(elsewhere).status == .needsConfirmation)
        let late = Self.event("Braves at Red Sox", location: "Fenway Park", .instant(Self.at("2015-06-17T09:00:00Z")))
        #expect(Self.matcher.match(late).status != .matched)
        let floating = Self.event(
            "Braves at Red Sox", location: "Fenway Park", .floating(LocalDateTime(year: 2015, month: 6, day: 16, hour: 13, minute: 5)!))
        #expect(Self.matcher.match(floating).status == .matched)
        let dinner = Self.event("Dinner near Fenway", location: "Eastern Standard", .instant(Self.at("2015-06-16T23:00:00Z")))
        #expect(Self.matcher.match(dinner).status == .unmatched && Self.matcher.match(dinner).reason == .noGameNamed)
    }

    @Test("a team's schedule (home and away games, or timed events marked free) is nothing; a season ticket's home games count")
    func schedules() throws {
        let team = try #require(Self.catalog.team(id: TeamID(rawValue: "team_mlb_bos")))
        let days = (0..<90).map { LocalDate(year: 2015, month: 6, day: 1)!.adding(days: $0) }
        let games = days.flatMap { Self.catalog.games(ofTeam: team.id, on: $0) }
        let home = games.filter { $0.homeTeamId == team.id }.prefix(8)
        let mixed = Array(home.prefix(4)) + games.filter { $0.awayTeamId == team.id }.prefix(4)
        func events(_ games: [Game], file: String) -> [CalendarEvent] {
            games.map { game in
                var event = Self.event(
                    "\(Self.catalog.teamName(game.awayTeamId, on: game.localDate)) at \(Self.catalog.teamName(game.homeTeamId, on: game.localDate))",
                    location: Self.catalog.venue(id: game.venueId)?.name(on: game.localDate),
                    .instant(
                        game.startUTC
                            ?? Date(timeIntervalSince1970: Double(game.localDate.daysSinceEpoch * 86_400 + 17 * 3_600 + 5 * 60 + 4 * 3_600))
                    ))
                event.source = file
                return event
            }
        }
        var found = EvidenceReader.Found()
        found.events = events(mixed, file: "schedule.ics") + events(Array(home), file: "tickets.ics")
        let matches = Self.matcher.match(found)
        #expect(matches.filter { $0.source == "schedule.ics" }.allSatisfy { $0.reason == .schedule })
        #expect(matches.filter { $0.source == "tickets.ics" }.allSatisfy { $0.reason != .schedule })
        let free = Self.event("Braves at Red Sox", location: "Fenway Park", .instant(Self.at("2015-06-16T17:05:00Z")), transparent: true)
        found.events = [free]
        #expect(Self.matcher.match(found).first?.reason == .schedule)
    }
}

/// What a first trial as a new user found: names as services shorten or translate them, unnamed places beside a park,
/// tickets that use a team's short name, and a doubleheader's two tickets.
@Suite("Evidence matching: names, unnamed places and tickets as fans' files write them")
struct EvidenceNamesTests {
    static let catalog = EvidenceMatcherTests.catalog
    static let matcher = EvidenceMatcherTests.matcher
    static let at = EvidenceMatcherTests.at

    func stay(_ name: String?, at position: GeoCoordinate, _ start: String, _ end: String) -> EvidenceMatch {
        Self.matcher.match(
            Sighting(kind: .placeVisit, source: "t", start: Self.at(start), end: Self.at(end), location: position, placeName: name))
    }

    @Test("a venue's name as services shorten it counts; a bar's, a word like 'Stadium' alone, or another venue's do not")
    func shortenedNames() throws {
        let angels = try #require(Self.catalog.venue(id: "stadium_mlb_angel_stadium_of_anaheim"))
        #expect(angels.isNamed(in: "Angel Stadium") && angels.isNamed(in: "Angel Stadium of Anaheim, 2000 Gene Autry Way"))
        #expect(!angels.isNamed(in: "Stadium") && !angels.isNamed(in: "Angel Stadium Parking Lot") && !angels.isNamed(in: "Dodger Stadium"))
        let oakland = try #require(Self.catalog.venue(id: "stadium_mlb_oakland_alameda_county_coliseum"))
        #expect(oakland.isNamed(in: "Oakland Coliseum"))
        let fenway = try #require(Self.catalog.venue(id: "stadium_mlb_fenway_park"))
        #expect(!fenway.isNamed(in: "Cask 'n Flagon") && !fenway.isNamed(in: "Fenway Johnnie's") && !fenway.isNamed(in: "Park"))
        #expect(!Venue.canCompare("ドジャー・スタジアム") && Venue.canCompare("Estadio Dodger"))
    }

    @Test("a name in another script tells nothing: the place visit is judged by its pin, like an unnamed one")
    func otherScript() {
        let dodgers = GeoCoordinate(latitude: 34.07368, longitude: -118.24053)!
        let visit = stay("ドジャー・スタジアム", at: dodgers, "2019-07-21T01:30:00Z", "2019-07-21T05:00:00Z")
        #expect(visit.status == .matched, "\(visit)")
    }

    @Test("an unnamed place visit at the pin counts; one 134 m away (the bar across the street?) is asked")
    func unnamedPlaces() {
        let atPin = stay(nil, at: EvidenceMatcherTests.fenway, "2016-06-17T22:40:00Z", "2016-06-18T02:30:00Z")
        #expect(atPin.status == .matched && atPin.game?.id.rawValue == "game_mlb_2016_bos_sea_0617")
        let cask = GeoCoordinate(latitude: 42.34788, longitude: -71.09646)!
        let beside = stay(nil, at: cask, "2016-06-17T22:40:00Z", "2016-06-18T02:30:00Z")
        #expect(beside.status == .needsConfirmation && beside.reason == .placeNotNamed, "\(beside)")
        #expect(beside.candidates.map(\.id.rawValue) == ["game_mlb_2016_bos_sea_0617"])
    }

    @Test("tickets naming teams by their short names, and each of a doubleheader's two tickets, count for their games")
    func tickets() {
        let angels = EvidenceMatcherTests.event(
            "Mariners at Angels", location: "Angel Stadium", .instant(Self.at("2019-07-13T02:07:00Z")))
        #expect(Self.matcher.match(angels).game?.id.rawValue == "game_mlb_2019_laa_sea_0712")
        let eastern = TimeZone(identifier: "America/New_York")!
        for (time, game) in [(13, "game_mlb_2019_bos_tb_0608_1"), (19, "game_mlb_2019_bos_tb_0608_2")] {
            let local = LocalDateTime(year: 2019, month: 6, day: 8, hour: time, minute: 10)!
            let instant = Date(
                timeIntervalSince1970: local.wallClockSeconds - Double(eastern.secondsFromGMT(for: Self.at("2019-06-08T12:00:00Z"))))
            let ticket = EvidenceMatcherTests.event("Rays at Red Sox", location: "Fenway Park, Boston", .instant(instant))
            #expect(Self.matcher.match(ticket).game?.id.rawValue == game, "\(time):10")
        }
        let day = EvidenceMatcherTests.event("Rays at Red Sox", location: "Fenway Park", .day(LocalDate(year: 2019, month: 6, day: 8)!))
        #expect(Self.matcher.match(day).status == .needsConfirmation && Self.matcher.match(day).candidates.count == 2)
    }
}
