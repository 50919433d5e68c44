import Catalog
import Matching
import TimeAndPlace

extension Catalog {
    /// How a game is far from where or when a photo was taken — more than 5 km from its venue, or more than a day
    /// from the photo's fan day ("12 km from Fenway Park", "3 days before the game") — or nil when it is not, or the
    /// photo cannot tell (no position, no time). Filing a photo into such a game by its id is asked before it is done,
    /// whether the photo waits for the fan (`confirm --game`) or is moved from another visit (`visits move --to-game`).
    func howFar(_ game: Game, fromPhotoAt latitude: Double?, _ longitude: Double?, takenAt time: LocalDateTime?) -> String? {
        let rules = MatchingRules()
        let venue = venue(id: game.venueId)
        if let latitude, let longitude, let here = GeoCoordinate(latitude: latitude, longitude: longitude),
            let there = venue?.coordinate
        {
            let distance = here.distance(to: there)
            if distance >= rules.lowRadius {
                return "\(MatchWords.distance(distance)) from \(venue?.name(on: game.localDate) ?? game.venueId)"
            }
        }
        guard let day = time.map(rules.fanDay(of:)) else { return nil }
        let days = day.daysSinceEpoch - game.localDate.daysSinceEpoch
        guard abs(days) > 1 else { return nil }
        return "\(abs(days)) days \(days > 0 ? "after" : "before") the game"
    }
}
