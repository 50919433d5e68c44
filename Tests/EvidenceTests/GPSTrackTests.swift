import Testing
import TimeAndPlace

@testable import Evidence

@Suite("GPS tracks: where the fan was at a moment, as exiftool's geotag reads a track")
struct GPSTrackTests {
    static func point(_ seconds: Double, _ latitude: Double) -> GPSTrack.Point {
        GPSTrack.Point(seconds: seconds, position: GeoCoordinate(latitude: latitude, longitude: -71)!)
    }

    let track = GPSTrack(source: "t.gpx", points: [point(1_000, 42.0), point(0, 41.0), point(4_000, 43.0)])

    @Test("between two points: interpolated; in a gap over 30 minutes: nowhere")
    func between() {
        #expect(track.position(at: 500)?.latitude == 41.5)
        #expect(track.position(at: 0)?.latitude == 41.0)
        #expect(track.position(at: 2_000) == nil)
    }

    @Test("beyond its ends: the nearest end within 30 minutes, else nowhere")
    func ends() {
        #expect(track.position(at: -1_800)?.latitude == 41.0)
        #expect(track.position(at: -1_801) == nil)
        #expect(track.position(at: 5_800)?.latitude == 43.0)
        #expect(track.position(at: 5_801) == nil)
        #expect(GPSTrack(source: "empty.gpx", points: []).position(at: 0) == nil)
    }
}
