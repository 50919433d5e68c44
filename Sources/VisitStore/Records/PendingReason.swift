/// Why a photo waits for the fan, as the import (or `attach`) found it. Stored and exported as the word it always was
/// (`missingLocation`, …), so libraries and exports of every version read the same; a word written by a later
/// StadiumLog is kept as it is. A pending match without one (nil) is near a venue on a game day with several games,
/// or one the import is not sure of.
public enum PendingReason: RawRepresentable, Hashable, Sendable, Codable {
    /// No GPS position; its time fits a game of the same outing (the outing's other photos have positions).
    case missingLocation
    /// No capture date.
    case missingDate
    /// Too far from the venue, or from the game's day, to be sure.
    case lowConfidence
    /// No GPS position; another camera's photos of the same outing suggested the game.
    case otherCameraSession
    /// Attached by hand (`attach`) to a venue and day.
    case attachedByHand
    /// Placed on a GPS track by its camera's clock alone, read as the venue's local time: the clock may be off.
    case trackByCameraClock
    /// A word this StadiumLog does not know (written by a later one), kept as it was.
    case other(String)

    /// The stored word.
    public var rawValue: String {
        switch self {
        case .missingLocation: "missingLocation"
        case .missingDate: "missingDate"
        case .lowConfidence: "lowConfidence"
        case .otherCameraSession: "otherCameraSession"
        case .attachedByHand: "attachedByHand"
        case .trackByCameraClock: "trackByCameraClock"
        case .other(let word): word
        }
    }

    /// The reason a stored word names; any word is one.
    public init(rawValue: String) {
        self =
            switch rawValue {
            case "missingLocation": .missingLocation
            case "missingDate": .missingDate
            case "lowConfidence": .lowConfidence
            case "otherCameraSession": .otherCameraSession
            case "attachedByHand": .attachedByHand
            case "trackByCameraClock": .trackByCameraClock
            default: .other(rawValue)
            }
    }
}
