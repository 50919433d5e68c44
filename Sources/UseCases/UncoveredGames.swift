import Catalog
import Foundation
import Matching
import PhotoMetadata
import Scores
import TimeAndPlace
import VisitStore

/// Games of dates the bundled index does not cover (a season after it was built, a preseason, the MLB 2020
/// postseason), asked of the score providers for the days photos need, so those photos still find their game.
///
/// Which days the bundled index covers is ``Catalog/covers(_:on:)``'s rule. The leagues of a venue's tenants that day
/// are asked about — every league, for a venue with no tenant (a neutral site, a stadium abroad, an outdoor game) —
/// once per league and day; for a venue outside North America the days before and after too, since leagues file
/// games abroad under their own date (each game is then placed on its venue's local date). The games
/// providers list join the catalog the photos are matched against, at the venue the provider names (or the home
/// team's home); their scores are then resolved like any other, with their provenance.
public struct UncoveredGames: Sendable {
    /// The providers asked, and the catalog whose coverage decides which days need asking.
    public let api: FreeScoreAPI
    /// Only games of this league, when the user knows.
    public let league: LeagueID?

    /// Uncovered games from `api`, of `league` only when it is given.
    public init(api: FreeScoreAPI, league: LeagueID? = nil) {
        self.api = api
        self.league = league
        matcher = GameMatcher(catalog: api.catalog)
    }

    /// Built once (its time-zone tables are made at start): it says which day a photo was taken at a venue.
    private let matcher: GameMatcher

    /// A league's games on one local date.
    public struct LeagueDay: Hashable, Sendable, Comparable {
        /// The league asked about.
        public var league: LeagueID
        /// The local date asked about.
        public var day: LocalDate

        /// The games of `league` on `day`.
        public init(league: LeagueID, day: LocalDate) {
            self.league = league
            self.day = day
        }

        /// By day, then league, so the days are asked about in date order.
        public static func < (a: LeagueDay, b: LeagueDay) -> Bool { (a.day, a.league) < (b.day, b.league) }
    }

    /// What asking did: the catalog to match against, and what was asked, found and failed.
    public struct Result: Sendable {
        /// The bundled catalog with the games the providers listed.
        public var catalog: Catalog
        /// The uncovered days asked about, in order.
        public var asked: [LeagueDay] = []
        /// Games added to the catalog.
        public var added: [Catalog.Listing] = []
        /// The same games as the library keeps them (``CatalogOverlay``), so later commands know them too.
        public var found: [OverlayGame] = []
        /// Why some days got no answer.
        public var failures: [ProviderError] = []
    }

    /// The uncovered league-days of photos near venues.
    public func days(needing photos: [PhotoMetadata]) -> [LeagueDay] {
        let catalog = api.catalog
        let proximity = StadiumProximityMatcher(catalog: catalog)
        var covered: [LeagueDay: Bool] = [:]
        var needed: Set<LeagueDay> = []
        for photo in photos {
            guard let location = photo.location, let capture = photo.capture else { continue }
            for nearby in proximity.venues(near: location, on: capture.local.date) {
                let day = matcher.localDay(of: capture, at: nearby)
                let tenants = Set(nearby.venue.tenants.filter { $0.isValid(on: day) }.map(\.league))
                let leagues = tenants.isEmpty ? catalog.leagueIds : tenants
                let abroad = !["US", "CA", "MX", "PR"].contains(nearby.venue.country ?? "US")
                let days = abroad ? [day.adding(days: -1), day, day.adding(days: 1)] : [day]
                for played in leagues where league == nil || played == league {
                    for asked in days {
                        let key = LeagueDay(league: played, day: asked)
                        if covered[key] == nil { covered[key] = catalog.covers(played, on: asked) }
                        if covered[key] == false { needed.insert(key) }
                    }
                }
            }
        }
        return needed.sorted()
    }

    /// Asks the providers about every uncovered day of `photos` (nothing when offline) and returns the catalog to
    /// match them against.
    public func catalog(for photos: [PhotoMetadata]) async throws(LibraryError) -> Result {
        var result = try await lookUp(photos)
        result.catalog = Self.catalog(api.catalog, with: result.found)
        return result
    }

    /// The same for one batch of a larger import: days asked before (`skipping`) are not asked again, and the
    /// result's catalog is left as it is (``catalog(_:with:)`` makes it from every game found so far).
    public func lookUp(_ photos: [PhotoMetadata], skipping asked: Set<LeagueDay> = []) async throws(LibraryError) -> Result {
        var result = Result(catalog: api.catalog)
        guard !api.configuration.offline else { return result }
        result.asked = days(needing: photos).filter { !asked.contains($0) }
        for needed in result.asked {
            let answer = try await api.games(of: needed.league, on: needed.day)
            result.failures += answer.failures
            guard let provider = answer.provider else { continue }
            // A game postponed or cancelled that day is no game of that day: a photo there matches nothing.
            for game in answer.games where game.status.takesPlace {
                let season = game.season ?? api.catalog.season(of: game.league, on: game.localDate)
                guard let listing = api.catalog.listing(for: game, from: provider),
                    let id = api.catalog.gameId(of: listing, season: season)
                else { continue }
                result.added.append(listing)
                result.found.append(
                    OverlayGame(
                        found: game, listedAs: listing, id: id, season: season, in: api.catalog,
                        from: provider, at: api.governor.now()))
            }
        }
        return result
    }

    /// `catalog` with the games found: the photos are matched against the listings alone, and their finals are looked
    /// up through the tiers afterwards, like any other game's (the overlay keeps what the provider said).
    public static func catalog(_ catalog: Catalog, with found: [OverlayGame]) -> Catalog {
        found.isEmpty ? catalog : catalog.applying(CatalogOverlay(games: found.map(\.unscored)))
    }
}

extension OverlayGame {
    /// The game without its final score.
    var unscored: OverlayGame {
        var copy = self
        (copy.game.homeScore, copy.game.awayScore, copy.game.scoreProvenance) = (nil, nil, nil)
        return copy
    }
}
