import Markup
import TimeAndPlace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where a photo's capture time or position came from.
public enum MetadataOrigin: String, Hashable, Sendable, Codable {
    /// The photo file itself (EXIF, a video's own metadata).
    case file
    /// An XMP sidecar beside it (`IMG_0001.xmp`, `IMG_0001.JPG.xmp`).
    case xmpSidecar
    /// A Google Takeout JSON sidecar beside it.
    case takeoutSidecar
    /// A GPS track recorded while it was taken (a GPX file imported with it): the track's position at its moment.
    case gpsTrack
}

/// The files beside a photo that say what the photo itself does not: XMP sidecars written by editors and the JSON
/// sidecars of a Google Takeout export (which strips GPS from the files and keeps it there).
///
/// Sidecars only fill what the file lacks — a capture time, its UTC offset, a position — and the photo's metadata
/// records where each value came from. XMP comes before Takeout JSON. File dates are never used: in a Takeout
/// export they are the day of the export.
public enum Sidecars {
    /// Fills `metadata` from the sidecars of the photo at `path`, when there are any. `known`, the sidecar paths a
    /// folder walk saw (``PhotoFileWalker/Result/sidecars``), spares a look on disk for each possible name.
    public static func fill(_ metadata: inout PhotoMetadata, forPhotoAt path: String, among known: Set<String>? = nil) {
        let parts = PathParts(path)
        let (folder, name) = (String(parts.folder), String(parts.name))
        func contents(_ candidate: String) -> Data? {
            let sidecar = folder.isEmpty ? candidate : folder + "/" + candidate
            guard known?.contains(sidecar) ?? true else { return nil }
            return read(sidecar)
        }
        for candidate in xmpNames(for: name) {
            guard let data = contents(candidate) else { continue }
            do {
                guard let xmp = try XMPSidecar(data) else { continue }
                fill(&metadata, capture: xmp.capture, location: xmp.location, origin: .xmpSidecar)
            } catch {
                metadata.warnings.append(.unreadableSidecar(reason: error.description))
            }
            break
        }
        if let takeout = takeoutNames(for: name).lazy.compactMap({ contents($0).flatMap(TakeoutSidecar.init) }).first {
            fill(&metadata, capture: takeout.capture, location: takeout.location, origin: .takeoutSidecar)
        }
    }

    private static func fill(
        _ metadata: inout PhotoMetadata, capture: CaptureTime?, location: GeoCoordinate?,
        origin: MetadataOrigin
    ) {
        if metadata.location == nil, let location {
            metadata.location = location
            metadata.locationOrigin = origin
        }
        guard let capture else { return }
        if metadata.capture == nil {
            metadata.capture = capture
            metadata.captureOrigin = origin
        } else if let own = metadata.capture, own.utcOffset == nil, let instant = capture.instant,
            let offset = UTCOffset(wallClock: own.local, at: instant),
            // Two readings of one moment differ by a whole zone offset; anything else is two different moments.
            abs(own.local.wallClockSeconds - instant.timeIntervalSince1970 - Double(offset.seconds)) <= 120
        {
            // The photo's own clock, placed in time by the sidecar's instant: the offset is their difference.
            metadata.capture = CaptureTime(
                local: own.local, utcOffset: offset,
                source: capture.clockTag.isUTCInstant ? .gpsClock : .offsetTimeOriginal,
                clockTag: own.clockTag)
        }
    }

    /// Sidecars larger than this are not sidecars.
    static let largestSidecar = 4 << 20

    private static func read(_ path: String) -> Data? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_size <= largestSidecar else { return nil }
        return FileManager.default.contents(atPath: path)
    }

    /// `IMG_0001.JPG` → `IMG_0001.JPG.xmp`, `IMG_0001.xmp` (and upper-case `.XMP`).
    static func xmpNames(for name: String) -> [String] {
        let stem = PathParts(name).stem
        return [name + ".xmp", stem + ".xmp", name + ".XMP", stem + ".XMP"]
    }

    /// The names Google Takeout gives a photo's JSON sidecar, most likely first.
    ///
    /// `IMG_1234.jpg` has `IMG_1234.jpg.supplemental-metadata.json` (since 2024) or `IMG_1234.jpg.json`; names are
    /// cut to 46 characters before `.json` (`…jpg.supplemental-metad.json`); a duplicate's number moves after the
    /// clipped name (`IMG_1234(1).jpg` → `IMG_1234.jpg.supplemental-metadata(1).json`); an edited copy
    /// (`IMG_1234-edited.jpg`) has no sidecar of its own and uses the original's.
    static func takeoutNames(for name: String) -> [String] {
        let parts = PathParts(name)
        let ext = String(parts.pathExtension)
        var stem = String(parts.stem)
        var number = ""
        if stem.hasSuffix(")"), let open = stem.lastIndex(of: "("),
            stem[stem.index(after: open)..<stem.index(before: stem.endIndex)].allSatisfy(\.isNumber)
        {
            number = String(stem[open...])
            stem = String(stem[..<open])
        }
        var originals = [stem]
        if stem.hasSuffix("-edited") { originals.append(String(stem.dropLast("-edited".count))) }
        var names: [String] = []
        for original in originals {
            let media = ext.isEmpty ? original : original + "." + ext
            for body in [media + ".supplemental-metadata", media] {
                for candidate in [String(body.prefix(46)) + number + ".json", body + number + ".json"]
                where !names.contains(candidate) {
                    names.append(candidate)
                }
            }
        }
        if !number.isEmpty { names.append(name + ".json") }  // some exports keep the number where it was
        return names
    }
}

/// What an XMP sidecar says: `exif:DateTimeOriginal` (else `photoshop:DateCreated`) and `exif:GPSLatitude` /
/// `exif:GPSLongitude`, as attributes of `rdf:Description` or as elements, read with libxml2.
struct XMPSidecar {
    var capture: CaptureTime?
    var location: GeoCoordinate?

    static let namespaces = ["exif": "http://ns.adobe.com/exif/1.0/", "photoshop": "http://ns.adobe.com/photoshop/1.0/"]

    /// Nil when the data is no XML; throws when libxml2 is not installed.
    init?(_ data: Data) throws(MarkupError) {
        guard let document = try MarkupDocument(xml: data, namespaces: Self.namespaces) else { return nil }
        func value(_ name: String) -> String? {
            document.select("//@\(name) | //\(name)").first.map(\.text).flatMap { $0.isEmpty ? nil : $0 }
        }
        let dates: [(String, ClockTag)] = [("exif:DateTimeOriginal", .dateTimeOriginal), ("photoshop:DateCreated", .dateCreated)]
        for (name, tag) in dates {
            guard let text = value(name), let date = ISODateTime(text) else { continue }
            capture = CaptureTime(local: date.local, utcOffset: date.offset, source: .offsetTimeOriginal, clockTag: tag)
            break
        }
        if let latitude = value("exif:GPSLatitude").flatMap({ Self.degrees($0, limit: 90) }),
            let longitude = value("exif:GPSLongitude").flatMap({ Self.degrees($0, limit: 180) }),
            let point = GeoCoordinate(latitude: latitude, longitude: longitude), !point.isNullIsland
        {
            location = point
        }
    }

    /// XMP's GPS form: `DDD,MM,SSk` or `DDD,MM.mmk`, k one of N, S, E, W.
    static func degrees(_ text: String, limit: Double) -> Double? {
        guard let reference = text.last, "NSEW".contains(reference.uppercased()) else { return nil }
        let parts = text.dropLast().split(separator: ",").map { Double($0.trimmingWhitespace()) }
        guard (2...3).contains(parts.count), parts.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        let numbers = parts.map { $0! }
        guard numbers[1] < 60, numbers.count < 3 || numbers[2] < 60 else { return nil }
        let value = numbers[0] + numbers[1] / 60 + (numbers.count == 3 ? numbers[2] / 3600 : 0)
        guard value <= limit else { return nil }
        return "SW".contains(reference.uppercased()) ? -value : value
    }
}

/// What a Google Takeout sidecar says: `photoTakenTime.timestamp` (UTC seconds, as a string) and the position —
/// `geoData` (which the user may have edited) over `geoDataExif`; (0, 0) is no position.
struct TakeoutSidecar {
    var capture: CaptureTime?
    var location: GeoCoordinate?

    private struct Document: Decodable {
        var photoTakenTime: Timestamp?
        var geoData: Position?
        var geoDataExif: Position?
    }

    private struct Timestamp: Decodable {
        var timestamp: String?
    }

    private struct Position: Decodable {
        var latitude: Double?
        var longitude: Double?

        var coordinate: GeoCoordinate? {
            guard let latitude, let longitude, let point = GeoCoordinate(latitude: latitude, longitude: longitude),
                !point.isNullIsland
            else { return nil }
            return point
        }
    }

    init?(_ data: Data) {
        guard let document = try? JSONDecoder().decode(Document.self, from: data) else { return nil }
        if let seconds = document.photoTakenTime?.timestamp.flatMap(Double.init), seconds > 0,
            let local = LocalDateTime(instant: Date(timeIntervalSince1970: seconds), offset: UTCOffset(seconds: 0)!)
        {
            capture = CaptureTime(local: local, utcOffset: UTCOffset(seconds: 0), source: .gpsClock, clockTag: .photoTakenTime)
        }
        location = document.geoData?.coordinate ?? document.geoDataExif?.coordinate
    }
}
