import Catalog
import Foundation

extension LibraryExport {
    /// The largest export read: far beyond any fan's library, far below what would exhaust memory.
    static let maximumFileSize = 1 << 30

    /// Reads an export and checks every field before anything is written: an export is a file that travels, and a
    /// crafted one must not be able to point the library at other files or store impossible values. `leagues` are the
    /// leagues the catalog knows (a visit of another cannot be shown or counted). The error names the first bad value
    /// and the rule it breaks.
    public static func read(from url: URL, leagues: Set<LeagueID>) throws(LibraryError) -> LibraryExport {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int
        guard let size else { throw .invalidExport(reason: "\(url.path) cannot be read (no such file?)") }
        guard size <= maximumFileSize else { throw .invalidExport(reason: "\(url.path) is larger than any export (\(size) bytes)") }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .invalidExport(reason: "\(url.path) cannot be read: \(error.localizedDescription)")
        }
        let document: LibraryExport
        do {
            document = try decoder.decode(LibraryExport.self, from: data)
        } catch let error as DecodingError {
            throw .invalidExport(reason: "\(url.path): \(Self.describe(error, in: data))")
        } catch {
            throw .invalidExport(reason: "\(url.path) cannot be read: \(error.localizedDescription)")
        }
        try document.validate(leagues: leagues)
        return document
    }

    /// Every rule an export must meet, in one place.
    public func validate(leagues: Set<LeagueID>) throws(LibraryError) {
        guard format == Self.format else { throw .invalidExport(reason: "format is '\(format.prefix(40))'") }
        guard (1...Self.version).contains(version) else {
            throw .invalidExport(
                reason: version > Self.version
                    ? "version \(version) is newer than this StadiumLog reads"
                    : "version \(version) does not exist")
        }
        let check = FieldCheck()
        var runIds: Set<Int64> = []
        for (index, run) in (importRuns ?? []).enumerated() {
            let at = "importRuns[\(index)]"
            guard let id = run.id, id > 0, runIds.insert(id).inserted else {
                throw .invalidExport(reason: "\(at).id is missing, not positive or appears twice")
            }
            guard run.folders.count <= 10_000, run.folders.allSatisfy({ !$0.isEmpty && $0.utf8.count <= 4_096 && !$0.contains("\0") })
            else {
                throw .invalidExport(reason: "\(at).folders holds something that is not a path")
            }
        }
        /// An import named by a photo or a pending match is one of the export's.
        func checkRun(_ id: Int64?, _ at: String) throws(LibraryError) {
            if let id, !runIds.contains(id) { throw .invalidExport(reason: "\(at).importRunId \(id) is no import of the export") }
        }
        var visitIds: Set<String> = []
        var gameIds: Set<GameID> = []
        for (index, visit) in visits.enumerated() {
            let at = "visits[\(index)]"
            try check.visit(visit, at, leagues: leagues)
            guard visitIds.insert(visit.id).inserted else { throw .invalidExport(reason: "\(at).id \(visit.id) appears twice") }
            if let gameId = visit.gameId, !gameIds.insert(gameId).inserted {
                throw .invalidExport(reason: "\(at).gameId \(gameId) has two visits")
            }
        }
        var hashes: Set<String> = []
        for (index, photo) in photos.enumerated() {
            let at = "photos[\(index)]"
            try check.photo(photo.sha256, path: photo.originalPath, thumbnail: photo.thumbnailFile, at, hashes: &hashes)
            guard visitIds.contains(photo.visitId) else {
                throw .invalidExport(reason: "\(at).visitId \(photo.visitId.prefix(80)) is no visit of the export")
            }
            guard photo.sortOrder >= 0 else { throw .invalidExport(reason: "\(at).sortOrder is negative") }
            try checkRun(photo.importRunId, at)
            try check.position(photo.latitude, photo.longitude, at)
        }
        var pendingIds: Set<String> = []
        var pendingHashes: Set<String> = []
        for (index, pending) in pending.enumerated() {
            let at = "pending[\(index)]"
            try check.identifier(pending.id, at + ".id")
            guard pendingIds.insert(pending.id).inserted else { throw .invalidExport(reason: "\(at).id \(pending.id) appears twice") }
            try check.photo(pending.sha256, path: pending.originalPath, thumbnail: pending.thumbnailFile, at, hashes: &pendingHashes)
            // A settled match keeps its photo's hash; an unsettled one is the photo's only place.
            if hashes.contains(pending.sha256), pending.status != .resolved {
                throw .invalidExport(reason: "\(at).sha256 \(pending.sha256) is in a visit and still pending; a photo is in one place")
            }
            if let venueId = pending.venueId { try check.identifier(venueId, at + ".venueId") }
            try checkRun(pending.importRunId, at)
            if let visitId = pending.resolvedVisitId, !visitIds.contains(visitId) {
                throw .invalidExport(reason: "\(at).resolvedVisitId \(visitId.prefix(80)) is no visit of the export")
            }
            try check.position(pending.latitude, pending.longitude, at)
            guard pending.candidates.count <= 100 else { throw .invalidExport(reason: "\(at).candidates holds more than 100 games") }
            for (number, candidate) in pending.candidates.enumerated() {
                try check.candidate(candidate, "\(at).candidates[\(number)]")
                try check.league(candidate.league, "\(at).candidates[\(number)].sport", known: leagues)
            }
            if let reason = pending.reason { try check.text(reason, at + ".reason", maximum: 200) }
        }
        try validate(corrections: corrections ?? [], leagues: leagues)
        for (index, file) in (seenFiles ?? []).enumerated() {
            guard !file.path.isEmpty, file.path.utf8.count <= 4_096, !file.path.contains("\0") else {
                throw .invalidExport(reason: "seenFiles[\(index)].path is not a file path")
            }
            if let hash = file.sha256, !VisitPhoto.isContentHash(hash) {
                throw .invalidExport(reason: "seenFiles[\(index)].sha256 is not a SHA-256")
            }
        }
        for (index, photo) in (noGameDayPhotos ?? []).enumerated() {
            guard !photo.path.isEmpty, photo.path.utf8.count <= 4_096, !photo.path.contains("\0") else {
                throw .invalidExport(reason: "noGameDayPhotos[\(index)].path is not a file path")
            }
            try check.position(photo.latitude, photo.longitude, "noGameDayPhotos[\(index)]")
        }
        var originalIds: Set<String> = []
        for (index, original) in (originals ?? []).enumerated() {
            let at = "originals[\(index)]"
            guard visitIds.contains(original.visitId), originalIds.insert(original.visitId).inserted else {
                throw .invalidExport(reason: "\(at).visitId \(original.visitId.prefix(80)) is no visit of the export, or appears twice")
            }
            guard original.original.id == original.visitId else {
                throw .invalidExport(
                    reason: "\(at).original is visit \(original.original.id.prefix(80)), not \(original.visitId.prefix(80))")
            }
        }
    }

    /// A decoding failure as the place and the problem: `visits[3].homeScore: expected a whole number`.
    static func describe(_ error: DecodingError, in data: Data) -> String {
        func place(_ path: [any CodingKey]) -> String {
            path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
        }
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty:
            // The decoder places a number that fits no whole number nowhere: JSON it is, so say which field.
            return Self.notWholeNumber(in: data) ?? "not JSON (is it an export?)"
        case .dataCorrupted(let context): return "\(place(context.codingPath)): \(context.debugDescription)"
        case .keyNotFound(let key, let context): return "\(place(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context): return "\(place(context.codingPath)) is not a \(type)"
        case .valueNotFound(let type, let context): return "\(place(context.codingPath)) has no \(type) value"
        @unknown default: return "not an export"
        }
    }
}

extension LibraryExport {
    /// Fields an export holds whole numbers in.
    private static let wholeNumberFields: Set<String> = [
        "homeScore", "awayScore", "sortOrder", "gameNumber", "version", "bundledHomeScore", "bundledAwayScore",
        "providerHomeScore", "providerAwayScore",
    ]

    /// The rows a correction keeps to be undone are checked as the library's own: undo writes them back.
    func validate(corrections: [Correction], leagues: Set<LeagueID>) throws(LibraryError) {
        let check = FieldCheck()
        for (index, correction) in corrections.enumerated() {
            let at = "corrections[\(index)]"
            try check.text(correction.summary, at + ".summary", maximum: 2_000)
            for (number, visit) in correction.before.visits.enumerated() {
                try check.visit(visit, "\(at).before.visits[\(number)]", leagues: leagues)
            }
            var hashes: Set<String> = []
            for (number, photo) in correction.before.photos.enumerated() {
                try check.photo(
                    photo.sha256, path: photo.originalPath, thumbnail: photo.thumbnailFile, "\(at).before.photos[\(number)]",
                    hashes: &hashes)
            }
            var pendingHashes: Set<String> = []
            for (number, pending) in correction.before.pending.enumerated() {
                try check.photo(
                    pending.sha256, path: pending.originalPath, thumbnail: pending.thumbnailFile,
                    "\(at).before.pending[\(number)]", hashes: &pendingHashes)
            }
        }
    }

    /// The first field of `data` (JSON) that should hold a whole number and holds another number (10^30, 2.5), said
    /// with the rule it breaks; nil when there is none or `data` is not JSON at all.
    static func notWholeNumber(in data: Data) -> String? {
        guard let root = try? JSONSerialization.jsonObject(with: data) else { return nil }
        func search(_ value: Any, _ path: String, _ key: String?) -> String? {
            switch value {
            case let object as [String: Any]:
                return object.keys.sorted().lazy.compactMap { search(object[$0]!, path.isEmpty ? $0 : "\(path).\($0)", $0) }.first
            case let array as [Any]:
                return array.indices.lazy.compactMap { search(array[$0], "\(path)[\($0)]", nil) }.first
            case let number as NSNumber where key.map(wholeNumberFields.contains) == true:
                guard Int(exactly: number.doubleValue) == nil else { return nil }
                let rule = key!.hasSuffix("Score") ? "a score is a whole number from 0 to 1000" : "it must be a whole number"
                return "\(path) is \(number); \(rule)"
            default: return nil
            }
        }
        return search(root, "", nil)
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

    /// A photo's identity, path and thumbnail; each content hash may be in one place only.
    func photo(_ hash: String, path: String, thumbnail: String?, _ at: String, hashes: inout Set<String>) throws(LibraryError) {
        guard VisitPhoto.isContentHash(hash) else { throw .invalidExport(reason: "\(at).sha256 is not a SHA-256 ('\(hash.prefix(70))')") }
        guard hashes.insert(hash).inserted else { throw .invalidExport(reason: "\(at).sha256 \(hash) is in two places; a photo is in one") }
        guard !path.isEmpty, path.utf8.count <= 4_096, !path.contains("\0") else {
            throw .invalidExport(reason: "\(at).originalPath is not a file path")
        }
        if let thumbnail, thumbnail != VisitPhoto.thumbnailPath(forHash: hash) {
            throw .invalidExport(
                reason: "\(at).thumbnailFile '\(thumbnail.prefix(80))' is not where StadiumLog keeps this photo's thumbnail")
        }
    }
}
