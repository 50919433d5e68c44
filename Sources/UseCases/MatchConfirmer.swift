import Catalog
import Foundation
import Matching
import PhotoMetadata
import Thumbnails
import TimeAndPlace
import VisitStore

/// Settles pending matches the way the user decides: one of the candidates, another game, a tour, by hand, or later.
/// Front ends read through it (pending matches, groups, candidates) and change through ``Corrections``, which records
/// each change for undo and brings the achievements up to date; its own writes are not public.
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
        /// A game from the catalog (or one of the pending match's candidates) by id; one far from the photo's place or
        /// day (``MatchConfirmer/howFar(_:from:)``) only `evenIfFar`, when the fan said so.
        case game(GameID, evenIfFar: Bool = false)
        /// Not a game: a stadium tour (or any non-game visit) at the pending photo's venue.
        case tour
        /// Entered by hand: the teams (ids) and, when known, the final score. A game the catalog does not have at that
        /// venue and date is refused unless `force`.
        case manual(homeTeamId: TeamID, awayTeamId: TeamID, homeScore: Int?, awayScore: Int?, force: Bool = false)
        /// Decide later; the photo comes back with `confirm --skipped`.
        case skip
    }

    /// What a decision did.
    public enum Outcome: Hashable, Sendable {
        /// The photos (and pieces of evidence) went into this visit (of this game, when it is one).
        case filed(photos: Int, visit: StadiumVisit, evidence: Int = 0)
        /// The photos (and pieces of evidence) wait among the skipped.
        case skipped(photos: Int, evidence: Int = 0)

        /// The visit the photos went into; nil when skipped.
        public var visit: StadiumVisit? {
            if case .filed(_, let visit, _) = self { return visit }
            return nil
        }
    }

    /// Applies a decision to one pending photo.
    @discardableResult
    func resolve(_ pendingId: String, _ decision: Decision) throws -> Outcome {
        try resolve([try match(id: pendingId)], decision)
    }

    /// Applies one decision to every photo of a group (or any list of pending photos), in one transaction.
    @discardableResult
    func resolve(_ photos: [PendingMatch], _ decision: Decision) throws -> Outcome {
        guard let first = photos.first else { return .skipped(photos: 0) }
        let current = try library.pendingMatches(ids: photos.map(\.id))
        if let settled = current.first(where: { $0.status == .resolved }) {
            let visit = try settled.resolvedVisitId.flatMap { (id) throws in try library.visit(id: id) }
            throw CorrectionError.alreadySettled(photo: settled.originalPath, visit: visit?.summary ?? "filed")
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
                let evidence = photos.filter { $0.evidence != nil }.count
                return (Outcome.skipped(photos: photos.count - evidence, evidence: evidence), [])
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
            let evidence = current.filter { $0.evidence != nil }.count
            return (Outcome.filed(photos: current.count - evidence, visit: visit!, evidence: evidence), created)
        }
    }

    /// Checks that a decision can be carried out for a pending photo (a candidate that exists, a game by hand that
    /// the catalog has, or `force`), without filing anything.
    public func check(_ decision: Decision, for pending: PendingMatch) throws {
        _ = try game(for: decision, of: pending)
    }

    /// Files a pending photo into the visit the decision names, in the caller's transaction.
    func file(
        _ pending: PendingMatch, as decision: Decision, game: Game?,
        in transaction: LibraryTransaction
    ) throws -> (visit: StadiumVisit, created: Bool) {
        // A question about evidence (a short stay, a calendar's teams and day) files the evidence, not a photo.
        let photo = pending.evidence == nil ? VisitPhoto(pending) : nil
        var filed: (visit: StadiumVisit, created: Bool)
        if let game {
            filed = try visits.findOrCreate(in: transaction, game: game, dataSource: .partialManual, firstPhoto: photo)
            // A score typed with the teams of a catalog game without a final is the fan's: kept, not dropped (one that
            // disagrees with the catalog's final was refused in ``game(for:of:)``).
            if case .manual(_, _, let home?, let away?, _) = decision, filed.visit.finalScore == nil {
                (filed.visit.homeScore, filed.visit.awayScore) = (home, away)
                (filed.visit.scoreSource, filed.visit.scoreResolutionPending) = (.user, false)
                try transaction.update(filed.visit)
            }
        } else {
            filed = try manualVisit(in: transaction, decision: decision, pending: pending, photo: photo)
        }
        if let photo {
            try transaction.file(photo, into: filed.visit.id, replacing: true)
        } else if let evidence = VisitEvidence(settling: pending, into: filed.visit.id, venueId: filed.visit.venueId) {
            try transaction.insert(evidence)
        }
        var updated = pending
        updated.status = .resolved
        updated.resolvedVisitId = filed.visit.id
        try transaction.update(updated)
        return filed
    }

    func game(for decision: Decision, of pending: PendingMatch) throws -> Game? {
        switch decision {
        case .choice(let number):
            let candidates = candidates(of: pending)
            guard candidates.indices.contains(number - 1) else {
                throw CorrectionError.noSuchCandidate(number: number, count: candidates.count)
            }
            return candidates[number - 1]
        case .game(let id, let evenIfFar):
            guard let game = catalog.game(id: id) ?? candidates(of: pending).first(where: { $0.id == id }) else {
                throw CorrectionError.unknownGame(id: id)
            }
            if !evenIfFar, let far = howFar(game, from: pending) {
                throw CorrectionError.farFromPhoto(photo: pending.originalPath, game: catalog.describe(game), far: far)
            }
            return game
        case .manual(let home, let away, let homeScore, let awayScore, let force):
            // A hand-entered game the catalog knows is that game; one it does not know needs the fan's word.
            guard let venueId = pending.venueOrNearest(in: catalog),
                let day = pending.localDate
            else { throw CorrectionError.noVenueOrDate }
            let days = [day, pending.fanDay].compactMap { $0 }
            if let game = days.lazy.flatMap({ self.catalog.games(atVenue: venueId, on: $0) })
                .first(where: { $0.homeTeamId == home && $0.awayTeamId == away })
            {
                let typed = FinalScore(away: awayScore, home: homeScore)
                if let typed, let official = game.finalScore, typed != official {
                    throw CorrectionError.scoreDisagrees(
                        game: "\(catalog.matchup(of: game)) on \(game.localDate.iso8601)", official: "\(official)", typed: "\(typed)")
                }
                return game
            }
            guard force else {
                throw CorrectionError.noSuchGame(
                    description: "\(catalog.teamName(away, on: day)) at \(catalog.teamName(home, on: day)) at "
                        + "\(catalog.venueName(venueId, on: day)) on \(day.iso8601)")
            }
            return nil
        case .tour, .skip:
            return nil
        }
    }

    /// How a game is far from where or when a pending photo was taken (``Catalog/howFar(_:fromPhotoAt:_:takenAt:)``).
    func howFar(_ game: Game, from photo: PendingMatch) -> String? {
        catalog.howFar(game, fromPhotoAt: photo.latitude, photo.longitude, takenAt: photo.captureLocal)
    }

    /// What filing pending photos touches: the photos, their pending rows, and the visit they join when it exists
    /// already (as a move's target is), so that undoing the decision puts that visit back as it was.
    func scope(filing photos: [PendingMatch], as decision: Decision, game: Game?) throws -> CorrectionScope {
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
        guard let venueId = pending.venueOrNearest(in: catalog),
            let venue = catalog.venue(id: venueId), let day = pending.localDate
        else { return nil }
        return (venue, day)
    }

    private func manualVisit(
        in transaction: LibraryTransaction, decision: Decision, pending: PendingMatch,
        photo: VisitPhoto?
    ) throws -> (visit: StadiumVisit, created: Bool) {
        guard let (venue, day) = place(of: pending) else { throw CorrectionError.noVenueOrDate }
        let venueId = venue.id
        let league = venue.leagues.count == 1 ? venue.leagues.first : nil
        if decision == .tour {
            return try visits.findOrCreateTour(
                in: transaction, venueId: venueId, venueName: venue.name(on: day), on: day,
                league: league, firstPhoto: photo)
        }
        var visit = StadiumVisit(
            venueId: venueId, venueName: venue.name(on: day), localDate: day,
            league: league, visitType: .game, dataSource: .fullyManual,
            photoLatitude: pending.latitude, photoLongitude: pending.longitude,
            photoCaptureDate: pending.captureLocal, source: .photoImport)
        if case .manual(let home, let away, let homeScore, let awayScore, _) = decision {
            visit.league = catalog.team(id: home)?.league
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

    /// One line saying what a decision did ("filed 3 photos into …"), for the fan and the correction's summary.
    public static func describe(_ outcome: Outcome) -> String {
        switch outcome {
        case .filed(let photos, let visit, let evidence): "filed \(count(photos, evidence: evidence)) into \(visit.summary)"
        case .skipped(let photos, let evidence): "skipped \(count(photos, evidence: evidence)); they wait among the skipped matches"
        }
    }

    /// "1 photo", "3 photos and 1 piece of evidence", "1 piece of evidence".
    public static func count(_ photos: Int, evidence: Int = 0) -> String {
        let pieces = evidence == 1 ? "1 piece of evidence" : "\(evidence) pieces of evidence"
        guard evidence > 0 else { return photos == 1 ? "1 photo" : "\(photos) photos" }
        return photos == 0 ? pieces : "\(photos == 1 ? "1 photo" : "\(photos) photos") and \(pieces)"
    }

}
