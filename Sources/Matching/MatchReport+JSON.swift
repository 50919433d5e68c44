import Catalog
import Foundation
import PhotoMetadata
import TimeAndPlace

/// One photo of the report as docs/REPORT.md writes it: for writing a report a photo at a time.
public struct PhotoJSON: Encodable, Sendable {
    let photo: PhotoMatch
    let catalog: Catalog

    /// Prepares a photo's outcome for encoding; the catalog gives the teams' names on the game's date.
    public init(photo: PhotoMatch, catalog: Catalog) {
        self.photo = photo
        self.catalog = catalog
    }

    enum Keys: String, CodingKey {
        case path, status, capture, location, venue, spatial, temporal, confidence, game, candidates, reason, error
        case captureOrigin, locationOrigin, timeRule, afterMidnight, gameOfDay, usualPlaceDays, clockCorrectionSeconds
        case clockSetBy
    }
    enum GameOfDayKeys: String, CodingKey { case number, count }
    enum CaptureKeys: String, CodingKey { case local, utcOffset, timeSource }
    enum LocationKeys: String, CodingKey { case latitude, longitude }
    enum VenueKeys: String, CodingKey { case id, name, currentName, distanceMeters }

    /// Writes every key of a PHOTO object, null where there is no value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(photo.path, forKey: .path)
        try container.encode(photo.status, forKey: .status)
        if let capture = photo.capture {
            var nested = container.nestedContainer(keyedBy: CaptureKeys.self, forKey: .capture)
            try nested.encode(capture.local.iso8601, forKey: .local)
            try nested.encode(capture.utcOffset?.description, forKey: .utcOffset)
            try nested.encode(capture.source, forKey: .timeSource)
        } else {
            var nested = container.nestedContainer(keyedBy: CaptureKeys.self, forKey: .capture)
            try nested.encodeNil(forKey: .local)
            try nested.encodeNil(forKey: .utcOffset)
            try nested.encode(TimeSource.unresolved, forKey: .timeSource)
        }
        if let location = photo.location {
            var nested = container.nestedContainer(keyedBy: LocationKeys.self, forKey: .location)
            try nested.encode(location.latitude, forKey: .latitude)
            try nested.encode(location.longitude, forKey: .longitude)
        } else {
            try container.encodeNil(forKey: .location)
        }
        if let venue = photo.venue {
            var nested = container.nestedContainer(keyedBy: VenueKeys.self, forKey: .venue)
            try nested.encode(venue.id, forKey: .id)
            try nested.encode(venue.name, forKey: .name)
            try nested.encode(venue.currentName, forKey: .currentName)
            try nested.encode(venue.distanceMeters.map { ($0 * 10).rounded() / 10 }, forKey: .distanceMeters)
        } else {
            try container.encodeNil(forKey: .venue)
        }
        try container.encode(photo.spatial, forKey: .spatial)
        try container.encode(photo.temporal, forKey: .temporal)
        try container.encode(photo.confidence, forKey: .confidence)
        try container.encode(photo.game.map { GameJSON(game: $0, catalog: catalog) }, forKey: .game)
        try container.encode(
            photo.candidates.map { GameJSON(game: $0.game, catalog: catalog, candidate: $0) },
            forKey: .candidates)
        try container.encode(photo.reason, forKey: .reason)
        try container.encode(photo.errorMessage, forKey: .error)
        // Where the capture time and position came from: `file`, `xmpSidecar`, `takeoutSidecar` or `gpsTrack` (null when
        // absent); seconds added to the camera's clock, only when some were: by `--camera-offset`, or by the photo
        // another camera took at the same moment, named by `clockSetBy`.
        try container.encodeIfPresent(photo.clockCorrection, forKey: .clockCorrectionSeconds)
        try container.encodeIfPresent(photo.clockSetBy, forKey: .clockSetBy)
        try container.encode(photo.captureOrigin, forKey: .captureOrigin)
        try container.encode(photo.locationOrigin, forKey: .locationOrigin)
        // Which time rule decided (docs/REPORT.md, "Game windows"); added after the first version of the contract.
        try container.encode(photo.timeRule, forKey: .timeRule)
        try container.encode(photo.afterMidnight, forKey: .afterMidnight)
        if let gameOfDay = photo.gameOfDay {
            var nested = container.nestedContainer(keyedBy: GameOfDayKeys.self, forKey: .gameOfDay)
            try nested.encode(gameOfDay.number, forKey: .number)
            try nested.encode(gameOfDay.count, forKey: .count)
        } else {
            try container.encodeNil(forKey: .gameOfDay)
        }
        // Added with usual places: why a photo near a game was not asked about (null for every other photo).
        try container.encode(photo.usualPlaceDays, forKey: .usualPlaceDays)
    }
}

/// The GAME object of the contract; candidates add how well they fit.
public struct GameJSON: Encodable {
    let game: Game
    let catalog: Catalog
    var candidate: GameCandidate?

    /// The GAME object of a game, as a matched photo's `game`.
    public init(game: Game, catalog: Catalog) {
        self.game = game
        self.catalog = catalog
    }

    /// The GAME object of a candidate, with how well it fits (distance, confidences, window, `inWindow`).
    public init(game: Game, catalog: Catalog, candidate: GameCandidate) {
        self.init(game: game, catalog: catalog)
        self.candidate = candidate
    }

    enum Keys: String, CodingKey {
        case id
        case league = "sport"
        case localDate, gameNumber, startUTC, venueId, home, away, homeScore, awayScore
        case distanceMeters, spatial, temporal, confidence, window, inWindow, dayNight, lengthMinutes, resumed
    }
    enum TeamKeys: String, CodingKey { case id, name }
    enum ResumedKeys: String, CodingKey { case localDate, venueId, startUTC }

    /// Writes the GAME object: the game, its teams with their names on its date, and the fit for a candidate.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(game.id, forKey: .id)
        try container.encode(game.league, forKey: .league)
        try container.encode(game.localDate, forKey: .localDate)
        try container.encode(game.gameNumber, forKey: .gameNumber)
        try container.encode(game.startUTC.map(UTCTimestamp.string), forKey: .startUTC)
        try container.encode(game.venueId, forKey: .venueId)
        for (key, teamId) in [(Keys.home, game.homeTeamId), (Keys.away, game.awayTeamId)] {
            var team = container.nestedContainer(keyedBy: TeamKeys.self, forKey: key)
            try team.encode(teamId, forKey: .id)
            try team.encode(catalog.teamName(teamId, on: game.localDate), forKey: .name)
        }
        try container.encode(game.homeScore, forKey: .homeScore)
        try container.encode(game.awayScore, forKey: .awayScore)
        if let resumption = game.resumption {
            var resumed = container.nestedContainer(keyedBy: ResumedKeys.self, forKey: .resumed)
            try resumed.encode(resumption.localDate, forKey: .localDate)
            try resumed.encode(resumption.venueId, forKey: .venueId)
            try resumed.encode(resumption.startUTC.map(UTCTimestamp.string), forKey: .startUTC)
        }
        if let candidate {
            try container.encode(candidate.distanceMeters.map { ($0 * 10).rounded() / 10 }, forKey: .distanceMeters)
            try container.encode(candidate.spatial, forKey: .spatial)
            try container.encode(candidate.temporal, forKey: .temporal)
            try container.encode(candidate.confidence, forKey: .confidence)
            try container.encode(candidate.window, forKey: .window)
            try container.encode(candidate.duringGame, forKey: .inWindow)
        }
        try container.encode(game.dayNight, forKey: .dayNight)
        try container.encode(game.lengthMinutes, forKey: .lengthMinutes)
    }
}

/// One would-be visit of the report as docs/REPORT.md writes it.
public struct VisitJSON: Encodable {
    let visit: MatchReport.Visit
    /// Prepares a visit for encoding.
    public init(_ visit: MatchReport.Visit) { self.visit = visit }

    enum Keys: String, CodingKey { case venueId, gameId, localDate, photos }

    /// Writes the visit's venue, game, date and photos.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(visit.venueId, forKey: .venueId)
        try container.encode(visit.gameId, forKey: .gameId)
        try container.encode(visit.localDate, forKey: .localDate)
        try container.encode(visit.photos, forKey: .photos)
    }
}
