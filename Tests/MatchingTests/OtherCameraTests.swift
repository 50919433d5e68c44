import Catalog
import Foundation
import Matching
import PhotoMetadata
import Testing
import TimeAndPlace

/// A second camera at the same outing: a DSLR without GPS or offset beside the phone is suggested the phone's game,
/// its clock taken as the venue's local time — never matched; two games near it leave it alone.
@Suite("Sessions across cameras")
struct OtherCameraTests {
    static let matcher = GameMatcher(catalog: try! Catalog.bundled())
    static let fenway = GeoCoordinate(latitude: 42.3467, longitude: -71.0972)!

    static func photo(_ name: String, camera: String, _ time: String, at location: GeoCoordinate?, offset: UTCOffset?) -> (
        path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>
    ) {
        let capture = CaptureTime(local: LocalDateTime(exifString: time)!, utcOffset: offset, source: .offsetTimeOriginal)
        let parts = camera.split(separator: " ").map(String.init)
        return (
            "/photos/\(name).jpg",
            .success(PhotoMetadata(format: .jpeg, capture: capture, location: location, make: parts[0], model: parts[1]))
        )
    }

    static let phone = photo("phone", camera: "Apple iPhone", "2015:06:15 19:42:10", at: fenway, offset: UTCOffset(seconds: -4 * 3_600))
    static let dslr = photo("dslr", camera: "Canon EOS", "2015:06:15 20:07:00", at: nil, offset: nil)

    @Test("The DSLR photo 25 minutes after the phone's is suggested the phone's game, saying its clock was assumed")
    func suggested() throws {
        let report = MatchReport(matching: [Self.phone, Self.dslr], with: Self.matcher)
        #expect(report.photos[0].status == .matched)
        let dslr = report.photos[1]
        #expect(dslr.status == .needsConfirmation && dslr.reason == .missingLocation && dslr.game == nil)
        #expect(dslr.fromAnotherCamera)
        #expect(dslr.candidates.map(\.game.id) == ["game_mlb_2015_bos_atl_0615"])
        #expect(dslr.capture?.source == .venueTimeZone, "read as Boston's local time")
    }

    @Test("Alone, or hours from any matched photo, the DSLR photo stays without a game")
    func leftAlone() throws {
        #expect(MatchReport(matching: [Self.dslr], with: Self.matcher).photos[0].status == .unmatched)
        let late = Self.photo("late", camera: "Canon EOS", "2015:06:16 09:00:00", at: nil, offset: nil)
        #expect(MatchReport(matching: [Self.phone, late], with: Self.matcher).photos[1].status == .unmatched)
    }
}
