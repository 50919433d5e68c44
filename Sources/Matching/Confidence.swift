/// How close a photo was taken to a venue. Raw values are part of the match report contract.
public enum SpatialConfidence: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// Under 500 m: in or at the building.
    case high
    /// 500 m to 2 km: the parking lot, the neighbourhood, a bar down the street.
    case medium
    /// 2 km to 5 km.
    case low
    /// Beyond 5 km, or no position.
    case none

    /// Best first.
    var rank: Int {
        switch self {
        case .high: 0
        case .medium: 1
        case .low: 2
        case .none: 3
        }
    }

    /// Nearer first: `high` < `medium` < `low` < `none`, so sorting puts the best first.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// How a photo's day relates to a game's day, in the venue's local time.
public enum TemporalConfidence: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// The game's local date, or during the game when its start time is known (even after midnight).
    case exactDay
    /// One day before or after: tailgating, a night game that ran past midnight, a camera clock off by a zone.
    case adjacentDay
    case outOfRange

    /// Best first.
    var rank: Int {
        switch self {
        case .exactDay: 0
        case .adjacentDay: 1
        case .outOfRange: 2
        }
    }

    /// Closer in time first: `exactDay` < `adjacentDay` < `outOfRange`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}

/// What may be done with a match without asking (the origin app's table).
public enum MatchConfidence: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case autoSelect
    case userConfirm
    case manualOnly

    /// Surest first.
    var rank: Int {
        switch self {
        case .autoSelect: 0
        case .userConfirm: 1
        case .manualOnly: 2
        }
    }

    /// high+exactDay → autoSelect; high+adjacentDay, medium+exactDay, medium+adjacentDay → userConfirm;
    /// anything low, none or outOfRange → manualOnly.
    public init(spatial: SpatialConfidence, temporal: TemporalConfidence?) {
        switch (spatial, temporal) {
        case (.high, .exactDay): self = .autoSelect
        case (.high, .adjacentDay), (.medium, .exactDay), (.medium, .adjacentDay): self = .userConfirm
        default: self = .manualOnly
        }
    }

    /// Surer first: `autoSelect` < `userConfirm` < `manualOnly`.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rank < rhs.rank }
}
