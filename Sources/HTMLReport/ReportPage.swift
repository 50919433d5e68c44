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
        let visits = cards.map(\.visit)
        let venues = Set(visits.filter { $0.visitType == .game }.map(\.venueId)).count
        let view = Page(
            style: PageTemplates.style, script: Self.script,
            summary: "\(Self.count(cards.count, "visit")) · \(Self.count(venues, "venue")) · "
                + "\(Self.count(achievements.count, "badge")) · as of \(generatedOn.iso8601)",
            map: ReportViews.Map(visits: visits, progress: progress, catalog: catalog),
            rings: progress.leagues.map { ReportViews.Ring($0, catalog: catalog) },
            badges: achievements.map(ReportViews.Badge.init), hasBadges: !achievements.isEmpty,
            cards: cards.sorted { StadiumVisit.inOrder(newestFirst: true)($0.visit, $1.visit) }.map { card in
                ReportViews.Card(
                    visit: card.visit, photoCount: card.photoCount,
                    image: card.thumbnail.map { "data:image/jpeg;base64,\($0.base64EncodedString())" }, catalog: catalog)
            })
        return Self.templates.render(view, withTemplate: "report") ?? ""
    }

    /// What the report template shows.
    private struct Page {
        var style: String
        var script: String
        var summary: String
        var map: ReportViews.Map
        var rings: [ReportViews.Ring]
        var badges: [ReportViews.Badge]
        var hasBadges: Bool
        var cards: [ReportViews.Card]
    }

    /// This target's templates, parsed once a process (they ship with it: a parse error is a bug, caught by the tests).
    private static let templates = (try? PageTemplates.library()) ?? .init()

    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

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
}
