import Catalog
import Foundation
import Matching
import PhotoMetadata
import Thumbnails
import TimeAndPlace
import VisitStore

/// Settles pending matches the way the user decides: one of the candidates, another game, a tour, by hand, or later.
///
/// Settled is settled: a photo filed into a visit is changed by moving it (``VisitEditor/move(_:to:)``) or by undoing
/// the change, never by confirming it again. Every decision is recorded as a ``Correction`` the fan can undo.
public struct MatchConfirmer: Sendable {
    /// The library whose pending matches are settled and whose visits they are filed into.
    public let library: VisitLibrary
    /// The catalog candidate games, teams and venues are looked up in.
    public let catalog: Catalog
    let visits: VisitFactory

    /// A confirmer for `library`'s pending matches, against `catalog`.
    public init(library: VisitLibrary, catalog: Catalog) {
        self.library = library
        self.catalog = catalog
        visits = VisitFactory(catalog: catalog)
    }

    /// What the user decided for one pending photo (or a group of them).
    public enum Decision: Hashable, Sendable {
        /// Candidate number N (1-based, in the order the report listed them).
        case choice(Int)
        /// A game from the catalog (or one of the pending match's candidates) by id.
        case game(String)
        /// Not a game: a stadium tour (or any non-game visit) at the pending photo's venue.
        case tour
        /// Entered by hand: the teams (ids) and, when known, the final score. A game the catalog does not have at that
        /// venue and date is refused unless `force`.
        case manual(homeTeamId: String, awayTeamId: String, homeScore: Int?, awayScore: Int?, force: Bool = false)
        /// Decide later; the photo comes back with `confirm --skipped`.
        case skip
    }

    /// What a decision did.
    public enum Outcome: Hashable, Sendable {
        /// The photos went into this visit (of this game, when it is one).
        case filed(photos: Int, visit: StadiumVisit)
        case skipped(photos: Int)

        /// The visit the photos went into; nil when skipped.
        public var visit: StadiumVisit? {
            if case .filed(_, let visit) = self { return visit }
            return nil
        }
    }

    /// Pending matches waiting for the user, oldest first.
    public func pending() throws -> [PendingMatch] { try matches(in: [.pending]) }

    /// Pending matches the user skipped, oldest first.
    public func skipped() throws -> [PendingMatch] { try matches(in: [.skipped]) }

    /// A pending match by id, whatever its status (settled ones too, to say so).
    public func match(id: String) throws -> PendingMatch {
        guard let match = try library.pendingMatch(id: id) else { throw CorrectionError.noSuchPending(id: id) }
        return match
    }

    /// Pending matches, oldest first; skipped ones too when asked.
    public func pending(includingSkipped: Bool) throws -> [PendingMatch] {
        try matches(in: includingSkipped ? [.pending, .skipped] : [.pending])
    }

    private func matches(in statuses: Set<PendingStatus>) throws -> [PendingMatch] {
        try library.pendingMatches(in: statuses)
    }

    /// One moment the fan decides once: the pending photos of one venue and fan day (05:00 to 05:00), in capture order.
    public struct Group: Hashable, Sendable {
        /// The pending photos of the moment, in capture order.
        public var photos: [PendingMatch]
        /// The venue the photos were taken near; nil for a photo without one, which stands alone.
        public var venueId: String?
        /// The fan day of the captures; nil for a photo without a date, which stands alone.
        public var fanDay: LocalDate?
    }

    /// Pending matches grouped by venue and fan day; photos without a venue or a date stand alone.
    public func groups(_ pending: [PendingMatch]) -> [Group] {
        var groups: [Group] = []
        var index: [String: Int] = [:]
        for match in pending.sorted(by: {
            ($0.captureLocal?.iso8601 ?? "", $0.originalPath) < ($1.captureLocal?.iso8601 ?? "", $1.originalPath)
        }) {
            let day = match.fanDay
            guard let venue = match.venueId, let day else {
                groups.append(Group(photos: [match], venueId: match.venueId, fanDay: day))
                continue
            }
            let key = venue + "|" + day.iso8601
            if let position = index[key] {
                groups[position].photos.append(match)
                continue
            }
            index[key] = groups.count
            groups.append(Group(photos: [match], venueId: venue, fanDay: day))
        }
        return groups
    }

    /// A candidate game and how it fits the photo.
    public struct Candidate: Hashable, Sendable {
        /// The game: from the catalog, or rebuilt from the pending match when it was found online at import.
        public var game: Game
        /// How far from the game's venue the photo was taken, in meters; nil when the match report gave none.
        public var distanceMeters: Double?
        /// The game's time window holds the photo (nil in matches stored before windows existed).
        public var inWindow: Bool?
    }

    /// The candidate games of a pending match, best first, as catalog games.
    public func candidates(of pending: PendingMatch) -> [Game] {
        candidateDetails(of: pending).map(\.game)
    }

    /// The candidates of a pending match as the match report gave them. A game the bundled index lacks (found online
    /// at import) is rebuilt from what the pending match stored, so it can still be chosen.
    public func candidateDetails(of pending: PendingMatch) -> [Candidate] {
        let stored = (try? JSONDecoder().decode([StoredCandidate].self, from: Data(pending.candidatesJSON.utf8))) ?? []
        return stored.compactMap { candidate in
            guard let game = catalog.game(id: candidate.id) ?? candidate.game(in: catalog) else { return nil }
            return Candidate(game: game, distanceMeters: candidate.distanceMeters, inWindow: candidate.inWindow)
        }
    }

    /// The candidates of a group: every photo's, once each, in the order the photos rank them.
    public func candidates(of group: Group) -> [Candidate] {
        var seen: Set<String> = []
        return group.photos.flatMap(candidateDetails(of:)).filter { seen.insert($0.game.id).inserted }
    }

    /// The teams a fan means by what they typed, for a pending photo: its venue's sport settles abbreviations.
    public func teams(named text: String, for pending: PendingMatch) -> [Team] {
        let sports = pending.venueId.flatMap(catalog.venue(id:))?.leagues ?? []
        let inSport = sports.count == 1 ? catalog.teams(named: text, on: pending.localDate, sport: sports.first) : []
        return inSport.isEmpty ? catalog.teams(named: text, on: pending.localDate) : inSport
    }

    /// Applies a decision to one pending photo.
    @discardableResult
    public func resolve(_ pendingId: String, _ decision: Decision) throws -> Outcome {
        try resolve([try match(id: pendingId)], decision)
    }

    /// Applies one decision to every photo of a group (or any list of pending photos), in one transaction.
    @discardableResult
    public func resolve(_ photos: [PendingMatch], _ decision: Decision) throws -> Outcome {
        guard let first = photos.first else { return .skipped(photos: 0) }
        let current = try library.pendingMatches(ids: photos.map(\.id))
        if let settled = current.first(where: { $0.status == .resolved }) {
            let visit = try settled.resolvedVisitId.flatMap { (id) throws in try library.visit(id: id) }
            throw CorrectionError.alreadySettled(photo: settled.originalPath, visit: visit.map(Self.describe) ?? "filed")
        }
        if decision == .skip {
            let scope = CorrectionScope(photoHashes: Set(photos.map(\.sha256)), pendingIds: Set(photos.map(\.id)))
            return try library.correcting(
                .confirm, scope: scope, summary: { _ in "skipped \(Self.count(photos.count)) (\(first.originalPath))" }
            ) { transaction in
                for var photo in current {
                    photo.status = .skipped
                    try transaction.update(photo)
                }
                return (Outcome.skipped(photos: photos.count), [])
            }
        }
        let game = try game(for: decision, of: first)
        let scope = try scope(filing: photos, as: decision, game: game)
        return try library.correcting(.confirm, scope: scope, summary: { (outcome: Outcome) in Self.describe(outcome) }) { transaction in
            var created: Set<String> = []
            var visit: StadiumVisit?
            for pending in current {
                let filed = try file(pending, as: decision, game: game, in: transaction)
                if filed.created { created.insert(filed.visit.id) }
                visit = filed.visit
            }
            return (Outcome.filed(photos: current.count, visit: visit!), created)
        }
    }

    /// Checks that a decision can be carried out for a pending photo (a candidate that exists, a game by hand that
    /// the catalog has, or `force`), without filing anything.
    public func check(_ decision: Decision, for pending: PendingMatch) throws {
        _ = try game(for: decision, of: pending)
    }

    /// Attaches photos the import left unmatched, by hand: each is hashed and filed as the decision says. A photo
    /// already in a visit is left there (the outcome says so); a decision that cannot be carried out (a game the
    /// catalog does not have, no venue or date) changes nothing.
    public func attach(
        _ paths: [String], _ decision: Decision, venueId: String? = nil,
        on day: LocalDate? = nil
    ) throws -> [(path: String, outcome: AttachOutcome)] {
        if case .game(let id) = decision, catalog.game(id: id) == nil { throw CorrectionError.unknownGame(id: id) }
        var outcomes: [(String, AttachOutcome)] = []
        for path in paths {
            let hash: String
            do { hash = try FileHasher.sha256(ofFileAt: path) } catch {
                throw CorrectionError.unreadablePhoto(path: path, reason: Self.reason(error))
            }
            if let visit = try library.visit(containingPhoto: hash) {
                outcomes.append((path, .alreadyIn(visit)))
                continue
            }
            let metadata = try? PhotoMetadataExtractor().metadata(ofFileAt: path)
            let thumbnail = try? ThumbnailStore(library: library, generator: ThumbnailGenerator())
                .write(forPhotoAt: path, hash: hash, metadata: metadata)
            let existing = try library.pendingMatch(ofPhoto: hash)
            let pending = PendingMatch(
                id: existing?.id ?? UUID().uuidString, sha256: hash, originalPath: absolutePath(path),
                captureLocal: day.flatMap { $0.at(hour: 12) } ?? metadata?.capture?.local,
                utcOffset: metadata?.capture?.utcOffset, timeSource: metadata?.capture?.source,
                latitude: metadata?.location?.latitude, longitude: metadata?.location?.longitude,
                venueId: venueId, reason: "attachedByHand", candidatesJSON: "[]", thumbnailFile: thumbnail)
            let game = try game(for: decision, of: pending)
            let scope = try scope(filing: [pending], as: decision, game: game)
            // The pending row and its resolution in one transaction: a failure leaves no row behind.
            let visit = try library.correcting(
                .attach, scope: scope,
                summary: { (visit: StadiumVisit) in
                    "attached \(path) to \(Self.describe(visit))"
                }
            ) { transaction in
                try transaction.insert(pending, replacing: true)
                let filed = try file(pending, as: decision, game: game, in: transaction)
                return (filed.visit, filed.created ? [filed.visit.id] : [])
            }
            outcomes.append((path, .attached(visit)))
        }
        return outcomes
    }

    /// What attaching one photo did: filed it into a visit, or found it already in one.
    public enum AttachOutcome: Hashable, Sendable {
        case attached(StadiumVisit)
        /// The photo was in the library already, in this visit: nothing changed.
        case alreadyIn(StadiumVisit)

        /// The visit the photo is in now.
        public var visit: StadiumVisit {
            switch self {
            case .attached(let visit), .alreadyIn(let visit): visit
            }
        }
    }

    /// Files a pending photo into the visit the decision names, in the caller's transaction.
    private func file(
        _ pending: PendingMatch, as decision: Decision, game: Game?,
        in transaction: LibraryTransaction
    ) throws -> (visit: StadiumVisit, created: Bool) {
        let photo = VisitPhoto(pending)
        let filed: (visit: StadiumVisit, created: Bool)
        if let game {
            filed = try visits.findOrCreate(in: transaction, game: game, dataSource: .partialManual, firstPhoto: photo)
        } else {
            filed = try manualVisit(in: transaction, decision: decision, pending: pending, photo: photo)
        }
        try transaction.file(photo, into: filed.visit.id, replacing: true)
        var updated = pending
        updated.status = .resolved
        updated.resolvedVisitId = filed.visit.id
        try transaction.update(updated)
        return filed
    }

    private func game(for decision: Decision, of pending: PendingMatch) throws -> Game? {
        switch decision {
        case .choice(let number):
            let candidates = candidates(of: pending)
            guard candidates.indices.contains(number - 1) else {
                throw CorrectionError.noSuchCandidate(number: number, count: candidates.count)
            }
            return candidates[number - 1]
        case .game(let id):
            guard let game = catalog.game(id: id) ?? candidates(of: pending).first(where: { $0.id == id }) else {
                throw CorrectionError.unknownGame(id: id)
            }
            return game
        case .manual(let home, let away, _, _, let force):
            // A hand-entered game the catalog knows is that game; one it does not know needs the fan's word.
            guard let venueId = pending.venueId ?? VisitStoreLookup.venue(near: pending, in: catalog),
                let day = pending.localDate
            else { throw CorrectionError.noVenueOrDate }
            let days = [day, pending.fanDay].compactMap { $0 }
            if let game = days.lazy.flatMap({ self.catalog.games(atVenue: venueId, on: $0) })
                .first(where: { $0.homeTeamId == home && $0.awayTeamId == away })
            {
                return game
            }
            guard force else {
                let name = { (id: String) in self.catalog.team(id: id)?.name(on: day) ?? id }
                throw CorrectionError.noSuchGame(
                    description: "\(name(away)) at \(name(home)) at "
                        + "\(catalog.venue(id: venueId)?.name(on: day) ?? venueId) on \(day.iso8601)")
            }
            return nil
        case .tour, .skip:
            return nil
        }
    }

    /// What filing pending photos touches: the photos, their pending rows, and the visit they join when it exists
    /// already (as a move's target is), so that undoing the decision puts that visit back as it was.
    private func scope(filing photos: [PendingMatch], as decision: Decision, game: Game?) throws -> CorrectionScope {
        var scope = CorrectionScope(photoHashes: Set(photos.map(\.sha256)), pendingIds: Set(photos.map(\.id)))
        let joined: StadiumVisit?
        if let game {
            joined = try library.visit(ofGame: game.id)
        } else if let first = photos.first, let (venue, day) = place(of: first) {
            switch decision {
            case .tour: joined = try library.visitWithoutGame(at: venue.id, on: day, type: .tour)
            case .manual(let home, let away, _, _, _):
                joined = try library.visitWithoutGame(at: venue.id, on: day, type: .game, homeTeamId: home, awayTeamId: away)
            default: joined = nil
            }
        } else {
            joined = nil
        }
        if let joined { scope.visitIds.insert(joined.id) }
        return scope
    }

    /// The venue and local day a pending photo is filed at, when they are known.
    private func place(of pending: PendingMatch) -> (venue: Venue, day: LocalDate)? {
        guard let venueId = pending.venueId ?? VisitStoreLookup.venue(near: pending, in: catalog),
            let venue = catalog.venue(id: venueId), let day = pending.localDate
        else { return nil }
        return (venue, day)
    }

    private func manualVisit(
        in transaction: LibraryTransaction, decision: Decision, pending: PendingMatch,
        photo: VisitPhoto
    ) throws -> (visit: StadiumVisit, created: Bool) {
        guard let (venue, day) = place(of: pending) else { throw CorrectionError.noVenueOrDate }
        let venueId = venue.id
        let sport = venue.leagues.count == 1 ? venue.leagues.first : nil
        if decision == .tour {
            return try visits.findOrCreateTour(
                in: transaction, venueId: venueId, venueName: venue.name(on: day), on: day,
                sport: sport, firstPhoto: photo)
        }
        var visit = StadiumVisit(
            venueId: venueId, venueName: venue.name(on: day), localDate: day,
            sport: sport, visitType: .game, dataSource: .fullyManual,
            photoLatitude: pending.latitude, photoLongitude: pending.longitude,
            photoCaptureDate: pending.captureLocal, source: .photoImport)
        if case .manual(let home, let away, let homeScore, let awayScore, _) = decision {
            visit.sport = catalog.team(id: home)?.sport
            visit.homeTeamId = home
            visit.homeTeamName = catalog.team(id: home)?.name(on: day)
            visit.awayTeamId = away
            visit.awayTeamName = catalog.team(id: away)?.name(on: day)
            visit.homeScore = homeScore
            visit.awayScore = awayScore
            visit.scoreSource = homeScore == nil ? nil : .user
            visit.scoreResolutionPending = homeScore == nil
            // A game the catalog does not have, recorded on the fan's word: one visit per such game and day.
            if let existing = try transaction.visitWithoutGame(at: venueId, on: day, type: .game, homeTeamId: home, awayTeamId: away) {
                return (existing, false)
            }
        }
        try transaction.insert(visit)
        return (visit, true)
    }

    /// "Atlanta Braves at Boston Red Sox, Fenway Park, 2015-06-15 (visit …)".
    public static func describe(_ visit: StadiumVisit) -> String {
        let what =
            visit.visitType == .game
            ? [visit.awayTeamName, visit.homeTeamName].compactMap { $0 }.joined(separator: " at ") : "a \(visit.visitType.rawValue)"
        return "\(what.isEmpty ? "a game" : what), \(visit.venueName), \(visit.localDate.iso8601) (visit \(visit.id))"
    }

    /// One line saying what a decision did ("filed 3 photos into …"), for the fan and the correction's summary.
    public static func describe(_ outcome: Outcome) -> String {
        switch outcome {
        case .filed(let photos, let visit): "filed \(count(photos)) into \(describe(visit))"
        case .skipped(let photos): "skipped \(count(photos)); they wait among the skipped matches"
        }
    }

    static func count(_ photos: Int) -> String { photos == 1 ? "1 photo" : "\(photos) photos" }

    /// The operating system's reason a file could not be read, in its own words ("No such file or directory").
    static func reason(_ error: any Error) -> String {
        guard let posix = error as? POSIXError else { return "the file cannot be read" }
        return String(cString: strerror(posix.code.rawValue))
    }
}

/// A candidate as a pending match stores it: the match report's GAME object (docs/REPORT.md).
private struct StoredCandidate: Decodable {
    struct Team: Decodable { var id: String }
    var id: String
    var sport: LeagueID?
    var localDate: LocalDate?
    var gameNumber: Int?
    var startUTC: String?
    var venueId: String?
    var home: Team?
    var away: Team?
    var homeScore: Int?
    var awayScore: Int?
    var distanceMeters: Double?
    var inWindow: Bool?

    /// The game itself, for one the catalog does not have (found online at import).
    func game(in catalog: Catalog) -> Game? {
        guard let sport, let localDate, let venueId, let home, let away else { return nil }
        return Game(
            id: id, sport: sport, season: catalog.season(of: sport, on: localDate), localDate: localDate,
            gameNumber: gameNumber ?? 0, venueId: venueId, homeTeamId: home.id, awayTeamId: away.id,
            homeScore: homeScore, awayScore: awayScore, startUTC: startUTC.flatMap { try? Date($0, strategy: .iso8601) },
            dayNight: nil, lengthMinutes: nil, seasonType: .regular, isNeutralSite: false, source: "online")
    }
}

enum VisitStoreLookup {
    /// The nearest venue to a pending photo's position, when the report named none.
    static func venue(near pending: PendingMatch, in catalog: Catalog) -> String? {
        guard let latitude = pending.latitude, let longitude = pending.longitude,
            let point = GeoCoordinate(latitude: latitude, longitude: longitude)
        else { return nil }
        return StadiumProximityMatcher(catalog: catalog).venues(near: point, on: nil).first?.venue.id
    }
}

extension PendingMatch {
    /// The capture day on the camera's clock.
    public var localDate: LocalDate? { captureLocal?.date }

    /// The fan day of the capture: before 05:00 it is the evening before (``MatchingRules/fanDay(of:)``).
    public var fanDay: LocalDate? { captureLocal.map(MatchingRules().fanDay(of:)) }
}
