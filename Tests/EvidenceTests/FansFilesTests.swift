import Foundation
import Testing
import TimeAndPlace

@testable import Evidence

/// Files as fans' machines and services really leave them, found by a trial as a new user: a byte order mark, drives
/// past a park hours apart, a place and the place inside it for one span, an API response saved as it came, and files
/// that are empty, cut, or not what their names say.
@Suite("Evidence files as fans have them")
struct FansFilesTests {
    let reader = EvidenceReader(places: EvidenceReaderTests.places)
    let fenway = EvidenceReaderTests.places.positions[0]!

    /// A file of `text` (or `data`) named `name` in a folder of its own, read.
    func read(_ name: String, _ data: Data) throws -> EvidenceReader.Found {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fans-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try data.write(to: folder.appendingPathComponent(name))
        return reader.read(folder.appendingPathComponent(name).path)
    }

    func fixture(_ name: String) throws -> Data { try Data(contentsOf: EvidenceReaderTests.fixtures.appendingPathComponent(name)) }

    @Test("a byte order mark before a calendar, a Records.json, a Timeline or check-ins changes nothing")
    func byteOrderMark() throws {
        for name in ["tickets.ics", "Records.json", "Timeline.json", "checkins1.json"] {
            let plain = try read(name, fixture(name))
            let marked = try read(name, Data([0xEF, 0xBB, 0xBF]) + fixture(name))
            #expect(marked.errors.isEmpty, "\(name): \(marked.errors)")
            #expect(marked.sightings.count == plain.sightings.count && marked.events.count == plain.events.count, "\(name)")
            #expect(!marked.sightings.isEmpty || !marked.events.isEmpty, "\(name)")
        }
    }

    /// A Records.json of points `(seconds after 2016-06-15T23:00Z, metres north of Fenway's pin, velocity)`.
    func records(_ points: [(Int, Double, Int?)]) -> Data {
        let start = 1_466_031_600
        let items = points.map { seconds, north, velocity in
            let latitude = Int(((fenway.latitude + north / 111_195) * 1e7).rounded())
            let longitude = Int((fenway.longitude * 1e7).rounded())
            let speed = velocity.map { #", "velocity": \#($0)"# } ?? ""
            return
                #"{"latitudeE7": \#(latitude), "longitudeE7": \#(longitude), "accuracy": 10\#(speed), "timestampMs": "\#((start + seconds) * 1000)"}"#
        }
        return Data(#"{"locations": [\#(items.joined(separator: ", "))]}"#.utf8)
    }

    @Test("two drives past the park hours apart are no stay; moving points are no stay; a still phone's sparse points are")
    func drivesPast() throws {
        // Three points 400 m apart, 15 s apart, at 19:00 and again at 21:45: the Pike twice, no speed recorded.
        let pass = { (at: Int) in [(at, -450.0, nil as Int?), (at + 15, -50, nil), (at + 30, 350, nil)] }
        let moving = [(0, -320.0, 27), (600, -330, 27), (1_200, -320, 27), (1_800, -310, 27)]
        let twice = try read("Records.json", records(pass(0) + pass(9_900)))
        #expect(twice.errors.isEmpty && twice.sightings.isEmpty, "\(twice.sightings)")
        #expect(try read("Records.json", records(moving)).sightings.isEmpty)
        #expect(try read("Records.json", records([(0, 20, nil), (3_000, 10, nil)])).sightings.isEmpty, "two points are no stay")
        // At the park, a point every 20 minutes for 3 hours: a stay.
        let still = try read("Records.json", records(stride(from: 0, through: 10_800, by: 1_200).map { ($0, 30, 0) }))
        #expect(still.sightings.count == 1 && still.sightings.first?.duration == 10_800)
    }

    @Test("Android's place and the place inside it for one span are one stay; a searched address is no private place")
    func androidLevels() throws {
        let segment = { (level: Int, type: String, where: String) in
            #"{"startTime": "2024-06-15T18:35:00.000-04:00", "endTime": "2024-06-15T22:50:00.000-04:00", "visit": {"hierarchyLevel": \#(level), "probability": 0.9, "topCandidate": {"placeId": "x", "semanticType": "\#(type)", "probability": 0.8, "placeLocation": {"latLng": "\#(`where`)"}}}}"#
        }
        let file =
            #"{"semanticSegments": [\#(segment(0, "SEARCHED_ADDRESS", "42.3467°, -71.0972°")), \#(segment(1, "UNKNOWN", "42.3465°, -71.0990°"))], "rawSignals": [], "userLocationProfile": {}}"#
        let found = try read("Timeline.json", Data(file.utf8))
        #expect(found.sightings.count == 1 && found.sightings.first?.location.longitude == -71.0972, "\(found.sightings)")
    }

    @Test("a Swarm API response saved as it came is read like the export")
    func swarmResponse() throws {
        let file =
            #"{"meta": {"code": 200}, "response": {"checkins": {"count": 1, "items": [{"id": "a", "createdAt": 1434409337, "type": "checkin", "timeZoneOffset": -240, "venue": {"id": "b", "name": "Fenway Park", "location": {"lat": 42.3467, "lng": -71.0972}}}]}}}"#
        let found = try read("checkins-api.json", Data(file.utf8))
        #expect(found.files.map(\.format) == [.swarm] && found.sightings.map(\.placeName) == ["Fenway Park"])
    }

    @Test("an impossible or misspelt start, an empty file, a web page saved as .ics: each named, nothing kept")
    func refused() throws {
        let calendar = { (start: String) in
            Data("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nSUMMARY:Braves at Red Sox\r\nDTSTART\(start)\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
        }
        for start in [":20240631T191000Z", ";TZID=America/New_York:2024-06-14 19:10"] {
            let found = try read("tickets.ics", calendar(start))
            #expect(found.events.isEmpty && found.errors.first?.place == "line 2", "\(start)")
            #expect(found.errors.first?.description.contains("which is no date") == true, "\(found.errors)")
        }
        #expect(try read("tickets.ics", calendar(":20150616")).events.count == 1, "a day is a day")
        for name in ["tickets.ics", "walk.gpx", "Records.json"] {
            #expect(try read(name, Data()).errors.first?.description.contains("the file is empty") == true, "\(name)")
        }
        let page = try read("tickets-download.ics", Data("<!DOCTYPE html><html><body>Sign in</body></html>".utf8))
        #expect(page.errors.first?.description.contains("not an iCalendar file") == true)
        #expect(try read("settings.json", Data(#"{"theme": "dark"}"#.utf8)).errors.isEmpty, "any other JSON is left alone")
    }
}
