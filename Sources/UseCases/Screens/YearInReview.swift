import Catalog
import Foundation
import TimeAndPlace
import VisitStore

/// A fan's season in review (issue #44): the games, the venues new to them, the leagues, the moments they saw, the
/// longest trip (the most venues within a week, and the distance between them), the busiest month, the first and last
/// game and the photos — facts from the visits, in the words the season's page and its share card both show. Dates
/// and places only: never a time of day or a position.
public struct YearInReview: Hashable, Sendable, Encodable {
    /// The most venues seen within seven days, in the order seen, and the distance from each to the next.
    public struct Trip: Hashable, Sendable, Encodable {
        /// The venues, in order.
        public var venues: [String]
        /// The first day and the last.
        public var from: LocalDate
        /// See ``from``.
        public var through: LocalDate
        /// From venue to venue, in kilometres, rounded.
        public var kilometres: Int
    }

    /// The season's first year.
    public var season: Int
    /// As fans write it ("2019", "2019-20").
    public var label: String
    /// Game visits that season.
    public var games: Int
    /// Venues where the fan saw a game for the first time that season.
    public var newVenues: Int
    /// Distinct venues of the season's games.
    public var venues: Int
    /// Leagues seen that season, by display name.
    public var leagues: [String]
    /// What the season's games proved ("Walk-off — Boston Red Sox won in their last at-bat, 2019-06-15").
    public var moments: [String]
    /// The longest trip, when one took in two venues or more.
    public var longestTrip: Trip?
    /// The month with the most games ("June") and how many; the earlier month on a tie.
    public var busiestMonth: String?
    /// See ``busiestMonth``.
    public var busiestMonthGames: Int
    /// The first game and the last.
    public var firstGame: FanRecord.Seen?
    /// See ``firstGame``.
    public var lastGame: FanRecord.Seen?
    /// Photos of the season's visits.
    public var photos: Int
    /// The facts in words, one a line, as the page and the card show them.
    public var lines: [String]

    enum CodingKeys: String, CodingKey {
        case season, label, games, newVenues, venues, leagues, moments, longestTrip, busiestMonth, busiestMonthGames, firstGame
        case lastGame, photos
    }
}

extension FanHistory {
    /// The season `season` in review, of one league when given.
    public func yearInReview(season: Int, league: LeagueID? = nil) throws(LibraryError) -> YearInReview {
        try yearInReview(of: try library.visits(), season: season, league: league)
    }

    /// The season in review from `visits` (every visit, read already for the card that shows it).
    func yearInReview(of visits: [StadiumVisit], season: Int, league: LeagueID?) throws(LibraryError) -> YearInReview {
        let all = visits.filter { $0.visitType == .game && (league == nil || $0.league == league) }
        let photoCounts = try library.photoCounts()
        let games = all.filter { self.season(of: $0) == season }.sorted(by: StadiumVisit.inOrder(newestFirst: false))
        var firstSeason: [String: Int] = [:]
        for visit in all { firstSeason[visit.venueId] = min(firstSeason[visit.venueId] ?? .max, self.season(of: visit)) }
        let venueIds = Set(games.map(\.venueId))
        let newVenues = venueIds.filter { firstSeason[$0] == season }.count
        let leagues = Set(games.compactMap(\.league)).sorted().map { catalog.league($0)?.displayName ?? $0.rawValue }
        let moments = games.flatMap { visit in
            visit.moments(in: catalog).filter { $0.kind != .postseason }.map { "\($0.text), \(visit.localDate.iso8601)" }
        }
        var months: [Int: Int] = [:]
        for visit in games { months[visit.localDate.month, default: 0] += 1 }
        let busiest = months.max { ($0.value, -$0.key) < ($1.value, -$1.key) }
        let trip = longestTrip(in: games)
        let photos = games.reduce(0) { $0 + (photoCounts[$1.id] ?? 0) }
        func seen(_ visit: StadiumVisit) -> FanRecord.Seen { FanRecord.Seen(visit, withScore: false) }
        let label = seasonLabel(season, leagues: games.map(\.league))
        var lines = [
            "\(Self.counted(games.count, "game")) at \(Self.counted(venueIds.count, "venue"))"
                + (newVenues > 0 ? ", \(newVenues) new to you" : "")
        ]
        if !leagues.isEmpty { lines.append("\(leagues.count == 1 ? "League" : "Leagues"): \(leagues.joined(separator: ", "))") }
        if let trip {
            lines.append(
                "Longest trip: \(trip.venues.count) venues in "
                    + "\(Self.counted(trip.through.daysSinceEpoch - trip.from.daysSinceEpoch + 1, "day")), "
                    + "\(Self.grouped(trip.kilometres)) km (\(trip.venues.joined(separator: " → ")))")
        }
        if let busiest, games.count > 1 {
            lines.append("Busiest month: \(Self.monthNames[busiest.key - 1]), \(Self.counted(busiest.value, "game"))")
        }
        if !moments.isEmpty { lines.append("Moments: \(moments.prefix(3).joined(separator: "; "))") }
        if let first = games.first { lines.append("First game: \(seen(first).text)") }
        if let last = games.last, games.count > 1 { lines.append("Last game: \(seen(last).text)") }
        if photos > 0 { lines.append("\(Self.counted(photos, "photo"))") }
        return YearInReview(
            season: season, label: label, games: games.count, newVenues: newVenues, venues: venueIds.count, leagues: leagues,
            moments: moments, longestTrip: trip, busiestMonth: busiest.map { Self.monthNames[$0.key - 1] },
            busiestMonthGames: busiest?.value ?? 0, firstGame: games.first.map(seen), lastGame: games.last.map(seen),
            photos: photos, lines: lines)
    }

    /// 1234567 as "1,234,567", whatever the machine's locale: a card reads the same everywhere.
    static func grouped(_ number: Int) -> String {
        let digits = String(number)
        return digits.enumerated().map { index, digit in
            (index > 0 && (digits.count - index) % 3 == 0 ? "," : "") + String(digit)
        }.joined()
    }

    static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
    ]

    /// The most distinct venues within seven days (the earliest such run on a tie), when two or more.
    private func longestTrip(in games: [StadiumVisit]) -> YearInReview.Trip? {
        var best: (venues: [String], from: LocalDate, through: LocalDate)?
        for (index, start) in games.enumerated() {
            var venues: [String] = []
            var through = start.localDate
            for visit in games[index...] where visit.localDate.daysSinceEpoch - start.localDate.daysSinceEpoch < 7 {
                if !venues.contains(visit.venueId) { venues.append(visit.venueId) }
                through = visit.localDate
            }
            if venues.count >= 2, venues.count > (best?.venues.count ?? 1) { best = (venues, start.localDate, through) }
        }
        guard let best else { return nil }
        let points = best.venues.compactMap { catalog.venue(id: $0)?.coordinate }
        let metres = zip(points, points.dropFirst()).reduce(0.0) { $0 + $1.0.distance(to: $1.1) }
        let names = best.venues.map { id in
            games.first { $0.venueId == id }?.venueName ?? id
        }
        return YearInReview.Trip(venues: names, from: best.from, through: best.through, kilometres: Int((metres / 1000).rounded()))
    }
}
