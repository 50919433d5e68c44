import Foundation
import TimeAndPlace
import ZIPFoundation

/// Reads a fan's evidence files — a file, or every one inside a .zip — into the stays near venues and the calendar
/// events they hold. A file that cannot be read is named with its place in ``Found/errors`` and nothing of it is
/// kept; the others are read on.
public struct EvidenceReader: Sendable {
    /// The venues: what is kept is what lies near one.
    public let places: PlacesOfInterest
    /// How much of a file is looked at to tell what it is.
    static let sniffLength = 65_536
    /// How much of a raw-points file is read at a time.
    static let chunkLength = 4 << 20
    /// The largest file read whole (every format but raw points, which streams): 512 MB, beyond any real export of
    /// them; a larger one (or a .zip entry that inflates past it) is refused rather than filling memory.
    static let largestWhole = 512 << 20

    private static func tooLarge(_ source: String) -> EvidenceError {
        EvidenceError(
            file: source, problem: "larger than \(largestWhole >> 20) MB, more than any export of its kind",
            remedy: "check it is the file the service exported; nothing of it was imported")
    }

    /// A reader keeping what lies near `places`.
    public init(places: PlacesOfInterest) { self.places = places }

    /// What reading found.
    public struct Found: Sendable {
        /// The stays near a venue, in the files' order.
        public var sightings: [Sighting] = []
        /// Every calendar event (a plan; matching keeps only those that name a game).
        public var events: [CalendarEvent] = []
        /// The evidence files read (inside a .zip: `archive#entry`), with their format.
        public var files: [(source: String, format: EvidenceFormat)] = []
        /// Files that looked like evidence but could not be read.
        public var errors: [EvidenceError] = []
        /// Raw points read (kept or, nearly all, let go).
        public var points = 0
        /// The GPS tracks read, whole, for the import's photos without a position (never stored).
        public var tracks: [GPSTrack] = []
        /// Files left unread: unchanged since an import read them (a track's points are read all the same).
        public var unchanged = 0

        /// Nothing found yet.
        public init() {}

        /// Adds what another read found.
        public mutating func add(_ other: Found) {
            sightings += other.sightings
            events += other.events
            files += other.files
            errors += other.errors
            points += other.points
            tracks += other.tracks
            unchanged += other.unchanged
        }
    }

    /// Whether a path's extension makes it worth looking into.
    public static func mayBeEvidence(_ path: String) -> Bool {
        guard let dot = path.lastIndex(of: "."), path[dot...].count > 1 else { return false }
        return EvidenceFormat.extensions.contains(path[path.index(after: dot)...].lowercased())
    }

    /// Reads one file (a .zip: each entry that is evidence); a file that is no evidence gives nothing.
    public func read(_ path: String) -> Found {
        if path.lowercased().hasSuffix(".zip") { return readArchive(path) }
        var found = Found()
        guard let handle = FileHandle(forReadingAtPath: path) else {
            found.errors.append(EvidenceError(file: path, problem: "cannot be opened", remedy: "check it can be read"))
            return found
        }
        defer { try? handle.close() }
        do {
            let head = try handle.read(upToCount: Self.sniffLength) ?? Data()
            guard let format = EvidenceFormat.sniff(head) else {
                if let error = Self.notWhatItSays(path, head: head) { throw error }
                return found
            }
            if format == .rawPoints {
                var stream = rawPointsStream(source: path)
                try feed(head, to: &stream, source: path)
                while let chunk = try handle.read(upToCount: Self.chunkLength), !chunk.isEmpty {
                    try feed(chunk, to: &stream, source: path)
                }
                try finish(&stream, source: path, into: &found)
            } else {
                let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                guard size <= Self.largestWhole else { throw Self.tooLarge(path) }
                let rest = try handle.readToEnd() ?? Data()
                try readWhole(head + rest, as: format, source: path, into: &found)
            }
            found.files.append((path, format))
        } catch let error as EvidenceError {
            found.errors.append(error)
        } catch {
            found.errors.append(
                EvidenceError(file: path, problem: "could not be read (\(error.localizedDescription))", remedy: "check it can be read"))
        }
        return found
    }

    // MARK: Raw points, as a stream

    private func rawPointsStream(source: String) -> JSONStream<RawPoints> {
        JSONStream(handler: RawPoints(finder: DwellFinder(places: places, kind: .dwell, source: source)))
    }

    private func feed(_ data: Data, to stream: inout JSONStream<RawPoints>, source: String) throws(EvidenceError) {
        let failure = data.withUnsafeBytes { bytes -> JSONStreamError? in
            do throws(JSONStreamError) { try stream.feed(bytes) } catch { return error }
            return nil
        }
        if let failure { throw .json(source, failure, format: .rawPoints) }
    }

    private func finish(_ stream: inout JSONStream<RawPoints>, source: String, into found: inout Found) throws(EvidenceError) {
        do { try stream.finish() } catch { throw .json(source, error, format: .rawPoints) }
        stream.handler.finder.end()
        found.sightings += stream.handler.finder.stays
        found.points += stream.handler.count
    }

    // MARK: Whole files

    private func readWhole(_ data: Data, as format: EvidenceFormat, source: String, into found: inout Found) throws(EvidenceError) {
        switch format {
        case .calendar:
            found.events += try CalendarFile.events(data, source: source)
        case .gpx:
            var finder = DwellFinder(places: places, kind: .track, source: source)
            let points = try GPXTrack.points(data, source: source)
            for point in points {
                finder.add(latitude: point.position.latitude, longitude: point.position.longitude, seconds: point.seconds)
            }
            finder.end()
            found.sightings += finder.stays
            found.tracks.append(GPSTrack(source: source, points: points.map { GPSTrack.Point(seconds: $0.seconds, position: $0.position) }))
        case .rawPoints:
            var stream = rawPointsStream(source: source)
            try feed(data, to: &stream, source: source)
            try finish(&stream, source: source, into: &found)
        case .semanticHistory, .androidTimeline, .iOSTimeline, .swarm:
            // Checked as a stream first, for a place to name when the file is cut short or damaged.
            var grammar = JSONStream(handler: JSONGrammar())
            let failure = data.withUnsafeBytes { bytes -> JSONStreamError? in
                do throws(JSONStreamError) {
                    try grammar.feed(bytes)
                    try grammar.finish()
                } catch { return error }
                return nil
            }
            if let failure { throw .json(source, failure, format: format) }
            let sightings: [Sighting]
            do {
                switch format {
                case .semanticHistory: sightings = try GoogleTimeline.semantic(data, source: source)
                case .androidTimeline: sightings = try GoogleTimeline.android(data, source: source)
                case .iOSTimeline: sightings = try GoogleTimeline.iOS(data, source: source)
                default: sightings = try SwarmCheckins.sightings(data, source: source)
                }
            } catch {
                throw EvidenceError(
                    file: source, problem: "JSON, but not in the shape of \(format.words) (\(Self.describe(error)))",
                    remedy: "export it again; nothing of it was imported")
            }
            found.sightings += sightings.filter { places.nearest(to: $0.location) != nil }
        }
    }

    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context), .dataCorrupted(let context):
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? context.debugDescription : "at \(path)"
        @unknown default: return "\(error)"
        }
    }

    /// Why a file that is no evidence by its content is told of all the same: it is empty, or its name says calendar
    /// or track (`.ics`, `.gpx`: nothing else is written so) — a page saved in place of a download, a file cut to
    /// nothing. Any other `.json` that is no evidence is a photo's sidecar or some other file: nil.
    static func notWhatItSays(_ source: String, head: Data) -> EvidenceError? {
        if head.allSatisfy({ [0x20, 0x0A, 0x0D, 0x09].contains($0) }) {
            return EvidenceError(file: source, problem: "the file is empty", remedy: "export or download it again")
        }
        let name = source.lowercased()
        if name.hasSuffix(".ics") || name.hasSuffix(".ical") {
            return EvidenceError(
                file: source, place: "line 1", problem: "not an iCalendar file (it does not begin with BEGIN:VCALENDAR)",
                remedy: "export the calendar again as .ics")
        }
        if name.hasSuffix(".gpx") {
            return EvidenceError(
                file: source, place: "line 1", problem: "not a GPX track (no <gpx> element begins it)",
                remedy: "export the track again as GPX")
        }
        return nil
    }

    // MARK: Archives

    private struct NotEvidence: Error {}

    /// Each entry of a .zip that is evidence, read as it is inflated (a raw-points entry in flat memory).
    private func readArchive(_ path: String) -> Found {
        var found = Found()
        let archive: Archive
        do { archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .read) } catch {
            found.errors.append(
                EvidenceError(
                    file: path, problem: "not a .zip that can be read (\(error))",
                    remedy: "download the archive again, or unpack it and import the folder"))
            return found
        }
        for entry in archive where entry.type == .file {
            let name = entry.path
            guard Self.mayBeEvidence(name), !name.hasPrefix("__MACOSX/") else { continue }
            let source = "\(path)#\(name)"
            var head = Data()
            var format: EvidenceFormat?
            var stream: JSONStream<RawPoints>?
            do {
                _ = try archive.extract(entry, skipCRC32: false) { chunk in
                    if var current = stream {
                        try feed(chunk, to: &current, source: source)
                        stream = current
                        return
                    }
                    head.append(chunk)
                    guard head.count <= Self.largestWhole else { throw Self.tooLarge(source) }
                    guard format == nil else { return }
                    guard head.count >= Self.sniffLength else { return }
                    guard let sniffed = EvidenceFormat.sniff(head) else { throw NotEvidence() }
                    format = sniffed
                    if sniffed == .rawPoints {
                        var current = rawPointsStream(source: source)
                        try feed(head, to: &current, source: source)
                        (stream, head) = (current, Data())
                    }
                }
                if var current = stream {
                    try finish(&current, source: source, into: &found)
                } else {
                    guard let format = format ?? EvidenceFormat.sniff(head) else {
                        if let error = Self.notWhatItSays(source, head: head) { throw error }
                        continue
                    }
                    try readWhole(head, as: format, source: source, into: &found)
                }
                found.files.append((source, format ?? EvidenceFormat.sniff(head) ?? .rawPoints))
            } catch is NotEvidence {
                continue
            } catch let error as EvidenceError {
                found.errors.append(error)
            } catch {
                found.errors.append(
                    EvidenceError(
                        file: source, problem: "could not be unpacked (\(error))",
                        remedy: "download the archive again, or unpack it and import the folder"))
            }
        }
        return found
    }
}
