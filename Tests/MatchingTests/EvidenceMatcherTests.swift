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
