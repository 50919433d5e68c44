import Catalog
import Foundation
import GRDB
import TimeAndPlace

/// The reads the application layer needs, by name: nothing outside this target sees the database.
extension VisitLibrary {
    // MARK: Visits

    /// Every visit, by date.
    public func visits() throws(LibraryError) -> [StadiumVisit] {
        // By game id within a day: a doubleheader's game 1 (`…_0615_1`) before its game 2, not by the random visit ids.
        try read { db in
            try StadiumVisit.order(StadiumVisit.Columns.localDate, StadiumVisit.Columns.gameId, StadiumVisit.Columns.id).fetchAll(db)
        }
    }

    /// The visits a photo of the visit on `day` at `venueId` could be moved to: those within `days` of that day and
    /// those at the same venue, by date, at most `limit` (the nearest in time first), without the visit `excluding`.
    public func visits(
        around day: LocalDate, within days: Int, orAt venueId: String, excluding: String, limit: Int
    ) throws(LibraryError) -> [StadiumVisit] {
        let (from, to) = (LocalDate(daysSinceEpoch: day.daysSinceEpoch - days), LocalDate(daysSinceEpoch: day.daysSinceEpoch + days))
        return try read { db in
            try StadiumVisit
                .filter(
                    (StadiumVisit.Columns.localDate >= from && StadiumVisit.Columns.localDate <= to)
                        || StadiumVisit.Columns.venueId == venueId
                )
                .filter(StadiumVisit.Columns.id != excluding)
                .order(sql: "abs(julianday(localDate) - julianday(?))", arguments: [day.iso8601])
                .limit(limit).fetchAll(db)
                .sorted { ($0.localDate, $0.gameId?.rawValue ?? "") < ($1.localDate, $1.gameId?.rawValue ?? "") }
        }
    }

    /// The visits of these games.
    public func visits(ofGames ids: Set<GameID>) throws(LibraryError) -> [StadiumVisit] {
        try read { db in
            try StadiumVisit.filter(Array(ids).contains(StadiumVisit.Columns.gameId))
                .order(StadiumVisit.Columns.localDate, StadiumVisit.Columns.id).fetchAll(db)
        }
    }

    /// The visit with this id; nil when the library has none.
    public func visit(id: String) throws(LibraryError) -> StadiumVisit? {
        try read { db in try StadiumVisit.fetchOne(db, key: id) }
    }

    /// The visit of a catalog game, if the fan has one.
    public func visit(ofGame gameId: GameID) throws(LibraryError) -> StadiumVisit? {
        try transactionRead { try $0.visit(ofGame: gameId) }
    }

    /// The visit without a catalog game at a venue on a day: a tour, or (with teams) a game entered by hand.
    public func visitWithoutGame(
        at venueId: String, on day: LocalDate, type: VisitType, homeTeamId: TeamID? = nil, awayTeamId: TeamID? = nil
    ) throws(LibraryError) -> StadiumVisit? {
        try transactionRead {
            try $0.visitWithoutGame(at: venueId, on: day, type: type, homeTeamId: homeTeamId, awayTeamId: awayTeamId)
        }
    }

    /// The visit a photo (by content hash) is filed in.
    public func visit(containingPhoto hash: String) throws(LibraryError) -> StadiumVisit? {
        try read { db in
            guard let photo = try VisitPhoto.fetchOne(db, key: hash) else { return nil }
            return try StadiumVisit.fetchOne(db, key: photo.visitId)
        }
    }

    /// The visits waiting for a final score, oldest first.
    public func visitsAwaitingScores() throws(LibraryError) -> [StadiumVisit] {
        try read { db in
            try StadiumVisit.filter(StadiumVisit.Columns.scoreResolutionPending == true).order(StadiumVisit.Columns.localDate).fetchAll(db)
        }
    }

    // MARK: Photos

    /// How many photos each visit has, by visit id.
    public func photoCounts() throws(LibraryError) -> [String: Int] {
        try read { db in
            try Row.fetchAll(
                db,
                VisitPhoto.select(VisitPhoto.Columns.visitId, count(VisitPhoto.Columns.sha256).forKey("n"))
                    .group(VisitPhoto.Columns.visitId)
            )
            .reduce(into: [String: Int]()) { $0[$1["visitId"]] = $1["n"] }
        }
    }

    /// For each of these visits (every visit when nil) that has photos: how many, and the content hash of the first
    /// with a thumbnail (its card's picture) — one read for a page of cards, or for the report's every card without
    /// holding a photo record (a library of a million photos holds a few thousand visits).
    public func covers(ofVisits ids: [String]? = nil) throws(LibraryError) -> [String: (count: Int, thumbnail: String?)] {
        try read { db in
            let all = VisitPhoto.all()
            let photos = try Row.fetchCursor(
                db,
                (ids.map { all.filter($0.contains(VisitPhoto.Columns.visitId)) } ?? all)
                    .select(VisitPhoto.Columns.visitId, VisitPhoto.Columns.sha256, VisitPhoto.Columns.thumbnailFile != nil)
                    .order(VisitPhoto.Columns.visitId, VisitPhoto.Columns.sortOrder))
            var covers: [String: (count: Int, thumbnail: String?)] = [:]
            while let row = try photos.next() {
                let visit: String = row[0]
                var cover = covers[visit] ?? (0, nil)
                cover.count += 1
                if cover.thumbnail == nil, row[2] as Bool { cover.thumbnail = row[1] }
                covers[visit] = cover
            }
            return covers
        }
    }

    /// The photos filed in a game's visit whose file told both their place and their moment (an offset tag or the GPS
    /// clock), with the game: what a camera's photos without either, imported later, are matched beside.
    public func photosWithKnownMoments() throws(LibraryError) -> [(photo: VisitPhoto, gameId: GameID)] {
        try read { db in
            let photos = try VisitPhoto.filter(
                [TimeSource.offsetTimeOriginal, .gpsClock].contains(VisitPhoto.Columns.timeSource) && VisitPhoto.Columns.latitude != nil
            ).fetchAll(db)
            let games = Dictionary(
                try StadiumVisit.fetchAll(db, keys: Set(photos.map(\.visitId))).compactMap { visit in visit.gameId.map { (visit.id, $0) } },
                uniquingKeysWith: { first, _ in first })
            return photos.compactMap { photo in games[photo.visitId].map { (photo, $0) } }
        }
    }

    /// A visit's photos, in their order.
    public func photos(inVisit id: String) throws(LibraryError) -> [VisitPhoto] {
        try read { db in try VisitPhoto.filter(VisitPhoto.Columns.visitId == id).order(VisitPhoto.Columns.sortOrder).fetchAll(db) }
    }

    /// Whether a photo with this content hash is filed in a visit (a pending match does not count).
    public func containsPhoto(hash: String) throws(LibraryError) -> Bool {
        try read { db in try VisitPhoto.exists(db, key: hash) }
    }

    /// The content hash of the library's photo imported from `path` (or whose hash `path` is).
    public func photoHash(importedFrom path: String) throws(LibraryError) -> String? {
        try read { db in
            try String.fetchOne(
                db,
                VisitPhoto.filter(VisitPhoto.Columns.originalPath == path || VisitPhoto.Columns.sha256 == path)
                    .select(VisitPhoto.Columns.sha256))
        }
    }

    /// The visits these photos (by content hash) are filed in.
    public func visitIds(ofPhotos hashes: [String]) throws(LibraryError) -> [String] {
        try read { db in
            try String.fetchAll(
                db,
                VisitPhoto.filter(hashes.contains(VisitPhoto.Columns.sha256))
                    .select(VisitPhoto.Columns.visitId, as: String.self).distinct())
        }
    }

    /// Where the library has each of these contents (a visit photo or a pending match), by content hash.
    public func storedPaths(ofPhotos hashes: [String]) throws(LibraryError) -> [String: String] {
        guard !hashes.isEmpty else { return [:] }
        return try read { db in
            let photos = VisitPhoto.filter(hashes.contains(VisitPhoto.Columns.sha256))
                .select(VisitPhoto.Columns.sha256, VisitPhoto.Columns.originalPath)
            let pending = PendingMatch.filter(hashes.contains(PendingMatch.Columns.sha256))
                .select(PendingMatch.Columns.sha256, PendingMatch.Columns.originalPath)
            let rows = try Row.fetchAll(db, pending) + Row.fetchAll(db, photos)
            // A visit photo wins over a pending match of the same content.
            return Dictionary(rows.map { ($0["sha256"] as String, $0["originalPath"] as String) }, uniquingKeysWith: { _, photo in photo })
        }
    }

    /// Every photo that has (or needs) a thumbnail: visit photos and unsettled pending matches.
    public func photosWithThumbnails() throws(LibraryError) -> [(hash: String, path: String, thumbnail: String?)] {
        try read { db in
            let photos = try Row.fetchAll(
                db,
                VisitPhoto.select(
                    VisitPhoto.Columns.sha256, VisitPhoto.Columns.originalPath,
                    VisitPhoto.Columns.thumbnailFile))
            let pending = try Row.fetchAll(
                db,
                PendingMatch.filter(PendingMatch.Columns.status != PendingStatus.resolved && PendingMatch.Columns.evidence == nil)
                    .select(PendingMatch.Columns.sha256, PendingMatch.Columns.originalPath, PendingMatch.Columns.thumbnailFile))
            return (photos + pending).map { (hash: $0["sha256"], path: $0["originalPath"], thumbnail: $0["thumbnailFile"]) }
        }
    }

    /// Keeps the thumbnails made for photos (and their pending matches), by content hash, and records that they have
    /// one: the pictures first, so no photo ever names a thumbnail that is not kept.
    public func keepThumbnails(_ made: [(hash: String, jpeg: Data)]) throws(LibraryError) {
        guard !made.isEmpty else { return }
        try thumbnails.keep(made)
        try write { db in
            for (hash, _) in made {
                let name = VisitPhoto.thumbnailPath(forHash: hash)
                _ = try VisitPhoto.filter(key: hash).updateAll(db, VisitPhoto.Columns.thumbnailFile.set(to: name))
                _ = try PendingMatch.filter(PendingMatch.Columns.sha256 == hash)
                    .updateAll(db, PendingMatch.Columns.thumbnailFile.set(to: name))
            }
        }
    }

    // MARK: Pending matches

    /// Pending matches with these statuses, oldest first.
    public func pendingMatches(in statuses: Set<PendingStatus>) throws(LibraryError) -> [PendingMatch] {
        try read { db in
            try PendingMatch.filter(Array(statuses).contains(PendingMatch.Columns.status))
                .order(PendingMatch.Columns.createdAt, PendingMatch.Columns.captureLocal, PendingMatch.Columns.originalPath)
                .fetchAll(db)
        }
    }

    /// How many pending matches have this status, counted without reading them.
    public func pendingCount(_ status: PendingStatus) throws(LibraryError) -> Int {
        try read { db in try PendingMatch.filter(PendingMatch.Columns.status == status).fetchCount(db) }
    }

    /// The pending match with this id, whatever its status; nil when there is none.
    public func pendingMatch(id: String) throws(LibraryError) -> PendingMatch? {
        try read { db in try PendingMatch.fetchOne(db, key: id) }
    }

    /// The pending match of a photo, by content hash.
    public func pendingMatch(ofPhoto hash: String) throws(LibraryError) -> PendingMatch? {
        try read { db in try PendingMatch.filter(PendingMatch.Columns.sha256 == hash).fetchOne(db) }
    }

    /// Pending matches as they are now, by id.
    public func pendingMatches(ids: [String]) throws(LibraryError) -> [PendingMatch] {
        try read { db in try PendingMatch.fetchAll(db, keys: ids) }
    }

    /// Reads through the named steps of a transaction, without writing.
    private func transactionRead<T>(_ body: (LibraryTransaction) throws -> T) throws(LibraryError) -> T {
        try read { db in try body(LibraryTransaction(db: db)) }
    }
}

extension VisitLibrary {
    /// SQLite's full integrity check of the database: `["ok"]` when sound, else each problem it finds (at most 100).
    public func integrityProblems() throws(LibraryError) -> [String] {
        let rows = try read { db in try String.fetchAll(db, sql: "PRAGMA integrity_check(100)") }
        return rows == ["ok"] ? [] : rows
    }
}
