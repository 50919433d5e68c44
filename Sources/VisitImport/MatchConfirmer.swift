import Catalog
import Foundation
import GRDB
import PhotoMetadata
import Thumbnails
import TimeAndPlace
import VisitStore

/// Settles pending matches the way the user decides: one of the candidates, another game, a tour, by hand, or later.
public struct MatchConfirmer: Sendable {
    public let library: VisitLibrary
    public let catalog: Catalog
    let visits: VisitFactory

    public init(library: VisitLibrary, catalog: Catalog) {
        self.library = library
        self.catalog = catalog
        visits = VisitFactory(catalog: catalog)
    }

    /// What the user decided for one pending photo.
    public enum Decision: Hashable, Sendable {
        /// Candidate number N (1-based, in the order the report listed them).
        case choice(Int)
        /// A game from the catalog by id.
        case game(String)
        /// Not a game: a stadium tour (or any non-game visit) at the pending photo's venue.
        case tour
        /// Entered by hand: the teams (ids) and, when known, the final score.
        case manual(homeTeamId: String, awayTeamId: String, homeScore: Int?, awayScore: Int?)
        /// Decide later; the photo stays out of the way.
        case skip
    }

    /// Pending matches, oldest first; skipped ones too when asked.
    public func pending(includingSkipped: Bool = false) throws(LibraryError) -> [PendingMatch] {
        try library.read { db in
            try PendingMatch.filter(includingSkipped ? [PendingStatus.pending.rawValue, PendingStatus.skipped.rawValue].contains(Column("status"))
                                                     : Column("status") == PendingStatus.pending.rawValue)
                .order(Column("createdAt"), Column("originalPath")).fetchAll(db)
        }
    }

    /// The candidate games of a pending match, best first, as catalog games.
    public func candidates(of pending: PendingMatch) -> [Game] {
        candidateDetails(of: pending).map(\.game)
    }

    /// The candidates with the distance from the photo to each one's venue, as the match report gave it.
    public func candidateDetails(of pending: PendingMatch) -> [(game: Game, distanceMeters: Double?)] {
        struct Candidate: Decodable {
            var id: String
            var distanceMeters: Double?
        }
        let candidates = (try? JSONDecoder().decode([Candidate].self, from: Data(pending.candidatesJSON.utf8))) ?? []
        return candidates.compactMap { candidate in catalog.game(id: candidate.id).map { ($0, candidate.distanceMeters) } }
    }

    /// Attaches photos the import left unmatched, by hand: each is hashed and filed as the decision says (a photo
    /// already in the library is left where it is). Returns the visits, in order. A decision that cannot be carried
    /// out (a game the catalog does not have, no venue or date) changes nothing.
    public func attach(_ paths: [String], _ decision: Decision, venueId: String? = nil,
                       on day: LocalDate? = nil) throws(LibraryError) -> [StadiumVisit] {
        if case .game(let id) = decision, catalog.game(id: id) == nil {
            throw .unknownGame(id: id)
        }
        var visits: [StadiumVisit] = []
        for path in paths {
            let hash: String
            do { hash = try FileHasher.sha256(ofFileAt: path) } catch {
                throw .notFound(what: "the photo \(path) (\(error.localizedDescription))")
            }
            let metadata = try? PhotoMetadataExtractor().metadata(ofFileAt: path)
            if let visit = try library.read({ db in
                try StadiumVisit.filter(sql: "id = (SELECT visitId FROM visitPhoto WHERE sha256 = ?)", arguments: [hash]).fetchOne(db)
            }) {
                visits.append(visit)
                continue
            }
            let thumbnail = try? ThumbnailStore(library: library, generator: ThumbnailGenerator())
                .write(forPhotoAt: path, hash: hash, metadata: metadata)
            let pending = PendingMatch(sha256: hash, originalPath: path,
                                       captureLocal: day.map { "\($0.iso8601)T12:00:00" } ?? metadata?.capture?.local.iso8601,
                                       utcOffset: metadata?.capture?.utcOffset?.description,
                                       timeSource: metadata?.capture?.source.rawValue,
                                       latitude: metadata?.location?.latitude, longitude: metadata?.location?.longitude,
                                       venueId: venueId, reason: "attachedByHand", candidatesJSON: "[]", thumbnailFile: thumbnail)
            let game = try game(for: decision, of: pending)
            // The pending row and its resolution in one transaction: a failure leaves no row behind.
            let visit = try library.write { db in
                try pending.insert(db, onConflict: .replace)
                return try file(pending, as: decision, game: game, db)
            }
            visits.append(visit)
        }
        return visits
    }

    /// Applies a decision; returns the visit the photo now belongs to (nil when skipped).
    @discardableResult
    public func resolve(_ pendingId: String, _ decision: Decision) throws(LibraryError) -> StadiumVisit? {
        guard let pending = try library.read({ db in try PendingMatch.fetchOne(db, key: pendingId) }) else {
            throw .notFound(what: "pending match \(pendingId)")
        }
        if decision == .skip {
            try library.write { db in
                var updated = pending
                updated.status = .skipped
                try updated.update(db)
            }
            return nil
        }
        let game = try game(for: decision, of: pending)
        return try library.write { db in try file(pending, as: decision, game: game, db) }
    }

    /// Files a pending photo into the visit the decision names, in the caller's transaction.
    private func file(_ pending: PendingMatch, as decision: Decision, game: Game?, _ db: Database) throws -> StadiumVisit {
        var photo = VisitPhoto(sha256: pending.sha256, visitId: "", originalPath: pending.originalPath,
                               captureLocal: pending.captureLocal, utcOffset: pending.utcOffset,
                               timeSource: pending.timeSource, latitude: pending.latitude, longitude: pending.longitude,
                               thumbnailFile: pending.thumbnailFile, sortOrder: 0)
        let visit: StadiumVisit
        if let game {
            visit = try visits.findOrCreate(db, game: game, dataSource: .partialManual, firstPhoto: photo).visit
        } else {
            visit = try manualVisit(db, decision: decision, pending: pending)
        }
        photo.visitId = visit.id
        photo.sortOrder = try VisitPhoto.filter(Column("visitId") == visit.id).fetchCount(db)
        try photo.insert(db, onConflict: .ignore)
        var updated = pending
        updated.status = .resolved
        updated.resolvedVisitId = visit.id
        try updated.update(db)
        return visit
    }

    private func game(for decision: Decision, of pending: PendingMatch) throws(LibraryError) -> Game? {
        switch decision {
        case .choice(let number):
            let candidates = candidates(of: pending)
            guard candidates.indices.contains(number - 1) else {
                throw .noSuchCandidate(number: number, count: candidates.count)
            }
            return candidates[number - 1]
        case .game(let id):
            guard let game = catalog.game(id: id) else { throw .unknownGame(id: id) }
            return game
        case .manual(let home, let away, _, _):
            // A hand-entered game the catalog knows is that game.
            guard let day = pending.localDate else { return nil }
            return catalog.games(ofTeam: home, on: day).first { $0.homeTeamId == home && $0.awayTeamId == away }
        case .tour, .skip:
            return nil
        }
    }

    private func manualVisit(_ db: Database, decision: Decision, pending: PendingMatch) throws -> StadiumVisit {
        guard let venueId = pending.venueId ?? (try? VisitStoreLookup.venue(near: pending, in: catalog)),
              let venue = catalog.venue(id: venueId), let day = pending.localDate else {
            throw LibraryError.notFound(what: "a venue and date for this photo (it has no GPS or no date)")
        }
        let type: VisitType = decision == .tour ? .tour : .game
        if let existing = try StadiumVisit.filter(Column("gameId") == nil && Column("venueId") == venueId
                                                  && Column("localDate") == day.iso8601 && Column("visitType") == type.rawValue)
            .fetchOne(db) {
            return existing
        }
        var visit = StadiumVisit(venueId: venueId, venueName: venue.name(on: day), localDate: day,
                                 sport: venue.sports.count == 1 ? venue.sports.first : nil, visitType: type,
                                 dataSource: type == .tour ? .partialManual : .fullyManual,
                                 photoLatitude: pending.latitude, photoLongitude: pending.longitude,
                                 photoCaptureDate: pending.captureLocal, source: .photoImport)
        if case .manual(let home, let away, let homeScore, let awayScore) = decision {
            visit.sport = catalog.team(id: home)?.sport
            visit.homeTeamId = home
            visit.homeTeamName = catalog.team(id: home)?.name(on: day)
            visit.awayTeamId = away
            visit.awayTeamName = catalog.team(id: away)?.name(on: day)
            visit.homeScore = homeScore
            visit.awayScore = awayScore
            visit.scoreSource = homeScore == nil ? nil : .user
            visit.scoreResolutionPending = homeScore == nil
        }
        try visit.insert(db)
        return visit
    }
}

enum VisitStoreLookup {
    /// The nearest venue to a pending photo's position, when the report named none.
    static func venue(near pending: PendingMatch, in catalog: Catalog) throws -> String? {
        guard let latitude = pending.latitude, let longitude = pending.longitude,
              let point = GeoCoordinate(latitude: latitude, longitude: longitude) else { return nil }
        return catalog.venues(near: point, within: 5_000).first?.venue.id
    }
}

extension PendingMatch {
    /// The capture day on the camera's clock.
    var localDate: LocalDate? { captureLocal.flatMap { LocalDate(String($0.prefix(10))) } }
}
