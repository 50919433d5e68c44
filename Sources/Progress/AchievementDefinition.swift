import Foundation

/// What an achievement asks for. Definitions are data (`Resources/achievements.json`), with canonical ids.
public struct AchievementDefinition: Codable, Hashable, Sendable, Identifiable {
    /// The rule an achievement's visits are judged by; ``count``, ``days`` and ``venueId`` are its parameters.
    public enum Kind: String, Codable, Hashable, Sendable {
        /// Games at `count` different venues.
        case venueCount
        /// Every home venue of a division, of a conference, of a whole league — earned once per division,
        /// conference or league, as it stood on the day the last one was visited.
        case divisionComplete, conferenceComplete, leagueComplete
        /// Games at `count` different venues within `days` days.
        case journey
        /// Games of `count` different leagues.
        case leagues
        /// A game at one venue (`venueId`).
        case specialVenue
    }

    /// The canonical id (`achievement_venues_10`); a completion adds the key of the group it was earned for.
    public var id: String
    /// The name shown to the fan ("Road Tripper"); a completion adds the name of the group it was earned for.
    public var name: String
    /// What it takes, in one sentence shown to the fan.
    public var description: String
    /// The rule that decides whether the visits earn it.
    public var kind: Kind
    /// How many different venues or leagues it takes (``Kind/venueCount``, ``Kind/journey``, ``Kind/leagues``).
    public var count: Int?
    /// The span, in days, within which a ``Kind/journey``'s games must fall.
    public var days: Int?
    /// The venue a ``Kind/specialVenue`` achievement asks for a game at.
    public var venueId: String?

    /// The definitions bundled with StadiumLog.
    public static let bundled: [AchievementDefinition] = {
        guard let url = Bundle.module.url(forResource: "achievements", withExtension: "json"),
            let data = try? Data(contentsOf: url),
            let definitions = try? JSONDecoder().decode([AchievementDefinition].self, from: data)
        else { return [] }
        return definitions
    }()
}
