import Foundation
import Markup
import TimeAndPlace

/// A GPS track (GPX 1.0 or 1.1): its timed points (`trkpt lat lon` with `time`), whatever the namespace, read through
/// libxml2 and handed in order to a ``DwellFinder``.
enum GPXTrack {
    static func points(_ data: Data, source: String) throws(EvidenceError) -> [(position: GeoCoordinate, seconds: Double)] {
        let document: MarkupDocument?
        do { document = try MarkupDocument(xml: data) } catch {
            throw EvidenceError(file: source, problem: "GPS tracks cannot be read here", remedy: error.description)
        }
        guard let document else {
            let ends = String(decoding: data.suffix(64), as: UTF8.self).contains("</gpx>")
            throw EvidenceError(
                file: source, place: ends ? nil : "byte \(data.count), where it ends before </gpx>",
                problem: ends ? "not well-formed XML" : "the track is cut short",
                remedy: "export the track again from the app that recorded it; nothing of it was imported")
        }
        guard !document.select("/*[local-name()='gpx']").isEmpty else {
            throw EvidenceError(file: source, problem: "not a GPX file (no <gpx> element)", remedy: "give a track exported as GPX")
        }
        return document.select("//*[local-name()='trkpt']").compactMap { point in
            guard let latitude = point.attribute("lat").flatMap(Double.init), let longitude = point.attribute("lon").flatMap(Double.init),
                let position = GeoCoordinate(latitude: latitude, longitude: longitude),
                let time = point.select("./*[local-name()='time']").first?.text,
                let seconds = RecordedTime.date(time)?.timeIntervalSince1970
            else { return nil }
            return (position, seconds)
        }
    }
}
