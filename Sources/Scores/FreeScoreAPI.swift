import Catalog
import Foundation
import TimeAndPlace
import VisitStore

/// Schedules and final scores from free providers, tried in tiers: the bundled index first, then official league
/// APIs, then unofficial ones, then scraped reference pages, then the user (`stadiumlog scores --set`).
///
/// Every request goes through the ``ProviderGovernor`` (pace, failures, disabled providers, shared by every process
/// on the library) and every answer about a game is cached in the library with its provenance.
public struct FreeScoreAPI: Sendable {
    /// The catalog: its bundled scores are the first tier, and every provider's games are mapped onto it.
    public let catalog: Catalog
    /// The providers to ask, in tier order: official, then unofficial, then scraped.
    public let providers: [any ScoreAPIProvider]
    /// Where the providers are, how long to wait for them, and whether to use the network at all.
    public let configuration: ProviderConfiguration
    /// The pace and failure policy every request goes through, and the clock.
    public let governor: ProviderGovernor
    let http: ProviderHTTP
    /// Providers that could not be reached in this run (refused, reset, unknown host): not asked again until the next
    /// run, so an import with every provider down costs one attempt each, whatever the number of days.
    private let unreachable = UnreachableProviders()

    /// The providers the league records of `catalog` name, each serving the leagues that name it. A provider
    /// name this StadiumLog cannot read (from a newer catalog) is passed over.
    public static func providers(for catalog: Catalog) -> [any ScoreAPIProvider] {
        func leagues(using provider: String) -> Set<LeagueID> {
            Set(catalog.leagues.filter { $0.providers.contains { $0.provider == provider } }.map(\.id))
        }
        var espn: [LeagueID: String] = [:]
        var sites: [any ScoreAPIProvider] = []
        for league in catalog.leagues {
            for route in league.providers {
                switch route.provider {
                case "espn": espn[league.id] = route.path
                case "sports-reference":
                    if let site = route.site, let page = route.path, let codes = route.teamCodes {
                        sites.append(
                            SportsReferenceScores(
                                site: site, league: league.id, page: page, teamCodes: codes,
                                week: { catalog.week(of: league.id, on: $0) }))
                    }
                default: continue
                }
            }
        }
        let apis: [any ScoreAPIProvider] = [
            MLBStatsAPI(leagues: leagues(using: "mlb-statsapi")), NHLWebAPI(leagues: leagues(using: "nhl-api-web")),
            NBAStatsAPI(leagues: leagues(using: "nba-stats")), ESPNScoreboard(paths: espn),
        ]
        return apis.filter { !$0.leagues.isEmpty } + sites
    }
    /// A provider's slot further away than this is not waited for: the provider is passed over this time.
    public static let longestWait: TimeInterval = 20
    /// Pauses before an official provider's second and third tries.
    static let backoff: [TimeInterval] = [0.5, 1.5]

    /// A score source over `catalog` whose provider states and score cache live in `library`. `providers` (those
    /// the catalog's leagues name, by default) are put in tier order; `now` is the clock, injectable for tests.
    public init(
        catalog: Catalog, library: VisitLibrary, configuration: ProviderConfiguration,
        providers: [any ScoreAPIProvider]? = nil,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.catalog = catalog
        // Tier order; providers of one tier keep the order they were given in.
        let providers = providers ?? Self.providers(for: catalog)
        var ordered: [any ScoreAPIProvider] = []
        for tier in ProviderReliability.allCases {
            ordered += providers.filter { $0.reliability == tier }
        }
        self.providers = ordered
        self.configuration = configuration
        governor = ProviderGovernor(library: library, now: now)
        http = ProviderHTTP(timeout: configuration.timeout, userAgent: configuration.userAgent)
    }

    /// What the providers said about one league's games on one local date.
    public struct Answer: Sendable {
        /// The games, from the first provider that answered; empty when none did.
        public var games: [ProviderGame] = []
        /// The provider that answered.
        public var provider: String?
        /// The failures on the way (or of every provider), in order.
        public var failures: [ProviderError] = []
    }

    /// The games of `league` on `day`, from the first provider in tier order that answers.
    public func games(of league: LeagueID, on day: LocalDate) async throws(LibraryError) -> Answer {
        try await games(of: league, on: day, asking: providers)
    }

    private func games(
        of league: LeagueID, on day: LocalDate,
        asking providers: [any ScoreAPIProvider]
    ) async throws(LibraryError) -> Answer {
        var answer = Answer()
        guard !configuration.offline else { return answer }
        for provider in providers where provider.leagues.contains(league) {
            let request = provider.request(for: league, on: day)
            if let games = try await ask(
                provider, request, failures: &answer.failures,
                reading: { body throws(ProviderError) in
                    try provider.games(in: body, league: league, on: day)
                })
            {
                answer.games = games
                answer.provider = provider.name
                return answer
            }
        }
        return answer
    }

    /// A league's whole season (its first year), from the first provider in tier order that lists seasons and answers
    /// every request of it: a season with a request unanswered is no answer, never half a season. `progress` is
    /// told of each request answered, and how many there are.
    public func season(
        _ season: Int, of league: LeagueID,
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) async throws(LibraryError) -> Answer {
        var answer = Answer()
        guard !configuration.offline else { return answer }
        for provider in providers.compactMap({ $0 as? any SeasonScheduleProvider }) where provider.leagues.contains(league) {
            let requests = provider.requests(for: league, season: season)
            var games: [ProviderGame] = []
            var answered = 0
            for request in requests {
                guard
                    let listed = try await ask(
                        provider, request, failures: &answer.failures,
                        reading: { body throws(ProviderError) in
                            try provider.seasonGames(in: body, league: league)
                        })
                else { break }
                games += listed
                answered += 1
                progress(answered, requests.count)
            }
            guard !requests.isEmpty, answered == requests.count else { continue }
            answer.games = games
            answer.provider = provider.name
            return answer
        }
        return answer
    }

    /// Sends one request to one provider, with everything every request gets: its robots.txt (scraped sites), its
    /// pace, retries with backoff (official providers), and its failures counted. Nil when it gave no answer.
    private func ask(
        _ provider: any ScoreAPIProvider, _ request: ProviderRequest, failures: inout [ProviderError],
        reading read: (Data) throws(ProviderError) -> [ProviderGame]
    ) async throws(LibraryError) -> [ProviderGame]? {
        guard let url = configuration.url(of: request, for: provider) else { return nil }
        if let reason = unreachable.reason(provider.name) {
            failures.append(.unreachable(provider: provider.name, reason: "not asked again in this run (\(reason))"))
            return nil
        }
        var interval = provider.minimumInterval
        if provider.reliability == .scraped {
            guard let robots = try await robots(of: provider, failures: &failures) else { return nil }
            guard robots.allows(request.pathAndQuery) else {
                failures.append(.disallowed(provider: provider.name, path: request.pathAndQuery))
                return nil
            }
            interval = max(interval, robots.crawlDelay ?? 0)
        }
        let tries = provider.reliability == .official ? Self.backoff.count + 1 : 1
        for attempt in 0..<tries {
            if attempt > 0 { try? await Task.sleep(for: .seconds(Self.backoff[attempt - 1])) }
            guard try await waitForTurn(of: provider, every: interval, failures: &failures) else { return nil }
            let result: Result<[ProviderGame], ProviderError>
            do throws(ProviderError) {
                result = .success(try read(try await http.get(url, headers: request.headers, provider: provider.name)))
            } catch {
                result = .failure(error)
            }
            switch result {
            case .success(let games):
                try governor.recordSuccess(provider)
                return games
            case .failure(let error):
                failures.append(error)
                try record(error, of: provider)
                if case .unreachable(_, let reason) = error {  // down, or no network here: retrying now will not help
                    unreachable.insert(provider.name, reason: reason)
                    return nil
                }
                if case .unreadable = error { return nil }  // the same answer would come again: not retried
            }
        }
        return nil
    }

    /// Waits for the provider's next request slot; false when it is disabled or its slot is too far away.
    private func waitForTurn(
        of provider: any ScoreAPIProvider, every interval: Double,
        failures: inout [ProviderError]
    ) async throws(LibraryError) -> Bool {
        guard let slot = try governor.reserve(provider, interval: interval) else { return false }
        let wait = slot.timeIntervalSince(governor.now())
        guard wait <= Self.longestWait else {
            failures.append(.rateLimited(provider: provider.name, retryAfter: wait))
            return false
        }
        if wait > 0 { try? await Task.sleep(for: .seconds(wait)) }
        return true
    }

    /// Counts a failure against the provider, unless it says nothing about the provider (no network here).
    private func record(_ error: ProviderError, of provider: any ScoreAPIProvider) throws(LibraryError) {
        if case .unreachable = error { return }
        try governor.recordFailure(provider, error)
    }

    /// How long a site's robots.txt is trusted before it is fetched again.
    static let robotsLifetime: TimeInterval = 86_400

    /// The site's robots.txt, from the library when fetched within a day, else from the site (paced like any other
    /// request); nil when it cannot be had, which passes the provider over this time. A site without one (HTTP 4xx)
    /// allows everything; one that fails (5xx, no answer) is a failure of the provider.
    private func robots(
        of provider: any ScoreAPIProvider,
        failures: inout [ProviderError]
    ) async throws(LibraryError) -> RobotsTxt? {
        let robot = "StadiumLog"
        if let state = try governor.state(of: provider), let text = state.robotsTxt, let fetched = state.robotsFetchedAt,
            governor.now().timeIntervalSince(fetched) < Self.robotsLifetime
        {
            return RobotsTxt(text, robot: robot)
        }
        let request = ProviderRequest("/robots.txt")
        if let reason = unreachable.reason(provider.name) {
            failures.append(.unreachable(provider: provider.name, reason: "not asked again in this run (\(reason))"))
            return nil
        }
        guard let url = configuration.url(of: request, for: provider),
            try await waitForTurn(of: provider, every: provider.minimumInterval, failures: &failures)
        else { return nil }
        let text: String
        do throws(ProviderError) {
            text = String(decoding: try await http.get(url, headers: [:], provider: provider.name), as: UTF8.self)
        } catch .httpStatus(_, let status) where (400..<500).contains(status) {
            text = ""
        } catch {
            failures.append(error)
            try record(error, of: provider)
            if case .unreachable(_, let reason) = error { unreachable.insert(provider.name, reason: reason) }
            return nil
        }
        try governor.recordRobots(text, of: provider)
        return RobotsTxt(text, robot: robot)
    }

    /// The outcome of looking for one game's final score.
    public enum Lookup: Hashable, Sendable {
        /// A final score, with where it came from.
        case final(home: Int, away: Int, source: ScoreSource, provider: String?, fetchedAt: Date?)
        /// The providers answered, but without a final score for this game (not listed, postponed, not played).
        case noFinal(provider: String?)
        /// No provider could answer (offline, failing, disabled): try again later.
        case pending(failures: [ProviderError])
    }

    /// The final score of a game: from the cache, the bundled index, or the providers, in that order.
    public func finalScore(of key: GameKey) async throws(LibraryError) -> Lookup {
        if let cached = try cachedScore(key) { return cached }
        let bundled = catalog.games(atVenue: key.venueId, on: key.localDate).first {
            $0.homeTeamId == key.homeTeamId && $0.gameNumber == key.gameNumber && $0.isFinal
        }
        if let bundled, let home = bundled.homeScore, let away = bundled.awayScore {
            // A score a library's overlay supplied keeps its provider; the bundled index's own is the app's.
            return .final(
                home: home, away: away, source: bundled.scoreProvenance == nil ? .app : .api,
                provider: bundled.scoreProvenance?.provider, fetchedAt: bundled.scoreProvenance?.fetchedAt)
        }
        guard !configuration.offline else { return .pending(failures: []) }
        // A provider that answers without this game's final (a preseason game the league API does not list, a feed
        // behind) does not end the search: the next tier may have it.
        var failures: [ProviderError] = []
        var noFinal: CachedGameScore?
        for provider in providers where provider.leagues.contains(key.league) {
            let answer = try await games(of: key.league, on: key.localDate, asking: [provider])
            failures += answer.failures
            guard answer.provider != nil else { continue }
            let entry = Self.cacheEntry(
                for: key, in: answer.games.compactMap { catalog.map($0) }, from: provider.name,
                at: governor.now())
            if entry.outcome == .final {
                try governor.library.cache(entry)
                return Self.lookup(entry, reliability: provider.reliability)
            }
            noFinal = noFinal ?? entry
        }
        guard let noFinal else { return .pending(failures: failures) }
        try governor.library.cache(noFinal)
        return .noFinal(provider: noFinal.provider)
    }

    /// What a provider's answer says about the game: its final score, or that it has none.
    static func cacheEntry(for key: GameKey, in games: [MappedGame], from provider: String, at now: Date) -> CachedGameScore {
        let teams = games.filter { $0.homeTeamId == key.homeTeamId && $0.awayTeamId == key.awayTeamId }
        let numbered = teams.filter { $0.game.gameNumber == key.gameNumber }
        // A provider that does not number doubleheader games can name this game only when it is alone that day.
        var game: MappedGame?
        if numbered.count == 1 {
            game = numbered[0]
        } else if teams.count == 1, teams[0].game.gameNumber == 0 {
            game = teams[0]
        }
        if let game, game.game.isFinal, let home = game.game.homeScore, let away = game.game.awayScore {
            return CachedGameScore(
                key: key.description, homeScore: home, awayScore: away, outcome: .final, provider: provider,
                fetchedAt: now, expiresAt: expiry(final: true, of: key.localDate, at: now))
        }
        return CachedGameScore(
            key: key.description, outcome: .noFinal, provider: provider, fetchedAt: now,
            expiresAt: expiry(final: false, of: key.localDate, at: now))
    }

    /// Games older than 30 days: finals forever, no final for 7 days. Recent games: finals for 24 h (scores are
    /// corrected in the first day), no final for an hour (the game may still be played).
    public static func expiry(final: Bool, of day: LocalDate, at now: Date) -> Date? {
        let today = Int((now.timeIntervalSince1970 / 86_400).rounded(.down))  // days since 1970-01-01, UTC
        let historical = today - day.daysSinceEpoch > 30
        switch (final, historical) {
        case (true, true): return nil
        case (true, false): return now.addingTimeInterval(86_400)
        case (false, true): return now.addingTimeInterval(7 * 86_400)
        case (false, false): return now.addingTimeInterval(3_600)
        }
    }

    /// A fresh cache entry; a stale or unreadable one is deleted so the game is looked up again.
    private func cachedScore(_ key: GameKey) throws(LibraryError) -> Lookup? {
        let now = governor.now()
        return try governor.library.freshCachedScore(key: key.description, at: now).map { entry in
            Self.lookup(entry, reliability: providers.first { $0.name == entry.provider }?.reliability)
        }
    }

    private static func lookup(_ entry: CachedGameScore, reliability: ProviderReliability?) -> Lookup {
        guard entry.outcome == .final, let home = entry.homeScore, let away = entry.awayScore else {
            return .noFinal(provider: entry.provider)
        }
        return .final(
            home: home, away: away, source: reliability == .scraped ? .scraped : .api, provider: entry.provider,
            fetchedAt: entry.fetchedAt)
    }
}

/// The providers a run found unreachable, with the reason; shared by the concurrent lookups of one run.
final class UnreachableProviders: @unchecked Sendable {
    private let lock = NSLock()
    private var reasons: [String: String] = [:]

    func insert(_ provider: String, reason: String) { lock.withLock { reasons[provider] = reasons[provider] ?? reason } }
    func reason(_ provider: String) -> String? { lock.withLock { reasons[provider] } }
}
