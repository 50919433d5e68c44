import Catalog
import Testing
import TimeAndPlace
import VisitStore

@testable import UseCases

/// A visit of a suspended game says which part the fan saw: the venue and day of the finish when the photo was taken
/// then, the start otherwise.
@Suite("The part of a suspended game a visit keeps")
struct ResumedVisitTests {
    static let game = LibraryTests.catalog.game(id: GameID(rawValue: "game_mlb_2019_det_athletics_0519"))!

    static func photo(_ day: String, _ hour: Int) -> VisitPhoto {
        let date = LocalDate(day)!
        return VisitPhoto(
            sha256: String(repeating: "a", count: 64), visitId: "", originalPath: "/photos/\(day).jpg",
            captureLocal: LocalDateTime(year: date.year, month: date.month, day: date.day, hour: hour, minute: 10),
            utcOffset: nil, timeSource: nil, latitude: nil, longitude: nil, thumbnailFile: nil, sortOrder: 0)
    }

    @Test(
        "At the finish in Oakland (and after its midnight), the Coliseum on 2019-09-06; at the start, Comerica Park on 2019-05-19",
        arguments: [
            ("2019-09-06", 18, "stadium_mlb_oakland_alameda_county_coliseum", "2019-09-06"),
            ("2019-09-07", 1, "stadium_mlb_oakland_alameda_county_coliseum", "2019-09-06"),
            ("2019-05-19", 14, "stadium_mlb_comerica_park", "2019-05-19"),
        ])
    func partSeen(day: String, hour: Int, venue: String, visitDay: String) {
        let visit = VisitFactory(catalog: LibraryTests.catalog).visit(
            for: Self.game, dataSource: .automatic, firstPhoto: Self.photo(day, hour))
        #expect(visit.venueId == venue && visit.localDate == LocalDate(visitDay) && visit.gameId == Self.game.id)
    }

    @Test("A game added without a photo is the game as begun")
    func withoutPhoto() {
        let visit = VisitFactory(catalog: LibraryTests.catalog).visit(for: Self.game, dataSource: .fullyManual, firstPhoto: nil)
        #expect(visit.venueId == "stadium_mlb_comerica_park" && visit.localDate == LocalDate("2019-05-19"))
    }
}
