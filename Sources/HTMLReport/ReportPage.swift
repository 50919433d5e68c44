import Catalog
import Foundation
import Progress
import TimeAndPlace
import VisitStore

/// The fan's history as one self-contained HTML page: a map of the venues, a progress ring per league, the badges
/// earned and a card per visit. No network and no CDN: styles, the map and the thumbnails are all inside the file,
/// and every text that came from the fan or a photo is escaped.
public struct ReportPage: Sendable {
    /// One visit, with the thumbnail of its first photo (a JPEG) when there is one.
    public struct Card: Sendable {
        /// The visit the card shows: venue, teams, score, date, seat and notes.
        public var visit: StadiumVisit
        /// The JPEG thumbnail of the visit's first photo, embedded in the page; nil shows "no photo".
        public var thumbnail: Data?
        /// How many photos the visit holds.
        public var photoCount: Int

        /// A card for `visit`, with its first thumbnail when there is one.
        public init(visit: StadiumVisit, thumbnail: Data?, photoCount: Int) {
            self.visit = visit
            self.thumbnail = thumbnail
            self.photoCount = photoCount
        }
    }

    /// One card per visit, shown newest first; the game visits' venues are the map's visited dots.
    public var cards: [Card]
    /// The fan's progress: a ring per league, and the remaining venues on the map.
    public var progress: FanProgress
    /// The badges earned, in the order shown.
    public var achievements: [EarnedAchievement]
    /// The catalog the venues' positions on the map come from.
    public var catalog: Catalog
    /// The date the page is as of, shown in its summary.
    public var generatedOn: LocalDate

    /// A page of these cards, progress and achievements, as of `generatedOn`.
    public init(
        cards: [Card], progress: FanProgress, achievements: [EarnedAchievement], catalog: Catalog,
        generatedOn: LocalDate
    ) {
        self.cards = cards
        self.progress = progress
        self.achievements = achievements
        self.catalog = catalog
        self.generatedOn = generatedOn
    }

    /// The whole page, one self-contained HTML document ready to be written to a file.
    public var html: String {
        let visited = Set(cards.filter { $0.visit.visitType == .game }.map(\.visit.venueId))
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>StadiumLog — my games</title>
            <style>\(Self.style)</style>
            <script>\(Self.script)</script>
            </head>
            <body>
            <header>
            <h1>My games</h1>
            <p class="summary">\(cards.count) visit\(cards.count == 1 ? "" : "s") · \(visited.count) venue\(visited.count == 1 ? "" : "s") · \
            \(achievements.count) badge\(achievements.count == 1 ? "" : "s") · as of \(generatedOn.iso8601)</p>
            </header>
            <main>
            <section class="map-section"><h2>Where I have been</h2>
            \(NorthAmericaMap().svg(dots: dots(visited: visited)))
            <p class="legend"><span class="dot visited"></span> visited <span class="dot remaining"></span> still to visit</p>
            </section>
            <section><h2>Progress</h2><div class="rings">\(progress.leagues.map(ring).joined())</div></section>
            <section><h2>Badges</h2>\(badges)</section>
            <section><h2>Visits</h2><div class="cards">\(cards.sorted { $0.visit.localDate > $1.visit.localDate }.map(card).joined())</div></section>
            </main>
            <footer>Made by StadiumLog from the fan's own photos. Map: Natural Earth. Game data: see the StadiumLog documentation.</footer>
            </body>
            </html>

            """
    }

    /// Visited venues (closed ones included) and the leagues' current venues not visited yet.
    private func dots(visited: Set<String>) -> [NorthAmericaMap.Dot] {
        var dots: [String: NorthAmericaMap.Dot] = [:]
        for card in cards where visited.contains(card.visit.venueId) {
            guard let coordinate = catalog.venue(id: card.visit.venueId)?.coordinate else { continue }
            dots[card.visit.venueId] = .init(
                name: card.visit.venueName, latitude: coordinate.latitude,
                longitude: coordinate.longitude, visited: true)
        }
        for league in progress.leagues {
            for venue in league.league.remaining where dots[venue.id] == nil {
                guard let coordinate = catalog.venue(id: venue.id)?.coordinate else { continue }
                dots[venue.id] = .init(
                    name: venue.name, latitude: coordinate.latitude, longitude: coordinate.longitude,
                    visited: false)
            }
        }
        return dots.keys.sorted().map { dots[$0]! }
    }

    private func ring(_ league: FanProgress.League) -> String {
        let done = league.league.visited.count
        let total = max(league.league.total, 1)
        let circumference = 2 * Double.pi * 42
        let filled = circumference * Double(done) / Double(total)
        let record = catalog.league(league.id)
        return """
            <figure class="ring \(HTML.escape(league.id.rawValue))" style="--ring: \(HTML.escape(record?.color ?? "var(--accent)"))"><svg viewBox="0 0 100 100" aria-hidden="true">\
            <circle class="track" cx="50" cy="50" r="42"/>\
            \(done == 0 ? "" : "<circle class=\"fill\" cx=\"50\" cy=\"50\" r=\"42\" stroke-dasharray=\"\(String(format: "%.1f %.1f", filled, circumference))\" transform=\"rotate(-90 50 50)\"/>")\
            <text x="50" y="48" text-anchor="middle" class="count">\(done)/\(league.league.total)</text>\
            <text x="50" y="64" text-anchor="middle" class="label">venues</text></svg>\
            <figcaption>\(HTML.escape(record?.displayName ?? league.id.rawValue))</figcaption></figure>
            """
    }

    private var badges: String {
        guard !achievements.isEmpty else { return "<p class=\"empty\">No badges yet: every visit is a step towards one.</p>" }
        return "<ul class=\"badges\">"
            + achievements.map { achievement in
                "<li class=\"badge\"><strong>\(HTML.escape(achievement.name))</strong>"
                    + "<span>\(HTML.escape(achievement.description))</span><time>\(achievement.earnedOn.iso8601)</time></li>"
            }.joined() + "</ul>"
    }

    private func card(_ card: Card) -> String {
        let visit = card.visit
        let image =
            card.thumbnail.map { "<img src=\"data:image/jpeg;base64,\($0.base64EncodedString())\" alt=\"\">" }
            ?? "<div class=\"no-photo\">no photo</div>"
        let game = visit.matchup.prefix(1).uppercased() + visit.matchup.dropFirst()
        let score = visit.finalScore.map(String.init(describing:))
        let extras = [visit.seat.map { "Seat: \($0)" }, visit.notes].compactMap { $0 }
        return """
            <article class="visit-card">\(image)<div class="details">\
            <h3>\(HTML.escape(visit.venueName))</h3>\
            <p class="game">\(HTML.escape(game))\(score.map { " <span class=\"score\">\($0)</span>" } ?? "")</p>\
            <p class="date"><time>\(visit.localDate.iso8601)</time> · \(card.photoCount) photo\(card.photoCount == 1 ? "" : "s")</p>\
            \(extras.map { "<p class=\"note\">\(HTML.escape($0))</p>" }.joined())</div></article>
            """
    }

    /// Marks the page once it has rendered its map, and counts script errors, for automated checks.
    static let script = """
        window.addEventListener('error', function () {
          var root = document.documentElement; root.dataset.errors = String(Number(root.dataset.errors || 0) + 1);
        });
        document.addEventListener('DOMContentLoaded', function () {
          var countries = document.querySelectorAll('svg.map path.country').length;
          document.documentElement.dataset.rendered = countries >= 3 ? 'map' : 'no-map';
        });
        """

    static let style = """
        :root { --ink: #1d2733; --muted: #6b7785; --accent: #d8442f; --paper: #f6f4ef; --card: #fff; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
               color: var(--ink); background: var(--paper); }
        header { background: var(--ink); color: #fff; padding: 28px 32px; }
        header h1 { margin: 0 0 4px; font-size: 30px; letter-spacing: .5px; }
        .summary { margin: 0; color: #c9d1da; }
        main { max-width: 1100px; margin: 0 auto; padding: 8px 24px 32px; }
        h2 { font-size: 18px; text-transform: uppercase; letter-spacing: 1.5px; color: var(--muted); margin: 28px 0 12px; }
        .map { width: 100%; height: auto; border-radius: 10px; display: block; }
        .map .sea { fill: #dbe7ef; }
        .map .country { fill: #fbfaf6; stroke: #9fb1bf; stroke-width: .8; }
        .map .venue.visited { fill: var(--accent); stroke: #fff; stroke-width: 1.5; }
        .map .venue.remaining { fill: #8a96a3; opacity: .45; }
        .legend { color: var(--muted); font-size: 13px; }
        .dot { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin: 0 4px 0 12px; }
        .dot.visited { background: var(--accent); } .dot.remaining { background: #8a96a3; opacity: .6; }
        .rings { display: flex; gap: 28px; flex-wrap: wrap; }
        .ring { margin: 0; text-align: center; width: 150px; }
        .ring svg { width: 150px; height: 150px; }
        .ring .track { fill: none; stroke: #e3e0d8; stroke-width: 9; }
        .ring .fill { fill: none; stroke: var(--ring, var(--accent)); stroke-width: 9; stroke-linecap: round; }
        .ring .count { font-size: 18px; font-weight: 700; fill: var(--ink); } .ring .label { font-size: 10px; fill: var(--muted); }
        .ring figcaption { font-weight: 700; letter-spacing: 1px; }
        .badges { list-style: none; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(230px, 1fr)); gap: 12px; }
        .badge { background: var(--card); border-radius: 10px; padding: 12px 14px; border-left: 5px solid #e0a526;
                 box-shadow: 0 1px 3px rgba(0,0,0,.08); display: flex; flex-direction: column; gap: 2px; }
        .badge span { color: var(--muted); font-size: 13px; } .badge time { font-size: 12px; color: var(--muted); }
        .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(300px, 1fr)); gap: 14px; }
        .visit-card { background: var(--card); border-radius: 10px; overflow: hidden; display: flex;
                      box-shadow: 0 1px 3px rgba(0,0,0,.08); }
        .visit-card img, .visit-card .no-photo { width: 110px; height: 110px; object-fit: cover; flex: none; background: #e3e0d8; }
        .visit-card .no-photo { display: flex; align-items: center; justify-content: center; color: var(--muted); font-size: 12px; }
        .details { padding: 10px 12px; min-width: 0; }
        .details h3 { margin: 0 0 2px; font-size: 16px; }
        .details p { margin: 2px 0; } .game { font-size: 14px; }
        .score { font-weight: 700; color: var(--accent); margin-left: 4px; }
        .date, .note { color: var(--muted); font-size: 13px; }
        .empty { color: var(--muted); }
        footer { text-align: center; color: var(--muted); font-size: 12px; padding: 18px; }
        """
}
