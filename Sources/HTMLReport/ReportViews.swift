import Catalog
import Foundation
import Progress
import TimeAndPlace
import VisitStore

/// What the shared templates show, worked out once for the static report and the web app alike. Plain values: the
/// templates read their stored properties by name (through reflection, whatever their access) and escape every text.
public enum ReportViews {
    /// A visit as a card: the venue as it was called that day, "AWAY at HOME", the final, the date, the photos.
    public struct Card: Sendable {
        var id: String
        var venue: String
        var game: String
        var score: String?
        var date: String
        var photos: String
        var extras: [String]
        /// What the game proves happened in it (``StadiumVisit/moments(in:)``).
        var moments: [String]
        /// Where the card's picture comes from (a `data:` URL in the report, the thumbnail's address in the web app).
        var image: String?
        /// Where the card leads (the visit's page in the web app); nil in the report.
        var link: String?

        /// The card of `visit`, with `photoCount` photos, its picture at `image` and leading to `link`, its game's
        /// moments from `catalog`.
        public init(visit: StadiumVisit, photoCount: Int, image: String?, link: String? = nil, catalog: Catalog) {
            id = visit.id
            venue = visit.venueName
            game = visit.matchup.prefix(1).uppercased() + visit.matchup.dropFirst()
            score = visit.finalScore.map(String.init(describing:))
            date = visit.localDate.iso8601
            photos = photoCount == 1 ? "1 photo" : photoCount == 0 ? "no photo" : "\(photoCount) photos"
            extras = [visit.seat.map { "Seat: \($0)" }, visit.notes].compactMap { $0 }
            moments = visit.moments(in: catalog).map(\.text)
            self.image = image
            self.link = link
        }
    }

    /// A league's progress as a ring: venues visited of the league's current ones.
    public struct Ring: Sendable {
        var name: String
        var color: String
        var done: Int
        var total: Int
        /// The filled arc's `stroke-dasharray`; nil when nothing is visited yet.
        var dash: String?

        /// The ring of one league's progress.
        public init(_ league: FanProgress.League, catalog: Catalog) {
            let record = catalog.league(league.id)
            name = record?.displayName ?? league.id.rawValue
            color = record?.color ?? "#d8442f"
            done = league.league.visited.count
            total = league.league.total
            let circumference = 2 * Double.pi * 42
            dash = done == 0 ? nil : String(format: "%.1f %.1f", circumference * Double(done) / Double(max(total, 1)), circumference)
        }
    }

    /// A badge earned.
    public struct Badge: Sendable {
        var name: String
        var description: String
        var earnedOn: String

        /// The badge of an achievement earned.
        public init(_ achievement: EarnedAchievement) {
            name = achievement.name
            description = achievement.description
            earnedOn = achievement.earnedOn.iso8601
        }
    }

    /// The map of the venues: visited ones in their league's colour, the leagues' current venues still to visit in
    /// grey, and the venues beyond the map's frame (London, Tokyo…) listed under it.
    public struct Map: Sendable {
        /// A league in the legend, in its colour.
        public struct Key: Sendable {
            var id: String
            var name: String
            var color: String
        }
        /// A visited venue outside the map's frame, listed under it.
        public struct Abroad: Sendable {
            var name: String
            var place: String
            var visited: Bool
            var link: String?
            var separator: String
        }
        /// The SVG, made by us from escaped names.
        var svg: String
        var leagues: [Key]
        var abroad: [Abroad]
        /// Stored, not computed: templates read values through reflection, which sees stored properties only.
        var hasAbroad: Bool

        /// The map of `visits` against `progress`'s remaining venues; `link` gives a venue's page, when there is one.
        public init(visits: [StadiumVisit], progress: FanProgress, catalog: Catalog, link: ((String) -> String)? = nil) {
            var dots: [String: NorthAmericaMap.Dot] = [:]
            var leagueIds: Set<LeagueID> = []
            for visit in visits where visit.visitType == .game {
                guard dots[visit.venueId] == nil, let coordinate = catalog.venue(id: visit.venueId)?.coordinate else { continue }
                let league = visit.league.flatMap(catalog.league)
                if let id = visit.league { leagueIds.insert(id) }
                dots[visit.venueId] = .init(
                    name: visit.venueName, latitude: coordinate.latitude, longitude: coordinate.longitude, visited: true,
                    color: league?.color ?? "#d8442f", link: link?(visit.venueId))
            }
            for league in progress.leagues {
                for venue in league.league.remaining where dots[venue.id] == nil {
                    guard let coordinate = catalog.venue(id: venue.id)?.coordinate else { continue }
                    dots[venue.id] = .init(
                        name: venue.name, latitude: coordinate.latitude, longitude: coordinate.longitude, visited: false,
                        color: nil, link: nil)
                }
            }
            let map = NorthAmericaMap()
            let (inside, outside) = dots.keys.sorted().reduce(into: ([NorthAmericaMap.Dot](), [(String, NorthAmericaMap.Dot)]())) {
                let dot = dots[$1]!
                if map.frames(dot) { $0.0.append(dot) } else { $0.1.append(($1, dot)) }
            }
            svg = map.svg(dots: inside)
            leagues = leagueIds.sorted().compactMap { id in
                catalog.league(id).map { Key(id: id.rawValue, name: $0.displayName, color: $0.color) }
            }
            let shown = outside.filter(\.1.visited)
            abroad = shown.enumerated().map { index, entry in
                let venue = catalog.venue(id: entry.0)
                return Abroad(
                    name: entry.1.name, place: [venue?.city, venue?.country].compactMap { $0 }.joined(separator: ", "),
                    visited: entry.1.visited, link: entry.1.link, separator: index == shown.count - 1 ? "" : "; ")
            }
            hasAbroad = !abroad.isEmpty
        }
    }
}
