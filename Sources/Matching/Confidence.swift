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

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// How a photo's day relates to a game's day, in the venue's local time.
public enum TemporalConfidence: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    /// The game's local date, or during the game when its start time is known (even after midnight).
    case exactDay
    /// One day before or after: tailgating, a night game that ran past midnight, a camera clock off by a zone.
    case adjacentDay
    case outOfRange

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// What may be done with a match without asking (the origin app's table).
public enum MatchConfidence: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
    case autoSelect
    case userConfirm
    case manualOnly

    /// high+exactDay → autoSelect; high+adjacentDay, medium+exactDay, medium+adjacentDay → userConfirm;
    /// anything low, none or outOfRange → manualOnly.
    public init(spatial: SpatialConfidence, temporal: TemporalConfidence?) {
        switch (spatial, temporal) {
        case (.high, .exactDay): self = .autoSelect
        case (.high, .adjacentDay), (.medium, .exactDay), (.medium, .adjacentDay): self = .userConfirm
        default: self = .manualOnly
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
