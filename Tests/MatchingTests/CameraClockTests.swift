import Catalog
import Foundation
import Matching
import PhotoMetadata
import Testing
import TimeAndPlace

/// A camera's clock set right by the phone beside it: a pair of photos at the same moment moves the camera's session
/// by whole hours — only when exactly one number of hours makes pairs, and only from a phone clock that knows its zone.
@Suite("Camera clocks set right by the phone")
struct CameraClockTests {
    static let matcher = GameMatcher(catalog: try! Catalog.bundled())
    static let fenway = GeoCoordinate(latitude: 42.3467, longitude: -71.0972)!
    static let eastern = UTCOffset(seconds: -4 * 3_600)

    typealias Input = (path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)

    /// A phone photo at Fenway Park (June 15, 2015, Braves at Red Sox, 19:10), its clock knowing its zone.
    static func phone(_ name: String, _ time: String, source: TimeSource = .offsetTimeOriginal, offset: UTCOffset? = eastern) -> Input {
        let capture = CaptureTime(local: LocalDateTime(exifString: time)!, utcOffset: offset, source: source)
        return (
            "/photos/\(name).jpg",
            .success(PhotoMetadata(format: .jpeg, capture: capture, location: fenway, make: "Apple", model: "iPhone"))
        )
    }

    /// A photo of a camera without GPS or zone.
    static func camera(_ name: String, _ time: String, model: String = "EOS", serial: String? = nil) -> Input {
        let capture = CaptureTime(local: LocalDateTime(exifString: time)!, utcOffset: nil, source: .offsetTimeOriginal)
        var metadata = PhotoMetadata(format: .jpeg, capture: capture, make: "Canon", model: model)
        metadata.bodySerialNumber = serial
        return ("/photos/\(name).jpg", .success(metadata))
    }

    static let phones = [
        phone("arrive", "2015:06:15 19:05:02"), phone("homer", "2015:06:15 19:42:10"), phone("late", "2015:06:15 21:10:40"),
    ]

    @Test("A camera on Pacific time, twice shot beside the phone: its session moved 3 hours, suggested the game, saying so")
    func homeTime() throws {
        // 16:42:15 and 18:10:50 beside the phone's 19:42:10 and 21:10:40: 3 hours less 5 and 10 seconds.
        let dslr = [
            Self.camera("d1", "2015:06:15 16:42:15"), Self.camera("d2", "2015:06:15 17:30:00"), Self.camera("d3", "2015:06:15 18:10:50"),
        ]
        let report = MatchReport(matching: Self.phones + dslr, with: Self.matcher)
        let set = Array(report.photos.suffix(3))
        #expect(set.map(\.status) == [.needsConfirmation, .needsConfirmation, .needsConfirmation])
        #expect(set.map(\.clockCorrection) == [10_800, 10_800, 10_800])
        #expect(set.map(\.clockSetBy) == Array(repeating: "/photos/homer.jpg", count: 3))
        #expect(set.map { $0.capture?.local.iso8601 } == ["2015-06-15T19:42:15", "2015-06-15T20:30:00", "2015-06-15T21:10:50"])
        #expect(set.allSatisfy { $0.fromAnotherCamera && $0.candidates.map(\.game.id) == ["game_mlb_2015_bos_atl_0615"] })
        #expect(set.allSatisfy { $0.game == nil }, "a photo without a position is never matched")
    }

    @Test("Two pairs 40 s apart that agree to the minute prove the clock; one pair alone, even seconds apart, could be chance")
    func twoPairs() throws {
        let both = [Self.camera("d1", "2015:06:15 16:42:50"), Self.camera("d2", "2015:06:15 18:11:20")]
        let report = MatchReport(matching: Self.phones + both, with: Self.matcher)
        #expect(report.photos.suffix(2).map(\.clockCorrection) == [10_800, 10_800])
        for lone in ["2015:06:15 16:42:50", "2015:06:15 16:42:12"] {
            let one = MatchReport(matching: Self.phones + [Self.camera("d1", lone)], with: Self.matcher)
            #expect(one.photos[3].clockCorrection == nil && one.photos[3].fromAnotherCamera, "\(lone): suggested, its clock as it was")
        }
        // Two pairs that disagree by more than a minute are two chances, not one clock.
        let apart = [Self.camera("d1", "2015:06:15 16:42:12"), Self.camera("d2", "2015:06:15 18:09:20")]
        #expect(MatchReport(matching: Self.phones + apart, with: Self.matcher).photos.suffix(2).allSatisfy { $0.clockCorrection == nil })
    }

    @Test("A camera photo a GPS track placed by that camera's clock is a question; a pair proving the clock wrong unplaces it")
    func placedOnATrack() throws {
        var metadata = try Self.camera("t1", "2015:06:15 16:42:10").metadata.get()
        (metadata.location, metadata.locationOrigin) = (Self.fenway, .gpsTrack)
        let placed = MatchReport(matching: [("/photos/t1.jpg", .success(metadata))], with: Self.matcher).photos[0]
        let second = Self.camera("t2", "2015:06:15 18:10:40")
        #expect(placed.status == .needsConfirmation && placed.isPlacedByCameraClock && placed.game == nil, "\(placed)")
        #expect(placed.candidates.isEmpty == false)
        let proved = MatchReport(matching: Self.phones + [("/photos/t1.jpg", .success(metadata)), second], with: Self.matcher).photos[3]
        #expect(proved.location == nil && proved.locationOrigin == nil && proved.clockCorrection == 10_800, "\(proved)")
        #expect(proved.candidates.map(\.game.id) == ["game_mlb_2015_bos_atl_0615"] && proved.fromAnotherCamera)
    }

    @Test("A camera on Tokyo time, a day ahead: moved back 13 hours to the game")
    func acrossTheDateLine() throws {
        let tokyo = [Self.camera("t1", "2015:06:16 08:42:00"), Self.camera("t2", "2015:06:16 10:10:35")]
        let report = MatchReport(matching: Self.phones + tokyo, with: Self.matcher)
        let photo = report.photos[3]
        #expect(photo.clockCorrection == -46_800 && photo.capture?.local.iso8601 == "2015-06-15T19:42:00")
        #expect(photo.candidates.map(\.game.id) == ["game_mlb_2015_bos_atl_0615"])
    }

    @Test("Pairs for two numbers of hours, a pair with the clock right, or no pair: the clock stays as it was")
    func leftAlone() throws {
        // Two agreeing pairs at +3 h (16:42:12, 18:10:42), and 18:05:05 with 19:05:02 at +1 h: either could be chance.
        let cameras = ["2015:06:15 16:42:12", "2015:06:15 18:10:42", "2015:06:15 18:05:05"].enumerated().map { Self.camera("d\($0)", $1) }
        let two = MatchReport(matching: Self.phones + cameras, with: Self.matcher)
        #expect(two.photos.suffix(3).allSatisfy { $0.clockCorrection == nil && $0.clockSetBy == nil })
        let right = MatchReport(matching: Self.phones + [Self.camera("d1", "2015:06:15 19:43:00")], with: Self.matcher)
        #expect(right.photos[3].clockCorrection == nil && right.photos[3].capture?.local.iso8601 == "2015-06-15T19:43:00")
        let none = MatchReport(matching: Self.phones + [Self.camera("d1", "2015:06:15 20:20:00")], with: Self.matcher)
        #expect(none.photos[3].clockCorrection == nil)
    }

    @Test("Two bodies of one model, told apart by their serial numbers: the one the pairs prove is set right, the other not")
    func twoBodies() throws {
        let behind = [Self.camera("a1", "2015:06:15 16:42:15", serial: "A1"), Self.camera("a2", "2015:06:15 18:10:50", serial: "A1")]
        let right = Self.camera("b1", "2015:06:15 19:50:00", serial: "B2")
        let report = MatchReport(matching: Self.phones + behind + [right], with: Self.matcher)
        #expect(report.photos[3...4].map(\.clockCorrection) == [10_800, 10_800])
        #expect(report.photos[5].clockCorrection == nil && report.photos[5].capture?.local.iso8601 == "2015-06-15T19:50:00")
    }

    @Test("A phone whose clock was read in the venue's zone proves nothing; a --camera-offset is not overruled")
    func untrusted() throws {
        let guessed = [Self.phone("homer", "2015:06:15 19:42:10", source: .venueTimeZone)]
        let report = MatchReport(matching: guessed + [Self.camera("d1", "2015:06:15 18:42:30")], with: Self.matcher)
        #expect(report.photos[1].clockCorrection == nil)
        // A GPS clock an hour stale gives Boston -03:00 in June: not the venue's zone, not a clock to trust.
        let stale = ["19:42:10", "21:10:40"].map {
            Self.phone($0, "2015:06:15 \($0)", source: .gpsClock, offset: UTCOffset(seconds: -10_800))
        }
        let cameras = [Self.camera("d1", "2015:06:15 17:42:15"), Self.camera("d2", "2015:06:15 19:10:50")]
        #expect(MatchReport(matching: stale + cameras, with: Self.matcher).photos.suffix(2).allSatisfy { $0.clockCorrection == nil })
        let offset = try CameraOffset(parsing: "Canon EOS=+2h")
        let corrected = CameraOffset.apply([offset], to: [Self.camera("d1", "2015:06:15 16:42:40")])
        let kept = MatchReport(matching: Self.phones + corrected, with: Self.matcher).photos[3]
        #expect(kept.clockCorrection == 7_200 && kept.clockSetBy == nil && kept.capture?.local.iso8601 == "2015-06-15T18:42:40")
    }
}
