import Catalog
import Foundation
import Scores
import TimeAndPlace
import VisitStore

/// `stadiumlog catalog update`: the season in progress and the one before it, fetched from the leagues' official
/// providers into the library's ``CatalogOverlay``, so a fan's newest photos find their games.
///
/// Each league season is fetched whole or not at all: a request that fails leaves that season as the overlay had it.
/// A provider's game the bundled index already has is never replaced: when it brings a final score the bundled game
/// lacks, the score is added; when it disagrees with a bundled final, the disagreement is kept and reported.
public struct CatalogUpdater: Sendable {
    /// The library whose catalog overlay the fetched seasons are written into.
    public let library: VisitLibrary
    /// The score providers the seasons are fetched from (only those that list whole seasons are asked).
    public let api: FreeScoreAPI

    /// An updater writing into `library`'s overlay what `api`'s season providers list.
    public init(library: VisitLibrary, api: FreeScoreAPI) {
        self.library = library
        self.api = api
    }

    /// What one league season's update did.
    public struct SeasonReport: Sendable {
        /// The league whose season this is.
        public var league: LeagueID
        /// The season's first year (2025 for the NHL's 2025-26).
        public var season: Int
        /// The provider that answered; nil when none did and the overlay kept what it had.
        public var provider: String?
        /// Games the provider listed in the season (regular season and postseason).
        public var listed = 0
        /// Games the bundled index lacks, now in the overlay.
        public var added = 0
        /// Bundled games without a final score that got one.
        public var scoresAdded = 0
        /// Bundled games without a start time (a day/night flag at most) that got the provider's.
        public var startsAdded = 0
        /// Games on which the provider and the bundled index agree.
        public var agreed = 0
        /// Bundled finals the provider scores differently: the bundled score is kept and the difference reported.
        public var disagreements: [CatalogOverlay.Disagreement] = []
        /// Games that could not be placed without guessing (an unknown team or venue), left out.
        public var unplaced: [ProviderGame] = []
        /// Postponed, suspended and cancelled games listed.
        public var postponed = 0, suspended = 0, cancelled = 0
        /// The provider failures on the way, in order; they explain a season left as the overlay had it.
        public var failures: [ProviderError] = []
    }

    /// What an update did: a report per league season, and the overlay as it is now.
    public struct Result: Sendable {
        /// One report per league season asked for, in the order they were fetched.
        public var seasons: [SeasonReport] = []
        /// Leagues no official provider lists by season (their new games are still asked about during an import).
        public var leaguesWithoutProvider: [LeagueID] = []
        /// The overlay after the update: as written, or as it was when nothing changed.
        public var overlay: CatalogOverlay
    }

    /// The seasons `update` fetches by default: the one in progress (or the last one begun) and the one before.
    public static func defaultSeasons(of league: League, on today: LocalDate) -> [Int] {
        let current = league.season(of: today)
        return [current - 1, current]
    }

    /// Fetches each league's seasons and writes the overlay once, when anything changed. Offline, nothing is asked
    /// and the overlay stays as it was.
    public func update(
        leagues: [LeagueID], seasons: [Int]?, today: LocalDate,
        progress: @escaping (_ league: LeagueID, _ season: Int, _ done: Int, _ total: Int) -> Void = { _, _, _, _ in }
    )
        async throws(LibraryError) -> Result
    {
        // A damaged overlay is written anew; one from a newer StadiumLog is left alone.
        var overlay: CatalogOverlay
        do { overlay = try library.catalogOverlay() ?? CatalogOverlay() } catch {
            if case .newerOverlay = error { throw .cannotWrite(reason: "\(error)") }
            overlay = CatalogOverlay()
        }
        // Compared with the bundled index alone: the overlay's own games are what is being fetched again.
        let bundled: Catalog
        do { bundled = try Catalog.bundled() } catch { throw .cannotWrite(reason: "\(error)") }
        var result = Result(overlay: overlay)
        let seasonProviders = api.providers.compactMap { $0 as? any SeasonScheduleProvider }
        for league in leagues {
            guard seasonProviders.contains(where: { $0.leagues.contains(league) }) else {
                result.leaguesWithoutProvider.append(league)
                continue
            }
            let record = bundled.league(league)
            for season in seasons ?? record.map({ Self.defaultSeasons(of: $0, on: today) }) ?? [] {
                let answer = try await api.season(season, of: league) { done, total in progress(league, season, done, total) }
                var report = SeasonReport(league: league, season: season, provider: answer.provider, failures: answer.failures)
                if let provider = answer.provider {
                    // Whole seconds: the overlay file keeps ISO 8601 times, and what is kept is what was fetched.
                    let fetchedAt = Date(timeIntervalSince1970: api.governor.now().timeIntervalSince1970.rounded(.down))
                    let games = placed(
                        answer.games, of: league, season: season, from: provider, at: fetchedAt, in: bundled,
                        into: &report)
                    overlay = overlay.replacing(
                        CatalogOverlay.Season(
                            league: league, season: season, provider: provider, fetchedAt: fetchedAt,
                            unplaced: report.unplaced.count),
                        games: games, disagreements: report.disagreements)
                }
                result.seasons.append(report)
            }
        }
        if overlay != result.overlay {
            try library.save(overlay)
            result.overlay = overlay
        }
        return result
    }

    /// The provider's games of the season as overlay games, each mapped onto the catalog or counted as unplaced.
    private func placed(
        _ listed: [ProviderGame], of league: LeagueID, season: Int, from provider: String, at fetchedAt: Date,
        in catalog: Catalog, into report: inout SeasonReport
    ) -> [OverlayGame] {
        // A week or month asked can reach into the next or previous season; the league's own season tag decides.
        let games = listed.filter {
            $0.league == league && ($0.season ?? catalog.season(of: league, on: $0.localDate)) == season && $0.phase.seasonType != nil
        }
        report.listed = games.count
        let provenance = ScoreProvenance(provider: provider, fetchedAt: fetchedAt)
        // A suspended game's final belongs to its first day too: that is the day the fans in its photos were there.
        let finals = Dictionary(games.filter(\.isFinal).map { ($0.providerGameId, $0) }, uniquingKeysWith: { first, _ in first })
        var overlay: [OverlayGame] = []
        for game in games {
            switch game.status {
            case .postponed: report.postponed += 1
            case .suspended: report.suspended += 1
            case .cancelled: report.cancelled += 1
            default: break
            }
            // A suspended game takes its completion's final; until it is completed, its score so far is no final.
            let completion = game.status == .suspended ? finals[game.providerGameId] : nil
            guard let mapped = catalog.map(game) else {
                report.unplaced.append(game)
                continue
            }
            if let bundledId = mapped.catalogGameId, let bundled = catalog.game(id: bundledId) {
                // The bundled game stays as it is; the overlay adds what it lacks, each with where it came from. Its
                // scores are compared as the mapping reads them (home the catalog's home, where a source lists the
                // park's team instead).
                let game = mapped.game
                var enriched = bundled
                if bundled.startUTC == nil, let start = game.startUTC, game.status.takesPlace {
                    (enriched.startUTC, enriched.startProvenance) = (start, provenance)
                    report.startsAdded += 1
                }
                if let home = bundled.homeScore, let away = bundled.awayScore {
                    if game.isFinal, let providerHome = game.homeScore, let providerAway = game.awayScore {
                        if (home, away) == (providerHome, providerAway) {
                            report.agreed += 1
                        } else {
                            report.disagreements.append(
                                .init(
                                    gameId: bundledId, league: league, season: season,
                                    bundledHomeScore: home, bundledAwayScore: away,
                                    providerHomeScore: providerHome, providerAwayScore: providerAway,
                                    provider: provider))
                        }
                    }
                } else if game.isFinal {
                    report.scoresAdded += 1
                    (enriched.homeScore, enriched.awayScore) = (game.homeScore, game.awayScore)
                    enriched.scoreProvenance = provenance
                }
                if enriched != bundled {
                    overlay.append(
                        OverlayGame(
                            game: enriched, status: enriched.isFinal ? .final : game.status, inBundledIndex: true,
                            providerGameId: game.providerGameId, fetchedAt: fetchedAt))
                }
                continue
            }
            guard let listing = catalog.listing(for: mapped, from: provider),
                let id = catalog.gameId(of: listing, season: season)
            else {
                report.unplaced.append(game)
                continue
            }
            report.added += game.status.takesPlace ? 1 : 0
            overlay.append(
                OverlayGame(
                    found: game, listedAs: listing, id: id, season: season, completedBy: completion,
                    in: catalog, from: provider, at: fetchedAt))
        }
        return overlay
    }
}
