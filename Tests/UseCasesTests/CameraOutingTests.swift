import Catalog
import Foundation
import Matching
import PhotoMetadata
import Testing
import TimeAndPlace

@testable import UseCases

/// Which photos an import holds until every folder is read, and which matched photos they are matched beside.
@Suite("Photos held for another camera's")
struct CameraOutingTests {
    static let fenway = GeoCoordinate(latitude: 42.3467, longitude: -71.0972)!

    static func photo(
        _ name: String, _ time: String, offset: UTCOffset? = nil, at location: GeoCoordinate? = nil, origin: MetadataOrigin? = nil
    ) -> CameraOuting.Photo {
        var metadata = PhotoMetadata(
            format: .jpeg, capture: CaptureTime(local: LocalDateTime(exifString: time)!, utcOffset: offset, source: .offsetTimeOriginal),
            location: location, make: "Canon", model: "EOS")
        metadata.locationOrigin = origin
        return ("/photos/\(name).jpg", .success(metadata))
    }

    @Test("held: no position and no zone, or a position a track gave by the camera's clock; not: a zone, or the file's own position")
    func held() {
        #expect(CameraOuting.needsAnotherCamera(Self.photo("a", "2015:06:15 16:00:00")))
        #expect(CameraOuting.needsAnotherCamera(Self.photo("b", "2015:06:15 16:00:00", at: Self.fenway, origin: .gpsTrack)))
        #expect(!CameraOuting.needsAnotherCamera(Self.photo("c", "2015:06:15 16:00:00", offset: UTCOffset(seconds: -14_400))))
        #expect(!CameraOuting.needsAnotherCamera(Self.photo("d", "2015:06:15 16:00:00", at: Self.fenway, origin: .file)))
        var photos = [Self.photo("a", "2015:06:15 16:00:00"), Self.photo("d", "2015:06:15 16:00:00", at: Self.fenway, origin: .file)]
        var outing = CameraOuting()
        outing.hold(from: &photos)
        #expect(photos.map(\.path) == ["/photos/d.jpg"] && outing.held.map(\.path) == ["/photos/a.jpg"])
    }

    @Test("matched photos are offered only to photos within a session and a clock's error of them")
    func beside() throws {
        let catalog = try Catalog.bundled()
        let phone = Self.photo("phone", "2015:06:15 19:00:00", offset: UTCOffset(seconds: -14_400), at: Self.fenway, origin: .file)
        var outing = CameraOuting()
        outing.learn(MatchReport(matching: [phone], with: GameMatcher(catalog: catalog)))
        #expect(outing.beside([Self.photo("near", "2015:06:15 16:00:00")], catalog: catalog).map(\.path) == ["/photos/phone.jpg"])
        #expect(outing.beside([Self.photo("far", "2015:06:20 16:00:00")], catalog: catalog).isEmpty)
        #expect(outing.beside([phone], catalog: catalog).isEmpty, "a placed photo needs no other camera")
    }
}
