import Catalog
import Foundation
import HTMLReport
import Progress
import TimeAndPlace
import VisitStore

/// What a library adds up to, read without writing anything: progress through each league, the achievements the
/// visits earn (computed, so a read-only library is enough) and the report page.
public struct FanHistory: Sendable {
    /// The library read from; it is never written, so a read-only one is enough.
    public let library: VisitLibrary
    /// The catalog progress and achievements are measured against, and the report's map venues come from.
    public let catalog: Catalog

    /// The history of `library`'s visits, measured against `catalog`.
    public init(library: VisitLibrary, catalog: Catalog) {
        self.library = library
        self.catalog = catalog
    }

    /// Progress through each league as of `today`, and the achievements held, in the order they were earned.
    public func progress(on today: LocalDate, league: LeagueID? = nil) throws(LibraryError) -> (
        progress: FanProgress, achievements: [EarnedAchievement]
    ) {
        let visits = try library.visits()
        return (FanProgress(visits: visits, catalog: catalog, today: today, league: league), achievements(of: visits))
    }

    /// The report page as of `today`: a card per visit with its first thumbnail, the map, rings and badges.
    public func report(on today: LocalDate) throws(LibraryError) -> (page: ReportPage, visits: Int, achievements: Int) {
        let visits = try library.visits()
        let covers = try library.covers()
        let cards = visits.map { visit in
            let cover = covers[visit.id]
            // Found by the photo's content hash, never by a stored path (an export could name any file).
            let thumbnail = cover?.thumbnail.flatMap { try? library.thumbnails.jpeg(ofPhoto: $0) }
            return ReportPage.Card(visit: visit, thumbnail: thumbnail, photoCount: cover?.count ?? 0)
        }
        let achievements = achievements(of: visits)
        let page = ReportPage(
            cards: cards, progress: FanProgress(visits: visits, catalog: catalog, today: today),
            achievements: achievements, catalog: catalog, generatedOn: today)
        return (page, visits.count, achievements.count)
    }

    /// Every visit, by date (``filter(_:by:)`` narrows them).
    public func visits() throws(LibraryError) -> [StadiumVisit] { try library.visits() }

    /// The evidence of these visits, by visit, each in order of time.
    public func evidence(ofVisits ids: [String]) throws(LibraryError) -> [String: [VisitEvidence]] {
        try library.evidence(ofVisits: ids)
    }

    /// The visits of these games (an import's, say), by date.
    public func visits(ofGames gameIds: Set<GameID>) throws(LibraryError) -> [StadiumVisit] {
        try library.visits(ofGames: gameIds).sorted(by: StadiumVisit.inOrder(newestFirst: false))
    }

    /// The visits waiting for a final score, oldest first.
    public func visitsAwaitingScores() throws(LibraryError) -> [StadiumVisit] { try library.visitsAwaitingScores() }

    /// How many photos each visit has, by visit id.
    public func photoCounts() throws(LibraryError) -> [String: Int] { try library.photoCounts() }

    /// The whole library written to `url` as an export (``LibraryExport``), without where photos were taken unless
    /// `includingGPS`; returns how much was written.
    @discardableResult
    public func export(to url: URL, includingGPS: Bool) throws(LibraryError) -> ExportCounts {
        try library.export(to: url, includingGPS: includingGPS, catalog: catalog)
    }

    private func achievements(of visits: [StadiumVisit]) -> [EarnedAchievement] {
        AchievementEngine(catalog: catalog).earned(from: visits).sorted { ($0.earnedOn, $0.id) < ($1.earnedOn, $1.id) }
    }
}
