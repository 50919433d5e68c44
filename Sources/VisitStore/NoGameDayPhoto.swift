import Foundation
import GRDB
import TimeAndPlace

/// A photo an import found near a venue on a day without a game around it: where and when. Kept so the places a fan's
/// photos gather on such days (home, work) are learned across imports, and a fan who lives by a park is not asked about
/// the photos taken at home on game days.
public struct NoGameDayPhoto: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    /// The photo's absolute path: one row a photo, however often it is imported.
    public var path: String
    /// Where it was taken.
    public var latitude: Double
    /// The longitude that goes with ``latitude``.
    public var longitude: Double
    /// Its local date.
    public var day: LocalDate

    /// The photo at `path`, taken at (`latitude`, `longitude`) on `day`.
    public init(path: String, latitude: Double, longitude: Double, day: LocalDate) {
        self.path = path
        self.latitude = latitude
        self.longitude = longitude
        self.day = day
    }
}

extension VisitLibrary {
    /// Every photo imports found near a venue on a day without a game around it.
    public func noGameDayPhotos() throws(LibraryError) -> [NoGameDayPhoto] {
        try read { db in try NoGameDayPhoto.fetchAll(db) }
    }

    /// Remembers photos found near a venue on a day without a game (replacing what was known of them).
    public func remember(noGameDayPhotos photos: [NoGameDayPhoto]) throws(LibraryError) {
        guard !photos.isEmpty else { return }
        try write { db in for photo in photos { try photo.insert(db, onConflict: .replace) } }
    }
}
