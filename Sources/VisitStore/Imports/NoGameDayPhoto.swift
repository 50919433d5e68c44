import Foundation
import GRDB
import TimeAndPlace

/// A photo an import found near a venue on a day without a game around it: where and when, and the venue. Kept so the
/// places a fan's photos gather on such days (home, work) are learned across imports — a fan who lives by a park is not
/// asked about the photos taken at home on game days — and so the photos taken at a venue on such a day (a tour?) are
/// listed on the Not imported page until they are filed.
public struct NoGameDayPhoto: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    /// The photo's absolute path: one row a photo, however often it is imported.
    public var path: String
    /// Where it was taken.
    public var latitude: Double
    /// The longitude that goes with ``latitude``.
    public var longitude: Double
    /// Its local date.
    public var day: LocalDate
    /// The venue it was nearest; nil in records kept before it was (only photos away from a venue were kept then).
    public var venueId: String?
    /// How far from that venue, in metres.
    public var distanceMeters: Double?

    /// The photo at `path`, taken at (`latitude`, `longitude`) on `day`, `distanceMeters` from `venueId`.
    public init(path: String, latitude: Double, longitude: Double, day: LocalDate, venueId: String? = nil, distanceMeters: Double? = nil) {
        self.path = path
        self.latitude = latitude
        self.longitude = longitude
        self.day = day
        self.venueId = venueId
        self.distanceMeters = distanceMeters
    }
}

extension VisitLibrary {
    /// Every photo imports found near a venue on a day without a game around it.
    public func noGameDayPhotos() throws(LibraryError) -> [NoGameDayPhoto] {
        try read { db in try NoGameDayPhoto.fetchAll(db) }
    }

    /// The photos imports found near a venue (with the venue) on a day without a game around it and that are not filed
    /// since (by hand, or by a later import once a catalog update brought the game), by day and path.
    public func noGameDayPhotosLeftOut() throws(LibraryError) -> [NoGameDayPhoto] {
        try read { db in
            try NoGameDayPhoto.filter(
                sql: "venueId IS NOT NULL AND path NOT IN (SELECT originalPath FROM visitPhoto) "
                    + "AND path NOT IN (SELECT originalPath FROM pendingMatch)"
            ).order(Column("day"), Column("path")).fetchAll(db)
        }
    }

    /// Remembers photos found near a venue on a day without a game (replacing what was known of them).
    public func remember(noGameDayPhotos photos: [NoGameDayPhoto]) throws(LibraryError) {
        guard !photos.isEmpty else { return }
        try write { db in for photo in photos { try photo.insert(db, onConflict: .replace) } }
    }
}
