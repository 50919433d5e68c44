import Catalog
import Foundation
import GRDB
import TimeAndPlace

/// One visit to one venue: usually one game, with its photos. Names are frozen as they were that day, so a visit to
/// "Staples Center" stays one after the arena is renamed; ids are canonical, so it is still the same building.
public struct StadiumVisit: Codable, Hashable, Sendable, Identifiable, FetchableRecord, PersistableRecord {
    public static let databaseTableName = "visit"

    public var id: String
    public var venueId: String
    public var venueName: String
    public var localDate: LocalDate
    public var sport: Sport?
    public var visitType: VisitType
    public var gameId: String?
    public var homeTeamId: String?
    public var homeTeamName: String?
    public var awayTeamId: String?
    public var awayTeamName: String?
    public var homeScore: Int?
    public var awayScore: Int?
    public var scoreSource: ScoreSource?
    /// Which provider supplied the score, and when (nil for the bundled index and the user).
    public var scoreProvider: String?
    public var scoreFetchedAt: Date?
    /// No final score yet: a later `stadiumlog scores --retry` looks for it.
    public var scoreResolutionPending: Bool
    public var dataSource: DataSource
    public var seat: String?
    public var notes: String?
    /// Kept so the visit can be matched again if the catalog improves.
    public var photoLatitude: Double?
    public var photoLongitude: Double?
    public var photoCaptureDate: LocalDateTime?
    public var createdAt: Date
    public var source: VisitSource

    public init(id: String = UUID().uuidString, venueId: String, venueName: String, localDate: LocalDate, sport: Sport?,
                visitType: VisitType, gameId: String? = nil, homeTeamId: String? = nil, homeTeamName: String? = nil,
                awayTeamId: String? = nil, awayTeamName: String? = nil, homeScore: Int? = nil, awayScore: Int? = nil,
                scoreSource: ScoreSource? = nil, scoreProvider: String? = nil, scoreFetchedAt: Date? = nil,
                scoreResolutionPending: Bool = false, dataSource: DataSource,
                seat: String? = nil, notes: String? = nil, photoLatitude: Double? = nil, photoLongitude: Double? = nil,
                photoCaptureDate: LocalDateTime? = nil, createdAt: Date = Date(), source: VisitSource) {
        self.id = id
        self.venueId = venueId
        self.venueName = venueName
        self.localDate = localDate
        self.sport = sport
        self.visitType = visitType
        self.gameId = gameId
        self.homeTeamId = homeTeamId
        self.homeTeamName = homeTeamName
        self.awayTeamId = awayTeamId
        self.awayTeamName = awayTeamName
        self.homeScore = homeScore
        self.awayScore = awayScore
        self.scoreSource = scoreSource
        self.scoreProvider = scoreProvider
        self.scoreFetchedAt = scoreFetchedAt
        self.scoreResolutionPending = scoreResolutionPending
        self.dataSource = dataSource
        self.seat = seat
        self.notes = notes
        self.photoLatitude = photoLatitude
        self.photoLongitude = photoLongitude
        self.photoCaptureDate = photoCaptureDate
        self.createdAt = createdAt
        self.source = source
    }

    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let venueId = Column(CodingKeys.venueId)
        static let localDate = Column(CodingKeys.localDate)
        static let visitType = Column(CodingKeys.visitType)
        static let gameId = Column(CodingKeys.gameId)
        static let homeTeamId = Column(CodingKeys.homeTeamId)
        static let awayTeamId = Column(CodingKeys.awayTeamId)
        static let scoreResolutionPending = Column(CodingKeys.scoreResolutionPending)
    }
}

public enum VisitType: String, Codable, Hashable, Sendable, CaseIterable {
    case game, tour, other
}

/// Where a final score came from.
public enum ScoreSource: String, Codable, Hashable, Sendable {
    /// The bundled index.
    case app
    case api, scraped, user
}

/// How much of a visit the user supplied.
public enum DataSource: String, Codable, Hashable, Sendable {
    case automatic, partialManual, fullyManual, userCorrected
}

public enum VisitSource: String, Codable, Hashable, Sendable {
    case photoImport = "photo_import"
    case manual
}

extension StadiumVisit {
    /// Its final score as fans say it, away team first: "Atlanta Braves 4, Boston Red Sox 2"; nil without one.
    public var spokenScore: String? {
        guard let home = homeScore, let away = awayScore else { return nil }
        return "\(awayTeamName ?? "away") \(away), \(homeTeamName ?? "home") \(home)"
    }
}
