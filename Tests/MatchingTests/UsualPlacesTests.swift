import Catalog
import Foundation
import Matching
import PhotoMetadata
import Testing
import TimeAndPlace

/// A fan who lives 1.8 km from Fenway Park: photos at home on game days are near a game, but no question once the
/// library has seen photos there on days without one; a spot it has never seen is still asked about.
@Suite("Usual places")
struct UsualPlacesTests {
    static let catalog = try! Catalog.bundled()
    static let matcher = GameMatcher(catalog: catalog)
    /// A street in Brookline, 1.8 km south-west of Fenway Park and more than 5 km from the arena downtown.
    static let home = GeoCoordinate(latitude: 42.3360, longitude: -71.1130)!
    /// 1.2 km north of the park, in the Back Bay: a spot these photos never visit otherwise.
    static let elsewhere = GeoCoordinate(latitude: 42.3575, longitude: -71.0972)!

    static func photo(_ name: String, at location: GeoCoordinate, _ time: String) -> (
        path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>
    ) {
        let capture = CaptureTime(
            local: LocalDateTime(exifString: time)!, utcOffset: UTCOffset(seconds: -4 * 3_600), source: .offsetTimeOriginal)
        return ("/photos/\(name).jpg", .success(PhotoMetadata(format: .jpeg, capture: capture, location: location)))
    }

    /// At home during a Red Sox home game (Braves at Red Sox, 2015-06-15), and 1.2 km away at the same time.
    static let gameDay = [
        photo("home-game-day", at: home, "2015:06:15 20:15:00"), photo("back-bay-game-day", at: elsewhere, "2015:06:15 20:20:00"),
    ]
    /// At home on four days without a game near.
    static let quietDays = ["2015:01:10", "2015:01:17", "2015:02:07", "2015:02:14"].enumerated().map {
        photo("home-\($0.offset)", at: home, "\($0.element) 10:00:00")
    }

    @Test("Alone, a photo 1.8 km from the park during its game is asked about")
    func askedAlone() throws {
        let report = MatchReport(matching: Self.gameDay, with: Self.matcher)
        #expect(report.photos.allSatisfy { $0.status == .needsConfirmation }, "\(report.photos.map(\.status))")
        #expect(report.photos[0].spatial == .medium)
    }

    @Test("Photos at home on days without a game make it a usual place: the game-day photo there is listed, not asked")
    func homeNotAsked() throws {
        var report = MatchReport(matching: Self.quietDays + Self.gameDay, with: Self.matcher)
        #expect(report.photos.prefix(4).allSatisfy { $0.reason == .noGamesOnDate }, "\(report.photos.map(\.reason))")
        let places = UsualPlaces(UsualPlaces.sightings(in: report))
        #expect(places.days(at: Self.home) == 4)
        #expect(places.days(at: Self.elsewhere) == nil)
        report.notAsking(at: places)
        let home = try #require(report.photos.first { $0.path.hasSuffix("/home-game-day.jpg") })
        #expect(home.status == .unmatched && home.reason == .lowConfidence && home.usualPlaceDays == 4)
        #expect(home.candidates.first?.game.id == "game_mlb_2015_bos_atl_0615", "the game is still named")
        let away = try #require(report.photos.first { $0.path.hasSuffix("/back-bay-game-day.jpg") })
        #expect(away.status == .needsConfirmation && away.usualPlaceDays == nil, "a spot never seen is still asked about")
        #expect(report.summary.needsConfirmation == 1)
    }

    @Test("Two days are not yet a usual place")
    func twoDaysAreNot() {
        let report = MatchReport(matching: Array(Self.quietDays.prefix(2)), with: Self.matcher)
        #expect(UsualPlaces(UsualPlaces.sightings(in: report)).days(at: Self.home) == nil)
    }
}
