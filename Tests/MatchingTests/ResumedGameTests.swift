import Catalog
import Foundation
import Matching
import PhotoMetadata
import Testing
import TimeAndPlace

/// A suspended game is one game in two parts: a fan at the finish — days later, perhaps in another city — finds it as
/// surely as a fan at the start.
@Suite("Suspended games, found at either part")
struct ResumedGameTests {
    static let catalog = try! Catalog.bundled()
    static let tigersAthletics = GameID(rawValue: "game_mlb_2019_det_athletics_0519")
    static let coliseum = "stadium_mlb_oakland_alameda_county_coliseum"

    /// A phone photo 100 m from `venue`, at `hour`:`minute` of `day` on the venue's clock.
    static func photo(at venue: String, on day: String, hour: Int, minute: Int = 0, offsetHours: Int) throws -> PhotoMetadata {
        let place = try #require(catalog.venue(id: venue)?.coordinate)
        let date = try #require(LocalDate(day))
        let local = try #require(LocalDateTime(year: date.year, month: date.month, day: date.day, hour: hour, minute: minute))
        let capture = CaptureTime(local: local, utcOffset: UTCOffset(seconds: offsetHours * 3_600), source: .offsetTimeOriginal)
        return PhotoMetadata(
            format: .jpeg, capture: capture, location: GeoCoordinate(latitude: place.latitude + 0.0009, longitude: place.longitude))
    }

    @Test("The Tigers–Athletics game suspended in Detroit on 2019-05-19 was finished in Oakland on 2019-09-06")
    func tigersAthleticsResumption() throws {
        let game = try #require(Self.catalog.game(id: Self.tigersAthletics))
        #expect(game.venueId == "stadium_mlb_comerica_park" && game.localDate == LocalDate("2019-05-19"))
        let resumption = try #require(game.resumption)
        #expect(resumption.localDate == LocalDate("2019-09-06") && resumption.venueId == Self.coliseum)
        #expect(Self.catalog.resumption(of: Self.tigersAthletics) == resumption)
    }

    @Test("Every resumption names a game of the catalog, finished later, at a venue it knows; six in another park")
    func everyResumption() throws {
        var elsewhere = 0
        var count = 0
        for year in 2000...2024 {
            for day in stride(
                from: Int(LocalDate("\(year)-03-01")!.daysSinceEpoch), through: Int(LocalDate("\(year)-11-15")!.daysSinceEpoch), by: 1)
            {
                for game in Self.catalog.games(on: LocalDate(daysSinceEpoch: day), league: "mlb") {
                    guard let resumption = game.resumption else { continue }
                    count += 1
                    #expect(resumption.localDate > game.localDate, "\(game.id)")
                    #expect(Self.catalog.venue(id: resumption.venueId) != nil, "\(game.id)")
                    if resumption.venueId != game.venueId { elsewhere += 1 }
                }
            }
        }
        #expect(count == 54)
        #expect(elsewhere == 6)
    }

    @Test("A photo at the Coliseum on 2019-09-06 is offered the resumed game beside that night's; never matched to another")
    func photoAtTheFinish() throws {
        let matcher = GameMatcher(catalog: Self.catalog)
        let photo = try Self.photo(at: Self.coliseum, on: "2019-09-06", hour: 17, minute: 30, offsetHours: -7)
        let match = matcher.match(path: "finish.jpg", metadata: .success(photo))
        let offered = match.status == .matched ? [match.game?.id].compactMap { $0 } : match.candidates.map(\.game.id)
        #expect(offered.contains(Self.tigersAthletics), "\(match.status) \(offered)")
        if match.status == .matched { #expect(match.game?.id == Self.tigersAthletics) }
        // The start in Detroit is still found at the start.
        let start = try Self.photo(at: "stadium_mlb_comerica_park", on: "2019-05-19", hour: 14, offsetHours: -4)
        let atStart = matcher.match(path: "start.jpg", metadata: .success(start))
        let offeredAtStart = atStart.status == .matched ? [atStart.game?.id].compactMap { $0 } : atStart.candidates.map(\.game.id)
        #expect(offeredAtStart.contains(Self.tigersAthletics))
    }

    @Test("The GAME object of a resumed game says where and when it was finished")
    func reportSaysTheFinish() throws {
        let game = try #require(Self.catalog.game(id: Self.tigersAthletics))
        let json = String(decoding: try JSONEncoder().encode(GameJSON(game: game, catalog: Self.catalog)), as: UTF8.self)
        #expect(json.contains(#""resumed":{"#) && json.contains(#""localDate":"2019-09-06""#) && json.contains(Self.coliseum))
        let plain = try #require(Self.catalog.games(on: LocalDate("2019-05-20")!, league: "mlb").first { $0.resumption == nil })
        #expect(
            !String(decoding: try JSONEncoder().encode(GameJSON(game: plain, catalog: Self.catalog)), as: UTF8.self).contains("resumed"))
    }
}
