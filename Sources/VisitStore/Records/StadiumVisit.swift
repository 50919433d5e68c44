import Catalog
import Foundation
import GRDB
import TimeAndPlace

/// One visit to one venue: usually one game, with its photos. Names are frozen as they were that day, so a visit to
/// "Staples Center" stays one after the arena is renamed; ids are canonical, so it is still the same building.
public struct StadiumVisit: Codable, Hashable, Sendable, Identifiable, FetchableRecord, PersistableRecord {
    /// The keys of the columns and the export: `sport` for the league, as it has always been written.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, venueId, venueName, localDate
        case league = "sport"
        case visitType, gameId, homeTeamId
        case homeTeamName, awayTeamId, awayTeamName, homeScore, awayScore, scoreSource, scoreProvider
        case scoreFetchedAt, scoreResolutionPending, dataSource, seat, notes, photoLatitude, photoLongitude
        case photoCaptureDate, createdAt, source
    }

    /// The SQLite table of visits (`visit`, not the type's name).
    public static let databaseTableName = "visit"

    /// A UUID string fixed at creation; photos, corrections and `stadiumlog visits` refer to the visit by it.
    public var id: String
    /// The canonical venue id (`stadium_mlb_fenway_park`); the name is frozen separately in `venueName`.
    public var venueId: String
    /// The venue's name on `localDate`, frozen: a later rename of the building does not change it.
    public var venueName: String
    /// The day of the visit at the venue (a night game's local date, not its UTC one).
    public var localDate: LocalDate
    /// The league played; nil when it cannot be told (a tour of a building several leagues share).
    public var league: LeagueID?
    /// A game, a tour or other; only a game has teams and a score.
    public var visitType: VisitType
    /// The catalog game (`game_nba_2021_lal_bkn_1225`), at most one visit each; nil for a tour or a game the catalog lacks.
    public var gameId: GameID?
    /// The home team's catalog id (`team_mlb_bos`); nil for a tour, or when the teams are unknown.
    public var homeTeamId: TeamID?
    /// The home team's name on `localDate`, frozen like `venueName`; nil when unknown.
    public var homeTeamName: String?
    /// The away team's catalog id (`team_mlb_atl`); nil for a tour, or when the teams are unknown.
    public var awayTeamId: TeamID?
    /// The away team's name on `localDate`, frozen like `venueName`; nil when unknown.
    public var awayTeamName: String?
    /// The home team's final score; nil until one is known (see `scoreResolutionPending`) and for tours.
    public var homeScore: Int?
    /// The away team's final score; nil until one is known and for tours.
    public var awayScore: Int?
    /// Where the final score came from; nil without one.
    public var scoreSource: ScoreSource?
    /// Which provider supplied the score, and when (nil for the bundled index and the user).
    public var scoreProvider: String?
    /// When `scoreProvider` was asked, or when the fan entered the score with `stadiumlog scores --set`; nil otherwise.
    public var scoreFetchedAt: Date?
    /// No final score yet: a later `stadiumlog scores --retry` looks for it.
    public var scoreResolutionPending: Bool
    /// How much of the visit the fan supplied; `userCorrected` once `visits edit` has changed it.
    public var dataSource: DataSource
    /// Where the fan sat, as they typed it (`visits edit --seat`); nil when not given.
    public var seat: String?
    /// The fan's own notes (`visits edit --notes`), newlines allowed; nil when there are none.
    public var notes: String?
    /// Kept so the visit can be matched again if the catalog improves.
    public var photoLatitude: Double?
    /// The longitude that goes with `photoLatitude`, from the photo the visit was made from.
    public var photoLongitude: Double?
    /// That photo's wall-clock capture time, kept with its position so the visit can be matched again; nil without one.
    public var photoCaptureDate: LocalDateTime?
    /// When the visit was recorded (achievements order visits of one day by it).
    public var createdAt: Date
    /// How the visit came into the library.
    public var source: VisitSource

    /// A visit as given: a fresh UUID and created now unless told otherwise; everything optional starts empty and
    /// `scoreResolutionPending` false.
    public init(
        id: String = RecordID.random(), venueId: String, venueName: String, localDate: LocalDate, league: LeagueID?,
        visitType: VisitType, gameId: GameID? = nil, homeTeamId: TeamID? = nil, homeTeamName: String? = nil,
        awayTeamId: TeamID? = nil, awayTeamName: String? = nil, homeScore: Int? = nil, awayScore: Int? = nil,
        scoreSource: ScoreSource? = nil, scoreProvider: String? = nil, scoreFetchedAt: Date? = nil,
        scoreResolutionPending: Bool = false, dataSource: DataSource,
        seat: String? = nil, notes: String? = nil, photoLatitude: Double? = nil, photoLongitude: Double? = nil,
        photoCaptureDate: LocalDateTime? = nil, createdAt: Date = Date(), source: VisitSource
    ) {
        self.id = id
        self.venueId = venueId
        self.venueName = venueName
        self.localDate = localDate
        self.league = league
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

    /// The columns this target filters and orders visits by.
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

/// What a visit was: a `game`, a `tour` of the venue without a game, or `other` (set with `visits edit --type`).
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

/// How a visit came into the library: from a fan's photo (`photo_import`, also through `confirm` and `attach`), or
/// entered without one (`manual`).
public enum VisitSource: String, Codable, Hashable, Sendable {
    case photoImport = "photo_import"
    case manual
}

extension StadiumVisit {
    /// Every column, in the order of ``CodingKeys``: what every request for visits selects, so a row is read by
    /// position.
    public static var databaseSelection: [any SQLSelectable] { CodingKeys.allCases.map { Column($0) } }

    /// ``databaseSelection`` as SQL, for the statements prepared once (``LibraryTransaction/visit(ofGame:)``).
    static let selectedColumns = CodingKeys.allCases.map { "\"\($0.stringValue)\"" }.joined(separator: ", ")

    /// A visit from its row, read by hand and by position rather than through Codable or by column name, and from
    /// the statement's own text, integers and reals: the overview and the visits page of the web app read every
    /// visit on each request (10,000 for a long-time fan), and the decoder, the name lookups and the generic
    /// conversions of typed values each cost more than the query. The row holds ``databaseSelection``, in its order.
    /// Throws, as the decoder did, on a value the column cannot hold.
    public init(row: Row) throws {
        var index = -1
        func text() throws -> String? {
            index += 1
            return try row.decode(String?.self, atIndex: index)
        }
        func value<T>(_ parse: (String) -> T?) throws -> T? {
            guard let text = try text() else { return nil }
            guard let value = parse(text) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "visit column \(index): '\(text)'"))
            }
            return value
        }
        func required<T>(_ value: T?) throws -> T {
            guard let value else {
                throw DecodingError.valueNotFound(T.self, .init(codingPath: [], debugDescription: "visit column \(index)"))
            }
            return value
        }
        func number() throws -> Int? {
            index += 1
            return try row.decode(Int?.self, atIndex: index)
        }
        func real() throws -> Double? {
            index += 1
            return try row.decode(Double?.self, atIndex: index)
        }
        func date() throws -> Date? {
            index += 1
            return try row.decode(Date?.self, atIndex: index)
        }
        id = try required(text())
        venueId = try required(text())
        venueName = try required(text())
        localDate = try required(value(LocalDate.init))
        league = try value(LeagueID.init(rawValue:))
        visitType = try required(value(VisitType.init(rawValue:)))
        gameId = try value(GameID.init(rawValue:))
        homeTeamId = try value(TeamID.init(rawValue:))
        homeTeamName = try text()
        awayTeamId = try value(TeamID.init(rawValue:))
        awayTeamName = try text()
        homeScore = try number()
        awayScore = try number()
        scoreSource = try value(ScoreSource.init(rawValue:))
        scoreProvider = try text()
        scoreFetchedAt = try date()
        scoreResolutionPending = try required(number()) != 0
        dataSource = try required(value(DataSource.init(rawValue:)))
        seat = try text()
        notes = try text()
        photoLatitude = try real()
        photoLongitude = try real()
        photoCaptureDate = try value { LocalDateTime(exifString: $0) }
        createdAt = try required(date())
        source = try required(value(VisitSource.init(rawValue:)))
    }
}
