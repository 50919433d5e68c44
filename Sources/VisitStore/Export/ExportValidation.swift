import Catalog
import Foundation
import GRDB

/// The rules every record of an export meets, one record at a time: what `export` checks as it writes and `restore`
/// as it reads, so an export is never written that its restore would refuse. Each failure names the field and the rule
/// (`visits[0].homeScore is 5000; a score is a whole number from 0 to 1000`). Rules between records — a photo's visit
/// is in the export, a photo is in one place — are ``ExportKeys``'.
struct ExportRecordCheck {
    /// The catalog the library is read with: a visit of a league or at a venue it does not know could not be shown,
    /// placed or counted.
    let catalog: Catalog
    /// The leagues the catalog knows.
    let leagues: Set<LeagueID>
    private let check = FieldCheck()

    init(catalog: Catalog) {
        self.catalog = catalog
        leagues = catalog.leagueIds
    }

    func visit(_ visit: StadiumVisit, _ at: String) throws(LibraryError) {
        try check.visit(visit, at, leagues: leagues)
        try venue(visit.venueId, at + ".venueId")
    }

    /// A venue the catalog knows, by its canonical id.
    func venue(_ id: String, _ field: String) throws(LibraryError) {
        guard catalog.venue(id: id) != nil else {
            throw .invalidExport(reason: "\(field) is '\(id.prefix(80))', not a venue StadiumLog knows")
        }
    }

    func photo(_ photo: VisitPhoto, _ at: String) throws(LibraryError) {
        try check.photo(photo.sha256, path: photo.originalPath, thumbnail: photo.thumbnailFile, at)
        guard photo.sortOrder >= 0 else { throw .invalidExport(reason: "\(at).sortOrder is negative") }
        try check.position(photo.latitude, photo.longitude, at)
    }

    func pending(_ pending: PendingMatch, _ at: String) throws(LibraryError) {
        try check.identifier(pending.id, at + ".id")
        try check.photo(pending.sha256, path: pending.originalPath, thumbnail: pending.thumbnailFile, at)
        if let venueId = pending.venueId {
            try check.identifier(venueId, at + ".venueId")
            try venue(venueId, at + ".venueId")
        }
        if let visitId = pending.resolvedVisitId { try check.identifier(visitId, at + ".resolvedVisitId") }
        try check.position(pending.latitude, pending.longitude, at)
        guard pending.candidates.count <= 100 else { throw .invalidExport(reason: "\(at).candidates holds more than 100 games") }
        for (number, candidate) in pending.candidates.enumerated() {
            try check.candidate(candidate, "\(at).candidates[\(number)]")
            try venue(candidate.venueId, "\(at).candidates[\(number)].venueId")
            try check.league(candidate.league, "\(at).candidates[\(number)].sport", known: leagues)
        }
        if let reason = pending.reason?.rawValue { try check.text(reason, at + ".reason", maximum: 200) }
    }

    func original(_ original: VisitOriginal, _ at: String) throws(LibraryError) {
        try check.identifier(original.visitId, at + ".visitId")
        guard original.original.id == original.visitId else {
            throw .invalidExport(reason: "\(at).original is visit \(original.original.id.prefix(80)), not \(original.visitId.prefix(80))")
        }
    }

    /// The rows a correction keeps to be undone are checked as the library's own: undo writes them back.
    func correction(_ correction: Correction, _ at: String) throws(LibraryError) {
        try check.text(correction.summary, at + ".summary", maximum: 2_000)
        for (number, visit) in correction.before.visits.enumerated() { try self.visit(visit, "\(at).before.visits[\(number)]") }
        for (kind, rows) in [
            ("photos", correction.before.photos.map { ($0.sha256, $0.originalPath, $0.thumbnailFile) }),
            ("pending", correction.before.pending.map { ($0.sha256, $0.originalPath, $0.thumbnailFile) }),
        ] {
            var hashes: Set<String> = []
            for (number, (hash, path, thumbnail)) in rows.enumerated() {
                let place = "\(at).before.\(kind)[\(number)]"
                try check.photo(hash, path: path, thumbnail: thumbnail, place)
                guard hashes.insert(hash).inserted else {
                    throw .invalidExport(reason: "\(place).sha256 \(hash) is in two places; a photo is in one")
                }
            }
        }
    }

    func seenFile(_ file: SeenFile, _ at: String) throws(LibraryError) {
        try check.path(file.path, at + ".path")
        if let hash = file.sha256, !VisitPhoto.isContentHash(hash) { throw .invalidExport(reason: "\(at).sha256 is not a SHA-256") }
    }

    func noGameDayPhoto(_ photo: NoGameDayPhoto, _ at: String) throws(LibraryError) {
        try check.path(photo.path, at + ".path")
        try check.position(photo.latitude, photo.longitude, at)
        if let venueId = photo.venueId { try venue(venueId, at + ".venueId") }
    }

    func importRun(_ run: ImportRun, _ at: String) throws(LibraryError) {
        guard let id = run.id, id > 0 else { throw .invalidExport(reason: "\(at).id is missing or not positive") }
        guard run.folders.count <= 10_000 else { throw .invalidExport(reason: "\(at).folders holds more than 10,000 paths") }
        for (number, folder) in run.folders.enumerated() { try check.path(folder, "\(at).folders[\(number)]") }
    }

    /// The document's own marks: an export, of a version this StadiumLog reads.
    static func header(format: String?, version: Int?) throws(LibraryError) {
        guard let format else { throw .invalidExport(reason: "format is missing") }
        guard format == LibraryExport.format else { throw .invalidExport(reason: "format is '\(format.prefix(40))'") }
        guard let version else { throw .invalidExport(reason: "version is missing") }
        guard (1...LibraryExport.version).contains(version) else {
            throw .invalidExport(
                reason: version > LibraryExport.version
                    ? "version \(version) is newer than this StadiumLog reads"
                    : "version \(version) does not exist")
        }
    }
}

extension LibraryExport {
    /// A decoding failure of the value at `at` (`visits[3]`, `version`) as the place and the problem:
    /// `visits[3].homeScore is not a Int`.
    static func describe(_ error: DecodingError, in data: Data, at: String) -> String {
        func place(_ path: [any CodingKey]) -> String {
            at + path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // The decoder places a number that fits no whole number nowhere: JSON it is, so say which field.
            return Self.notWholeNumber(in: data, at: at) ?? "\(at) is not JSON (is it an export?)"
        case .dataCorrupted(let context): return "\(place(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context): return "\(place(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context): return "\(place(context.codingPath)) is not a \(type)"
        case .valueNotFound(let type, let context): return "\(place(context.codingPath)) has no \(type) value"
        @unknown default: return "\(at) is not part of an export"
        }
    }
}

extension LibraryExport {
    /// Fields an export holds whole numbers in.
    private static let wholeNumberFields: Set<String> = [
        "homeScore", "awayScore", "sortOrder", "gameNumber", "version", "bundledHomeScore", "bundledAwayScore",
        "providerHomeScore", "providerAwayScore",
    ]

    /// The first field of `data` (JSON) that should hold a whole number and holds another number (10^30, 2.5), said
    /// with the rule it breaks; nil when there is none or `data` is not JSON at all.
    static func notWholeNumber(in data: Data, at: String) -> String? {
        guard let root = try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) else { return nil }
        func search(_ value: Any, _ path: String, _ key: String?) -> String? {
            switch value {
            case let object as [String: Any]:
                return object.keys.sorted().lazy.compactMap { search(object[$0]!, "\(path).\($0)", $0) }.first
            case let array as [Any]:
                return array.indices.lazy.compactMap { search(array[$0], "\(path)[\($0)]", nil) }.first
            case let number as NSNumber where key.map(wholeNumberFields.contains) == true:
                guard Int(exactly: number.doubleValue) == nil else { return nil }
                let rule = key!.hasSuffix("Score") ? "a score is a whole number from 0 to 1000" : "it must be a whole number"
                return "\(path) is \(number); \(rule)"
            default: return nil
            }
        }
        return search(root, at, at.split(separator: ".").last.map(String.init))
    }
}

/// The checks on single values of an export, each naming the field it refuses.
private struct FieldCheck {
    func identifier(_ value: some StringIdentifier, _ field: String) throws(LibraryError) { try identifier(value.rawValue, field) }

    func identifier(_ value: String, _ field: String) throws(LibraryError) {
        guard !value.isEmpty, value.utf8.count <= 200,
            value.unicodeScalars.allSatisfy({
                $0.isASCII && ($0.properties.isAlphabetic || $0.properties.numericType != nil || "_-.:".unicodeScalars.contains($0))
            })
        else { throw .invalidExport(reason: "\(field) is not an identifier ('\(value.prefix(40))')") }
    }

    func text(_ value: String, _ field: String, maximum: Int, allowingNewlines: Bool = false) throws(LibraryError) {
        guard value.utf8.count <= maximum else { throw .invalidExport(reason: "\(field) is longer than \(maximum) bytes") }
        guard
            !value.unicodeScalars.contains(where: {
                $0.properties.generalCategory == .control && !(allowingNewlines && ($0 == "\n" || $0 == "\t"))
            })
        else {
            throw .invalidExport(reason: "\(field) holds control characters")
        }
    }

    /// A visit's own values: identifiers, its league, names and notes of sane length, scores, position.
    func visit(_ visit: StadiumVisit, _ at: String, leagues: Set<LeagueID>) throws(LibraryError) {
        try identifier(visit.id, at + ".id")
        try identifier(visit.venueId, at + ".venueId")
        if let league = visit.league { try self.league(league, at + ".sport", known: leagues) }
        try text(visit.venueName, at + ".venueName", maximum: 300)
        if let gameId = visit.gameId { try identifier(gameId, at + ".gameId") }
        for (value, name) in [(visit.homeTeamId, "homeTeamId"), (visit.awayTeamId, "awayTeamId")] {
            if let value { try identifier(value, "\(at).\(name)") }
        }
        for (value, name) in [
            (visit.homeTeamName, "homeTeamName"), (visit.awayTeamName, "awayTeamName"), (visit.scoreProvider, "scoreProvider"),
            (visit.seat, "seat"),
        ] {
            if let value { try text(value, "\(at).\(name)", maximum: 300) }
        }
        if let notes = visit.notes { try text(notes, at + ".notes", maximum: 10_000, allowingNewlines: true) }
        try score(visit.homeScore, at + ".homeScore")
        try score(visit.awayScore, at + ".awayScore")
        try position(visit.photoLatitude, visit.photoLongitude, at)
    }

    func league(_ league: LeagueID, _ field: String, known: Set<LeagueID>) throws(LibraryError) {
        guard known.contains(league) else {
            throw .invalidExport(
                reason: "\(field) is '\(league.rawValue.prefix(40))', not a league StadiumLog knows "
                    + "(\(known.sorted().map(\.rawValue).joined(separator: ", ")))")
        }
    }

    func score(_ score: Int?, _ field: String) throws(LibraryError) {
        if let score, !(0...1_000).contains(score) {
            throw .invalidExport(reason: "\(field) is \(score); a score is a whole number from 0 to 1000")
        }
    }

    /// A pending photo's candidate game: identifiers, names and scores as a visit's.
    func candidate(_ candidate: PendingCandidate, _ at: String) throws(LibraryError) {
        try identifier(candidate.id, at + ".id")
        try identifier(candidate.venueId, at + ".venueId")
        for (team, side) in [(candidate.home, "home"), (candidate.away, "away")] {
            try identifier(team.id, "\(at).\(side).id")
            if let name = team.name { try text(name, "\(at).\(side).name", maximum: 300) }
        }
        try score(candidate.homeScore, at + ".homeScore")
        try score(candidate.awayScore, at + ".awayScore")
        if let distance = candidate.distanceMeters, !(0...40_100_000).contains(distance) {
            throw .invalidExport(reason: "\(at).distanceMeters \(distance) is not a distance on Earth")
        }
    }

    func position(_ latitude: Double?, _ longitude: Double?, _ at: String) throws(LibraryError) {
        if let latitude, !(-90...90).contains(latitude) { throw .invalidExport(reason: "\(at).latitude \(latitude) is not a latitude") }
        if let longitude, !(-180...180).contains(longitude) {
            throw .invalidExport(reason: "\(at).longitude \(longitude) is not a longitude")
        }
    }

    /// A photo's identity, path and thumbnail.
    func photo(_ hash: String, path: String, thumbnail: String?, _ at: String) throws(LibraryError) {
        guard VisitPhoto.isContentHash(hash) else { throw .invalidExport(reason: "\(at).sha256 is not a SHA-256 ('\(hash.prefix(70))')") }
        try self.path(path, at + ".originalPath")
        if let thumbnail, thumbnail != VisitPhoto.thumbnailPath(forHash: hash) {
            throw .invalidExport(
                reason: "\(at).thumbnailFile '\(thumbnail.prefix(80))' is not where StadiumLog keeps this photo's thumbnail")
        }
    }

    /// A file path: not empty, at most 4,096 bytes, no NUL.
    func path(_ path: String, _ field: String) throws(LibraryError) {
        guard !path.isEmpty, path.utf8.count <= 4_096, !path.contains("\0") else {
            throw .invalidExport(reason: "\(field) is not a file path")
        }
    }
}
