import Catalog
import Crypto
import Evidence
import Foundation
import Matching
import PhotoMetadata
import TimeAndPlace
import VisitStore

/// The evidence beside the photos of an import: the location histories, check-ins, calendars and tracks under the
/// folders given, read (keeping only what lies near a venue), matched by the photo rules, and what names one game filed
/// into its visit — the photos' visit when there is one: one game, one visit. Questions are kept as pending matches
/// (``PendingMatch/evidence``) for `confirm`; files that cannot be read are named, and read again next time.
public struct EvidenceImporter: Sendable {
    let library: VisitLibrary
    let catalog: Catalog
    let league: LeagueID?
    let importRun: Int64?

    /// What the evidence of an import came to.
    public struct Result: Sendable {
        /// Nothing yet.
        public init() {}
        /// Every stay and event near a venue or naming a game, with what became of it.
        public var matches: [EvidenceMatch] = []
        /// The evidence files read.
        public var files: [(source: String, format: EvidenceFormat)] = []
        /// Files that looked like evidence but could not be read: nothing of them was kept.
        public var errors: [EvidenceError] = []
        /// Evidence filed into visits (new to the library).
        public var filed = 0
        /// Visits made for games only evidence shows.
        public var visitsCreated = 0
        /// Questions new to the library, kept for `confirm` (``PendingMatch/evidence``).
        public var asked = 0
        /// The games evidence was filed for.
        public var gameIds: Set<GameID> = []
        /// The questions: evidence of a game the rules would not settle alone.
        public var questions: [EvidenceMatch] { matches.filter { $0.status == .needsConfirmation } }
        /// Evidence files left unread: unchanged since an import read them.
        public var unchanged = 0
    }

    /// The paths a photo walk takes: those named, but for files that may be evidence (a .zip, a calendar, a track, a
    /// JSON file), which are read as evidence.
    static func photoPaths(_ paths: [String]) -> [String] {
        paths.filter { path in
            var isFolder: ObjCBool = false
            return
                !(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && !isFolder.boolValue
                && EvidenceReader.mayBeEvidence(path))
        }
    }

    /// The evidence files under `paths`: files named that may be evidence, and those in the folders, by path — found
    /// by the photo walk's own walker (a folder read once, entries by type), so a library of a million photos is not
    /// walked twice as slowly.
    static func files(under paths: [String]) -> [String] {
        PhotoFileWalker(photoExtensions: EvidenceFormat.extensions).walk(paths).files.filter(EvidenceReader.mayBeEvidence).sorted()
    }

    /// The evidence files under `paths`, read: what lies near `catalog`'s venues, and the GPS tracks whole.
    public static func read(_ paths: [String], catalog: Catalog) -> EvidenceReader.Found {
        read(files: files(under: paths.map(absolutePath)), catalog: catalog, unchanged: [])
    }

    /// `files` read, but those `unchanged` names, of which only a track's points are read: they place the photos read
    /// with them.
    private static func read(files: [String], catalog: Catalog, unchanged: Set<String>) -> EvidenceReader.Found {
        let reader = EvidenceReader(places: EvidenceMatcher.places(of: catalog))
        var found = EvidenceReader.Found()
        for file in files {
            guard unchanged.contains(file) else {
                found.add(reader.read(file))
                continue
            }
            found.unchanged += 1
            if file.lowercased().hasSuffix(".gpx") { found.tracks += reader.read(file).tracks }
        }
        return found
    }

    /// The evidence under `paths` an import reads: every file but those unchanged since an import read them whole
    /// against the same catalog (all of them when `rechecking`); and the files to remember once it is stored
    /// (``remember(_:found:catalog:)``), as they were when looked at.
    static func readForImport(
        _ paths: [String], catalog: Catalog, library: VisitLibrary, rechecking: Bool
    ) throws -> (found: EvidenceReader.Found, looked: [String: SeenFile]) {
        let files = files(under: paths.map(absolutePath))
        let looked = SeenFile.now(atPaths: files)
        let unchanged = rechecking ? [:] : try library.unchangedFiles(Array(looked.values), catalog: catalog.fingerprint)
        return (read(files: files, catalog: catalog, unchanged: Set(unchanged.keys)), looked.filter { unchanged[$0.key] == nil })
    }

    /// Remembers the evidence files read whole without an error (a .zip: when none of its entries had one), so the
    /// next import leaves them unread while they and the catalog are unchanged: what the fan deleted stays deleted.
    static func remember(_ looked: [String: SeenFile], found: EvidenceReader.Found, catalog: String, in library: VisitLibrary) throws {
        let failed = Set(found.errors.map { error in error.file.split(separator: "#", maxSplits: 1).first.map(String.init) ?? error.file })
        try library.remember(
            looked.values.filter { !failed.contains($0.path) }.map { file in
                var file = file
                (file.outcome, file.catalog) = (.evidence, catalog)
                return file
            })
    }

    /// What was found, matched, nothing written (`match`, `import --dry-run`).
    public static func report(_ found: EvidenceReader.Found, catalog: Catalog, league: LeagueID?) -> Result {
        var result = Result()
        let matcher = EvidenceMatcher(matcher: GameMatcher(catalog: catalog, league: league))
        (result.matches, result.files, result.errors, result.unchanged) = (matcher.match(found), found.files, found.errors, found.unchanged)
        return result
    }

    /// Matches what was found and files it, in one transaction: evidence of one game into its visit, questions kept.
    func store(_ found: EvidenceReader.Found) throws -> Result {
        var result = Self.report(found, catalog: catalog, league: league)
        let factory = VisitFactory(catalog: catalog)
        let counts = try library.transaction { transaction -> (filed: Int, created: Int, asked: Int) in
            var counts = (filed: 0, created: 0, asked: 0)
            for match in result.matches {
                if match.status == .matched, let game = match.game {
                    // Kept already, or deleted by the fan with its visit: no visit is made for it.
                    guard try !transaction.containsEvidence(id: Self.record(of: match, game: game, visit: "", importRun: nil).id)
                    else { continue }
                    let (visit, created) = try factory.findOrCreate(in: transaction, game: game, dataSource: .automatic, firstPhoto: nil)
                    if created { counts.created += 1 }
                    if try transaction.insert(Self.record(of: match, game: game, visit: visit.id, importRun: importRun)) {
                        counts.filed += 1
                    }
                } else if match.status == .needsConfirmation, let question = question(of: match),
                    try !transaction.containsEvidence(id: question.evidenceId), try transaction.insert(question.pending)
                {
                    counts.asked += 1
                }
            }
            return counts
        }
        (result.filed, result.visitsCreated, result.asked) = (counts.filed, counts.created, counts.asked)
        result.gameIds = Set(result.matches.compactMap { $0.status == .matched ? $0.game?.id : nil })
        return result
    }

    /// A question about evidence, as the library keeps it for `confirm` and the confirm page: a pending match whose
    /// ``PendingMatch/evidence`` says what it is, named by a hash of what it records (so the same stay read again asks
    /// once, and one settled since is not asked again: `evidenceId`).
    func question(of match: EvidenceMatch) -> (pending: PendingMatch, evidenceId: String)? {
        guard let first = match.candidates.first, let why = match.reason?.rawValue else { return nil }
        let venue = catalog.venue(id: match.venue?.id ?? first.venueId)
        let zone = venue.flatMap { TimeZone(identifier: $0.timeZone) }
        var evidence = PendingEvidence(
            kind: match.kind.rawValue, at: match.at ?? Date(timeIntervalSince1970: 0), until: nil,
            distanceMeters: match.venue?.distanceMeters, detail: nil, why: why)
        var (local, offset, position): (LocalDateTime?, UTCOffset?, GeoCoordinate?) = (nil, nil, nil)
        switch match.item {
        case .stay(let stay):
            (evidence.until, evidence.detail, position) = (stay.kind == .checkIn ? nil : stay.end, stay.placeName, stay.location)
        case .event(let event):
            evidence.detail = event.summary
            if case .day(let day) = event.start {
                local = LocalDateTime(year: day.year, month: day.month, day: day.day, hour: 12)
                evidence.at = Date(timeIntervalSince1970: local?.wallClockSeconds ?? 0)
            }
        }
        if let moment = match.at, let zone {
            offset = UTCOffset(seconds: zone.secondsFromGMT(for: moment))
            local = offset.flatMap { LocalDateTime(instant: moment, offset: $0) }
        }
        let id = VisitEvidence.identity(
            kind: evidence.kind, at: evidence.at, until: evidence.until, latitude: position?.latitude, longitude: position?.longitude,
            detail: evidence.detail)
        let hash = SHA256.hash(data: Data(("evidence|" + id).utf8)).map { String(format: "%02x", $0) }.joined()
        let pending = PendingMatch(
            sha256: hash, originalPath: match.source, captureLocal: local, utcOffset: offset,
            timeSource: offset == nil ? nil : .venueTimeZone, latitude: position?.latitude, longitude: position?.longitude,
            venueId: venue?.id, reason: nil,
            candidates: match.candidates.map { game in
                PendingCandidate(
                    GameCandidate(
                        game: game, distanceMeters: position.flatMap { p in catalog.venue(id: game.venueId)?.coordinate?.distance(to: p) },
                        spatial: .none, temporal: .exactDay, confidence: .userConfirm, duringGame: true),
                    catalog: catalog)
            }, thumbnailFile: nil, importRunId: importRun, evidence: evidence)
        return (pending, id)
    }

    /// The record a visit keeps of matched evidence: what, from where, when, at which venue and how far — nothing else.
    static func record(of match: EvidenceMatch, game: Game, visit: String, importRun: Int64?) -> VisitEvidence {
        switch match.item {
        case .stay(let stay):
            return VisitEvidence(
                visitId: visit, kind: stay.kind.rawValue, source: stay.source, at: stay.start,
                until: stay.kind == .checkIn ? nil : stay.end, venueId: match.venue?.id ?? game.venueId,
                distanceMeters: match.venue?.distanceMeters, latitude: stay.location.latitude, longitude: stay.location.longitude,
                detail: stay.placeName, importRunId: importRun)
        case .event(let event):
            return VisitEvidence(
                visitId: visit, kind: EvidenceKind.calendar.rawValue, source: event.source, at: match.at ?? Date(timeIntervalSince1970: 0),
                until: nil, venueId: game.venueId, distanceMeters: nil, latitude: nil, longitude: nil, detail: event.summary,
                importRunId: importRun)
        }
    }
}
