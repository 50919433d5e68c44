import Foundation
import Testing
import TimeAndPlace

@testable import Evidence

/// The evidence files as the services write them (Fixtures/README.md says which shape each follows and what it must
/// give), read against three venues' pins: Fenway Park, Gillette Stadium, Wrigley Field.
@Suite("Evidence files: what is kept, what is let go, what is refused")
struct EvidenceReaderTests {
    static let fixtures = Bundle.module.resourceURL!.appendingPathComponent("Fixtures")
    static let places = PlacesOfInterest(
        [
            GeoCoordinate(latitude: 42.346676, longitude: -71.097221), GeoCoordinate(latitude: 42.090925, longitude: -71.264350),
            GeoCoordinate(latitude: 41.948437, longitude: -87.655334),
        ], reach: 5_000, dwellRadius: 500)
    let reader = EvidenceReader(places: Self.places)

    func read(_ name: String) -> EvidenceReader.Found { reader.read(Self.fixtures.appendingPathComponent(name).path) }

    func seconds(_ text: String) -> Double { RecordedTime.date(text)!.timeIntervalSince1970 }

    @Test("Takeout's semantic history: named place visits near a venue kept; home, drives and far places let go")
    func semanticHistory() {
        let found = read("Semantic Location History/2015/2015_JUNE.json")
        #expect(found.errors.isEmpty)
        #expect(found.files.map(\.format) == [.semanticHistory])
        #expect(found.sightings.map(\.placeName) == ["Fenway Park", "Bleacher Bar"])
        #expect(found.sightings.allSatisfy { $0.kind == .placeVisit })
        #expect(found.sightings.first?.start.timeIntervalSince1970 == seconds("2015-06-15T22:35:12.345Z"))
        let older = read("Semantic Location History/2015/2015_MAY.json")
        // An office 3 km from Fenway Park is within reach (the matcher finds no game that day); home is never kept.
        #expect(older.errors.isEmpty && older.files.count == 1 && older.sightings.allSatisfy { $0.placeName != nil })
    }

    @Test("Raw points: a dwell at the park is a stay; a drive past another is nothing; activity timestamps are not the point's")
    func rawPoints() {
        let found = read("Records.json")
        #expect(found.errors.isEmpty)
        #expect(found.points > 70)
        #expect(found.sightings.count == 1)
        let stay = found.sightings[0]
        #expect(stay.kind == .dwell && stay.placeName == nil)
        #expect(abs(stay.start.timeIntervalSince1970 - seconds("2015-06-15T22:40:07Z")) < 1)
        #expect(abs(stay.end.timeIntervalSince1970 - seconds("2015-06-16T02:29:50Z")) < 1)
        #expect(stay.location.distance(to: Self.places.positions[0]!) < 100)
        let older = read("Records-2013.json")
        #expect(older.sightings.count == 1 && older.errors.isEmpty)
    }

    @Test("Timeline exports: Android and iOS give the same visit; home is never kept")
    func timelines() {
        let android = read("Timeline.json")
        let iOS = read("location-history.json")
        #expect(android.files.map(\.format) == [.androidTimeline])
        #expect(iOS.files.map(\.format) == [.iOSTimeline])
        #expect(android.sightings.count == 1 && iOS.sightings.count == 1)
        #expect(android.sightings.first?.start == iOS.sightings.first?.start)
        #expect(android.sightings.first?.start.timeIntervalSince1970 == seconds("2024-06-15T17:05:00Z"))
    }

    @Test("Swarm: both export shapes; a check-in is a moment at a named place")
    func checkIns() {
        let older = read("checkins.json")
        #expect(Set(older.sightings.compactMap(\.placeName)) == ["Fenway Park", "Cask 'n Flagon"])
        let newer = read("checkins1.json")
        #expect(newer.sightings.compactMap(\.placeName).sorted() == ["Gillette Stadium", "Wrigley Field"])
        #expect(newer.sightings.allSatisfy { $0.kind == .checkIn && $0.start == $0.end })
        #expect(
            newer.sightings.first { $0.placeName == "Wrigley Field" }?.start.timeIntervalSince1970 == seconds("2024-06-16T18:10:48Z"))
    }

    @Test("Calendars: a ticket's zone, a schedule's UTC, a day only; escapes and folded lines undone")
    func calendars() throws {
        let ticket = try #require(read("tickets.ics").events.first)
        #expect(ticket.summary == "Atlanta Braves at Boston Red Sox")
        #expect(ticket.location == "Fenway Park, 4 Jersey St, Boston, MA")
        #expect(ticket.start == .instant(Date(timeIntervalSince1970: seconds("2015-06-16T17:05:00Z"))))
        let schedule = read("schedule.ics").events
        #expect(schedule.count == 4 && schedule.allSatisfy(\.isTransparent))
        let dates = read("dates.ics").events
        #expect(dates.first { $0.summary == "Red Sox vs Braves" }?.start == .day(LocalDate(year: 2015, month: 6, day: 15)!))
        #expect(dates.first { $0.summary == "Red Sox vs Braves" }?.location == nil)
    }

    @Test("GPX: a walk that stays at a stadium is a stay; a drive past one is nothing")
    func tracks() {
        let walk = read("walk.gpx")
        #expect(walk.sightings.count == 1 && walk.sightings.first?.kind == .track)
        #expect(walk.sightings.first.map { $0.duration > 3 * 3_600 } == true)
        let drive = read("drive.gpx")
        #expect(drive.errors.isEmpty && drive.files.count == 1 && drive.sightings.isEmpty)
    }

    @Test("Takeout .zip files, English and German: read by content, each entry named inside its archive")
    func archives() {
        let english = read("takeout.zip")
        #expect(english.errors.isEmpty)
        #expect(Set(english.files.map(\.format)) == [.semanticHistory, .rawPoints])
        #expect(english.files.allSatisfy { $0.source.contains("takeout.zip#Takeout/") })
        #expect(english.sightings.count == 3)
        let german = read("takeout-de.zip")
        #expect(german.files.contains { $0.source.hasSuffix("#Takeout/Standortverlauf/Standortverlauf.json") && $0.format == .rawPoints })
        #expect(german.sightings.filter { $0.kind == .dwell }.count == 1)
    }

    @Test("A file cut short is named with its line and byte; nothing of it is kept")
    func truncated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["Records.json", "Semantic Location History/2015/2015_JUNE.json", "walk.gpx", "tickets.ics"] {
            let data = try Data(contentsOf: Self.fixtures.appendingPathComponent(name))
            let cut = folder.appendingPathComponent((name as NSString).lastPathComponent)
            try data.prefix(data.count * 2 / 3).write(to: cut)
            let found = reader.read(cut.path)
            #expect(found.sightings.isEmpty && found.events.isEmpty, "\(name)")
            let error = try #require(found.errors.first, "\(name)")
            #expect(error.file == cut.path)
            #expect(error.place != nil, "\(name): \(error)")
            #expect(error.description.contains("nothing of it was imported"), "\(error)")
        }
        let records = try #require(reader.read(folder.appendingPathComponent("Records.json").path).errors.first)
        #expect(records.place?.hasPrefix("line ") == true)
    }

    @Test("Other JSON (a photo's Takeout sidecar, a settings file) is not evidence, and is left alone")
    func notEvidence() throws {
        #expect(EvidenceFormat.sniff(Data(#"{"title": "IMG_1.jpg", "photoTakenTime": {"timestamp": "1434409337"}}"#.utf8)) == nil)
        #expect(EvidenceFormat.sniff(Data(#"{"items": [1, 2]}"#.utf8)) == nil)
        #expect(EvidenceFormat.sniff(Data("not json".utf8)) == nil)
        #expect(EvidenceReader.mayBeEvidence("a/Records.JSON") && !EvidenceReader.mayBeEvidence("a/IMG_1.jpg"))
    }
}
