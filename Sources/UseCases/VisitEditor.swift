import Catalog
import Foundation
import TimeAndPlace
import VisitStore

/// Corrections the fan makes to a visit, and visits the fan deletes.
///
/// A corrected visit is marked `userCorrected`, and its values as first recorded are kept (`VisitOriginal`, once,
/// on the first correction), so nothing the import found is lost. Deleting a visit deletes its photo records (the
/// photo files are never touched) and returns its photos to the unmatched state. Every change is a ``Correction``
/// the fan can see (`visits show`) and undo. Front ends read through it and change through ``Corrections``, which
/// brings the achievements up to date after each change; its own writes are not public.
public struct VisitEditor: Sendable {
    /// The library whose visits are changed, each change recorded as a correction.
    public let library: VisitLibrary
    /// The catalog venues and games are checked against, and venue names are read from.
    public let catalog: Catalog

    /// An editor of `library`'s visits, checking venues and games against `catalog`.
    public init(library: VisitLibrary, catalog: Catalog) {
        self.library = library
        self.catalog = catalog
    }

    /// What to change; nil leaves a value as it is, and an empty seat or notes clears it.
    public struct Changes: Sendable {
        /// The fan's seat; an empty one clears it.
        public var seat: String?
        /// The fan's notes; empty ones clear them.
        public var notes: String?
        /// A final score by hand, which becomes the user's; refused for a visit that is not a game.
        public var score: (home: Int, away: Int)?
        /// The visit's local date; the venue's name is read again as of the new date.
        public var date: LocalDate?
        /// A venue id; its name is frozen as it was on the visit's date.
        public var venueId: String?
        /// What kind of visit it is (game, tour, other); one that is no longer a game loses its score, and a visit of
        /// a catalog game made a game again gets its final back.
        public var visitType: VisitType?
        /// Replace an official final (the index's or a provider's) with ``score``: the fan said so.
        public var replacingOfficial = false

        /// Changes to make; whatever is left nil stays as it is.
        public init(
            seat: String? = nil, notes: String? = nil, score: (home: Int, away: Int)? = nil, date: LocalDate? = nil,
            venueId: String? = nil, visitType: VisitType? = nil
        ) {
            self.seat = seat
            self.notes = notes
            self.score = score
            self.date = date
            self.venueId = venueId
            self.visitType = visitType
        }

        /// Nothing to change: every value is nil.
        public var isEmpty: Bool {
            seat == nil && notes == nil && score == nil && date == nil && venueId == nil && visitType == nil
        }
    }

    /// Applies `changes` to the visit `typed` names (its id, or a unique start of it) and returns it as it is now.
    func edit(_ typed: String, _ changes: Changes, now: Date = Date()) throws -> StadiumVisit {
        let id = try library.visitId(typed: typed)
        return try library.correcting(
            .edit, scope: CorrectionScope(visitIds: [id]),
            summary: { (visit: StadiumVisit) in "corrected \(visit.summary)" }
        ) { transaction in
            guard var visit = try transaction.visit(id: id) else { throw CorrectionError.noSuchVisit(id: id) }
            // A visit of a catalog game has the game's day and venue: another day or venue is another game.
            if visit.gameId != nil,
                changes.date.map({ $0 != visit.localDate }) ?? false || changes.venueId.map({ $0 != visit.venueId }) ?? false
            {
                throw CorrectionError.gameFixesDayAndVenue(visit: visit.summary)
            }
            if changes.score != nil, !changes.replacingOfficial, let official = Self.official(visit) {
                throw CorrectionError.officialScore(visit: id, score: official)
            }
            try transaction.keepOriginal(of: visit, at: now)
            if let seat = changes.seat { visit.seat = seat.isEmpty ? nil : seat }
            if let notes = changes.notes { visit.notes = notes.isEmpty ? nil : notes }
            if let date = changes.date { visit.localDate = date }
            if let type = changes.visitType { visit.visitType = type }
            if let score = changes.score {
                guard visit.visitType == .game else { throw CorrectionError.tourHasNoScore }
                (visit.homeScore, visit.awayScore) = (score.home, score.away)
                visit.scoreSource = .user
                (visit.scoreProvider, visit.scoreFetchedAt) = (nil, nil)
                visit.scoreResolutionPending = false
            } else if visit.visitType != .game {
                (visit.homeScore, visit.awayScore, visit.scoreSource, visit.scoreResolutionPending) = (nil, nil, nil, false)
            } else if changes.visitType == .game, visit.homeScore == nil, let game = visit.gameId.flatMap(catalog.game(id:)),
                let home = game.homeScore, let away = game.awayScore
            {
                (visit.homeScore, visit.awayScore, visit.scoreSource) = (home, away, .app)
            }
            if let venueId = changes.venueId {
                guard let venue = catalog.venue(id: venueId) else { throw CorrectionError.unknownVenue(id: venueId) }
                visit.venueId = venue.id
            }
            if changes.venueId != nil || changes.date != nil, let venue = catalog.venue(id: visit.venueId) {
                visit.venueName = venue.name(on: visit.localDate)
            }
            visit.dataSource = .userCorrected
            try transaction.update(visit)
            return (visit, [])
        }
    }

    /// Records a game the fan attended without a photo (`visits add`, the web app's "add a game"): the catalog's game,
    /// names frozen as they were that day, its final from the index. A game already in the library is said, not doubled.
    func add(game id: GameID) throws -> StadiumVisit {
        guard let game = catalog.game(id: id) else { throw CorrectionError.unknownGame(id: id) }
        if let existing = try library.visit(ofGame: id) {
            throw CorrectionError.alreadyVisited(game: catalog.describe(game), visit: existing.id)
        }
        return try library.correcting(
            .add, scope: CorrectionScope(), summary: { (visit: StadiumVisit) in "added \(visit.summary)" }
        ) { transaction in
            var visit = VisitFactory(catalog: catalog).visit(for: game, dataSource: .fullyManual, firstPhoto: nil)
            visit.source = .manual
            try transaction.insert(visit)
            return (visit, [visit.id])
        }
    }

    /// Deletes the visit `id` and its photo records (the photo files are never touched); returns what was deleted.
    /// Its photos return to the unmatched state: an import or `attach` can place them again. Its evidence is remembered
    /// as deleted, and not filed again by any import (`undo` puts it back).
    @discardableResult
    func delete(_ typed: String) throws -> StadiumVisit {
        let id = try library.visitId(typed: typed)
        return try library.correcting(
            .delete, scope: CorrectionScope(visitIds: [id]),
            summary: { (visit: StadiumVisit) in "deleted \(visit.summary)" }
        ) { transaction in
            guard let visit = try transaction.visit(id: id) else { throw CorrectionError.noSuchVisit(id: id) }
            try transaction.deletePendingMatches(ofPhotos: transaction.photoHashes(inVisit: id))
            try transaction.dismissEvidence(ofVisit: id)
            try transaction.deleteVisit(id: id)
            return (visit, [])
        }
    }

    /// Where moved photos go.
    public enum Destination: Hashable, Sendable {
        /// A game of the catalog; one far from where or when a photo was taken (``Catalog/howFar(_:fromPhotoAt:_:takenAt:)``)
        /// only `evenIfFar`, when the fan said so.
        case game(GameID, evenIfFar: Bool = false)
        case visit(String)
        /// A tour of the photos' venue on their visit's day.
        case tour
    }

    /// Moves photos (by content hash) out of their visits into another; a visit left without photos is deleted.
    /// Returns the visit they are in now.
    func move(_ hashes: [String], to destination: Destination) throws -> StadiumVisit {
        var destination = destination
        if case .visit(let typed) = destination { destination = .visit(try library.visitId(typed: typed)) }
        let from = try library.visitIds(ofPhotos: hashes)
        var scope = CorrectionScope(visitIds: Set(from), photoHashes: Set(hashes))
        if case .visit(let id) = destination { scope.visitIds.insert(id) }
        if case .game(let id, _) = destination {
            guard catalog.game(id: id) != nil else { throw CorrectionError.unknownGame(id: id) }
            if let existing = try library.visit(ofGame: id) {
                scope.visitIds.insert(existing.id)
            }
        }
        return try library.correcting(
            .move, scope: scope,
            summary: { (visit: StadiumVisit) in
                "moved \(MatchConfirmer.count(hashes.count)) to \(visit.summary)"
            }
        ) { transaction in
            let photos = try transaction.photos(hashes: hashes)
            guard let first = photos.first else { throw CorrectionError.photoNotInLibrary(path: hashes.first ?? "") }
            let source = try transaction.visit(id: first.visitId)
            var created: Set<String> = []
            let target: StadiumVisit
            switch destination {
            case .visit(let id):
                guard let visit = try transaction.visit(id: id) else { throw CorrectionError.noSuchVisit(id: id) }
                target = visit
            case .game(let id, let evenIfFar):
                let game = catalog.game(id: id)!
                for photo in photos where !evenIfFar {
                    if let far = catalog.howFar(game, fromPhotoAt: photo.latitude, photo.longitude, takenAt: photo.captureLocal) {
                        throw CorrectionError.farFromPhoto(photo: photo.originalPath, game: catalog.describe(game), far: far)
                    }
                }
                let found = try VisitFactory(catalog: catalog).findOrCreate(
                    in: transaction, game: game, dataSource: .partialManual,
                    firstPhoto: first)
                if found.created { created.insert(found.visit.id) }
                target = found.visit
            case .tour:
                guard let source else { throw CorrectionError.photoNotInLibrary(path: first.originalPath) }
                let found = try VisitFactory(catalog: catalog).findOrCreateTour(
                    in: transaction, venueId: source.venueId, venueName: source.venueName, on: source.localDate,
                    league: source.league, firstPhoto: first)
                if found.created { created.insert(found.visit.id) }
                target = found.visit
            }
            try transaction.move(photos, into: target.id)
            try transaction.resolvePendingMatches(ofPhotos: hashes, to: target.id)
            // A visit is never left holding nothing: its photos (and evidence) were what made it.
            for id in Set(photos.map(\.visitId)) where id != target.id {
                if try transaction.holdsNothing(visit: id) { try transaction.deleteVisit(id: id) }
            }
            return (target, created)
        }
    }

    /// Sets a visit's score by hand (`stadiumlog scores --set`): the last tier, the user.
    func setScore(ofVisit typed: String, home: Int, away: Int, replacingOfficial: Bool = false) throws -> StadiumVisit {
        let visitId = try library.visitId(typed: typed)
        return try library.correcting(
            .score, scope: CorrectionScope(visitIds: [visitId]),
            summary: { (visit: StadiumVisit) in
                "entered the score \(visit.spokenScore ?? "\(FinalScore(away: away, home: home))") for \(visit.summary)"
            }
        ) { transaction in
            guard var visit = try transaction.visit(id: visitId) else { throw CorrectionError.noSuchVisit(id: visitId) }
            guard visit.visitType == .game else { throw CorrectionError.tourHasNoScore }
            if !replacingOfficial, let official = Self.official(visit) {
                throw CorrectionError.officialScore(visit: visitId, score: official)
            }
            visit.homeScore = home
            visit.awayScore = away
            visit.scoreSource = .user
            visit.scoreProvider = nil
            visit.scoreFetchedAt = Date()
            visit.scoreResolutionPending = false
            try transaction.update(visit)
            return (visit, [])
        }
    }

    /// The official final of a visit ("Atlanta Braves 4, Boston Red Sox 2"), from the bundled index or a provider;
    /// nil when it has none or the fan entered it.
    public func officialScore(ofVisit typed: String) throws -> String? {
        Self.official(try library.visit(typed: typed))
    }

    private static func official(_ visit: StadiumVisit) -> String? {
        guard let source = visit.scoreSource, source != .user else { return nil }
        return visit.spokenScore
    }

    /// The content hashes of the library's photos named by these paths (as imported, or files whose content is in it)
    /// or by their content hash (whole, or a unique start of it, as `visits show` prints it).
    public func photoHashes(for paths: [String]) throws -> [String] {
        var hashes: [String] = []
        for path in paths {
            if let stored = try library.photoHash(importedFrom: path) {
                hashes.append(stored)
                continue
            }
            if let hash = try? FileHasher.sha256(ofFileAt: path), try library.containsPhoto(hash: hash) {
                hashes.append(hash)
            } else if !FileManager.default.fileExists(atPath: path), let hash = try library.photoHash(typed: path.lowercased()) {
                hashes.append(hash)
            } else {
                throw CorrectionError.photoNotInLibrary(path: path)
            }
        }
        return hashes
    }

    /// A visit with its photos and the corrections that touched it.
    public func details(of typed: String) throws -> (visit: StadiumVisit, photos: [VisitPhoto], history: [Correction]) {
        let visit = try library.visit(typed: typed)
        return (visit, try library.photos(inVisit: visit.id), try library.corrections(ofVisit: visit.id))
    }
}
