import Catalog
import Foundation
import PhotoMetadata
import TimeAndPlace

/// What matching concluded for one photo. Field names and values follow the match report contract (docs/REPORT.md).
public struct PhotoMatch: Hashable, Sendable {
    /// The photo's path as given to the matcher; it identifies the photo in the report.
    public var path: String
    /// The outcome: `matched`, `needsConfirmation`, `unmatched` or `error`.
    public var status: MatchStatus
    /// The capture time, with the offset resolved from the venue's time zone when the file could not tell it.
    public var capture: CaptureTime?
    /// Where the photo was taken, from the file or a sidecar; nil when neither had a usable position.
    public var location: GeoCoordinate?
    /// The matched venue, or the best candidate's; the nearest for `noGamesOnDate` and `missingDate`; nil when none is
    /// near.
    public var venue: VenueHit?
    /// How close the photo was to ``venue``; `none` without a position or a venue near.
    public var spatial: SpatialConfidence
    /// How the photo's day relates to the matched (or best candidate's) game's; nil when no game was compared.
    public var temporal: TemporalConfidence?
    /// What may be done without asking, for the matched game or the best candidate (`manualOnly` when there is none).
    public var confidence: MatchConfidence
    /// The game, when `matched`.
    public var game: Game?
    /// Every game that could be it, best first: non-empty for `needsConfirmation` (and for `lowConfidence`).
    public var candidates: [GameCandidate]
    /// Why no game was matched, for `unmatched` and `error` photos (a session suggestion keeps `missingLocation`);
    /// else nil.
    public var reason: MatchReason?
    /// For `error`: why the file could not be read.
    public var readError: PhotoMetadataError?
    /// For `error`: why the file could not be read, in words.
    public var errorMessage: String? { readError?.description }
    /// Make and model (and the body's serial number when the file gives one), to group photos into sessions.
    public var camera: String?
    /// Seconds added to the camera's clock before matching (`--camera-offset`, or ``CameraClocks``); nil when none was.
    public var clockCorrection: Int?
    /// The photo (another camera's, at the same moment) whose clock set this one's right (``CameraClocks``); nil when
    /// the clock was taken as it was or corrected by `--camera-offset`.
    public var clockSetBy: String?
    /// Where the capture time and the position came from (the file, or a sidecar that filled what it lacked).
    public var captureOrigin: MetadataOrigin?
    /// Where the position came from: the file, or a sidecar (XMP, Google Takeout JSON) that filled what it lacked.
    public var locationOrigin: MetadataOrigin?
    /// Which time rule decided (a match), or why the user must (a question); nil when no game was near in time.
    public var timeRule: TimeRule?
    /// Taken between midnight and 05:00 at the venue: the photo belongs to the evening before.
    public var afterMidnight = false
    /// For a photo matched among several games of one day at one venue: which of them, in order of start.
    public var gameOfDay: GameOfDay?
    /// For a suggestion from a session: made from another camera's photos (a DSLR without GPS or zone beside the
    /// phone), its clock taken as the venue's local time.
    public var fromAnotherCamera = false
    /// Placed on a GPS track by its camera's wall clock alone, read in the track's zone (``TrackGeotagger``): a clock
    /// off by hours puts it where the track was then, so it is at most a question.
    public var isPlacedByCameraClock: Bool {
        locationOrigin == .gpsTrack && capture.map { $0.source == .venueTimeZone && !$0.clockTag.isUTCInstant } == true
    }
    /// For a photo near a game but taken at a usual place of the fan's (``UsualPlaces``): on how many days without a
    /// game the fan's photos were taken there. Nil otherwise.
    public var usualPlaceDays: Int?
}

extension PhotoMatch {
    /// A photo matched to `game` elsewhere — another folder of the import, or an earlier import (its camera unknown) —
    /// as photos matched now are matched beside it (sessions across cameras, ``CameraClocks``).
    public static func matched(path: String, camera: String?, capture: CaptureTime, location: GeoCoordinate?, game: Game) -> PhotoMatch {
        PhotoMatch(
            path: path, status: .matched, capture: capture, location: location, spatial: .high, confidence: .autoSelect,
            game: game, candidates: [], camera: camera)
    }
}

/// The time rule behind a decision (docs/REPORT.md, "Game windows"). Raw values are part of the report contract.
public enum TimeRule: String, Hashable, Sendable, Codable {
    /// Matched: the one game whose window holds the photo.
    case duringGame
    /// Matched: nothing is known of the game's time, and it is the only game of the photo's fan day.
    case onlyGameOfFanDay
    /// Matched: several games that day at the venue; the photo falls in the play of exactly one.
    case duringOneOfSeveral
    /// Matched: other venues had games then, but all more than four times as far as this one.
    case nearestVenue
    /// For the user: several games at the venue hold the photo in their windows.
    case severalGamesThen
    /// For the user: venues with games then are too close together (or the nearest is not within 500 m).
    case venuesTooClose
    /// Not asked: a game day, but the photo is outside every game's known window (a tour, a tailgate, home nearby).
    case outsideWindow
    /// Not asked: no game holds the photo's time; games of the days around it are listed.
    case noGameAtThatTime

    /// A rule that leaves the photo to the fan as a question; the others match it, or list it as near a game
    /// (`lowConfidence`): a photo outside every game's window is no question.
    public var asksTheFan: Bool {
        switch self {
        case .severalGamesThen, .venuesTooClose: true
        case .duringGame, .onlyGameOfFanDay, .duringOneOfSeveral, .nearestVenue, .outsideWindow, .noGameAtThatTime: false
        }
    }
}

/// The n-th of the games played at one venue on one day.
public struct GameOfDay: Hashable, Sendable {
    /// Which of them it is, from 1, in order of start.
    public var number: Int
    /// How many of them there are: the venue's games whose windows held the photo, this one included.
    public var count: Int

    /// Game `number` (from 1) of `count`.
    public init(number: Int, count: Int) {
        self.number = number
        self.count = count
    }
}

/// How much the catalog knows of a game's time, which decides its window. Raw values are part of the report contract.
public enum TimeWindowBasis: String, Hashable, Sendable, Codable {
    /// A scheduled start (and perhaps a length): start − 3 h to start + 6 h, or to the end of play plus the walk out
    /// when the length is known.
    case startTime
    /// Only a day/night flag (Retrosheet): from 3 h before the earliest such start (11:00 or 17:00 local) to 6 h after
    /// the latest (17:00 or 21:30), or to the end of play plus the walk out when the length is known.
    case dayNight
    /// Nothing: the whole fan day (05:00 to 05:00, local).
    case fanDay
}

/// A photo's outcome; raw values are part of the report contract. `matched`: exactly one game, no doubt left;
/// `needsConfirmation`: candidates for the user; `unmatched`: no game (``PhotoMatch/reason`` says why); `error`: the file
/// could not be read.
public enum MatchStatus: String, Hashable, Sendable, Codable {
    case matched, needsConfirmation, unmatched, error
}

/// Why a photo was not matched, or could not be read; raw values are part of the report contract (docs/REPORT.md).
/// `missingLocation`: no GPS; `missingDate`: no capture time; `noVenueNearby`: no venue within ``MatchingRules/lowRadius``;
/// `noGamesOnDate`: no game at the venues near it from the day before to the day after; `lowConfidence`: near a game but
/// no question — the best candidate is only `manualOnly`, or no game's window holds the photo; `unreadable`: a file
/// that could not be read; `unsupportedFormat`: a format StadiumLog does not read yet.
public enum MatchReason: String, Hashable, Sendable, Codable {
    case missingLocation, missingDate, noVenueNearby, noGamesOnDate, lowConfidence, unreadable, unsupportedFormat
}

/// The venue a photo was matched to (or is nearest to), with its name on the capture date.
public struct VenueHit: Hashable, Sendable {
    /// The canonical venue id (`stadium_mlb_fenway_park`).
    public var id: String
    /// The venue's name on the capture date ("SBC Park" in 2004), or its latest name when the date is not known.
    public var name: String
    /// The venue's latest name ("Oracle Park").
    public var currentName: String
    /// How far from the venue the photo was taken, in metres; nil for a session suggestion, which has no position.
    public var distanceMeters: Double?
}

/// A game that could be the one in the photo, and how well it fits.
public struct GameCandidate: Hashable, Sendable {
    /// The candidate game.
    public var game: Game
    /// The photo's distance from the game's venue, in metres; nil for a session suggestion, which has no position.
    public var distanceMeters: Double?
    /// How close the photo was to the game's venue.
    public var spatial: SpatialConfidence
    /// How the photo's day relates to the game's.
    public var temporal: TemporalConfidence
    /// What may be done with this game without asking; never `autoSelect` when the photo is outside its window.
    public var confidence: MatchConfidence
    /// The game's window holds the photo.
    public var duringGame: Bool
    /// How far the photo is from the known start time, for ranking.
    public var secondsFromStart: Double?
    /// What the game's window was made from.
    public var window: TimeWindowBasis = .fanDay

    /// A candidate as given (a question about evidence is asked with its games this way).
    public init(
        game: Game, distanceMeters: Double?, spatial: SpatialConfidence, temporal: TemporalConfidence, confidence: MatchConfidence,
        duringGame: Bool, secondsFromStart: Double? = nil, window: TimeWindowBasis = .fanDay
    ) {
        self.game = game
        self.distanceMeters = distanceMeters
        self.spatial = spatial
        self.temporal = temporal
        self.confidence = confidence
        self.duringGame = duringGame
        self.secondsFromStart = secondsFromStart
        self.window = window
    }
}
