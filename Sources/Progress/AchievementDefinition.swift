import Foundation

/// What an achievement asks for. Definitions are data (`Resources/achievements.json`), with canonical ids.
public struct AchievementDefinition: Codable, Hashable, Sendable, Identifiable {
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

    public var id: String
    public var name: String
    public var description: String
    public var kind: Kind
    public var count: Int?
    public var days: Int?
    public var venueId: String?

    /// The definitions bundled with StadiumLog.
    public static let bundled: [AchievementDefinition] = {
        guard let url = Bundle.module.url(forResource: "achievements", withExtension: "json"),
              let data = try? Data(contentsOf: url),
              let definitions = try? JSONDecoder().decode([AchievementDefinition].self, from: data) else { return [] }
        return definitions
    }()
}
