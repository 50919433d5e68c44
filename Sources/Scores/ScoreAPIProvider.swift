import Catalog
import Foundation
import TimeAndPlace

/// A free source of schedules and final scores: what to ask it for one league and local date, and how to read its
/// answer.
///
/// Providers are pure: they build requests and parse responses, and never touch the network themselves. Fetching,
/// spacing requests, counting failures and caching belong to ``FreeScoreAPI``, the same for every provider, so a
/// provider is a page of field paths and nothing else.
public protocol ScoreAPIProvider: Sendable {
    /// A stable name (`mlb-statsapi`): the key of its persisted state and of the scores it supplied.
    var name: String { get }
    /// The leagues it knows, as their records in the catalog say.
    var leagues: Set<LeagueID> { get }
    var reliability: ProviderReliability { get }
    /// The polite pace: at most one request per this many seconds.
    var minimumInterval: Double { get }
    /// The environment variable (and config-file key) whose URL replaces the scheme and host of ``defaultBaseURL``.
    var baseURLKey: String { get }
    var defaultBaseURL: URL { get }

    /// The request for a league's games on a local date: a path with its query, relative to the base URL.
    func request(for league: LeagueID, on day: LocalDate) -> ProviderRequest

    /// The games of `league` on `day` in a response body. Throws ``ProviderError/unreadable(provider:reason:)`` when
    /// the body is not what this provider sends (truncated, garbage, a changed structure).
    func games(in body: Data, league: LeagueID, on day: LocalDate) throws(ProviderError) -> [ProviderGame]
}

/// How far a provider can be trusted to keep answering, which decides how its failures are treated.
public enum ProviderReliability: String, Codable, Sendable, CaseIterable {
    /// Run by the league: retried with backoff, never disabled.
    case official
    /// Undocumented JSON behind a website: disabled for 24 h after 3 failures within an hour.
    case unofficial
    /// HTML pages read by a parser: disabled for 24 h after 2 failures within an hour.
    case scraped

    /// The tier it is tried in, after the bundled index (tier 1).
    public var tier: Int {
        switch self {
        case .official: 2
        case .unofficial: 3
        case .scraped: 4
        }
    }
}

/// One HTTP GET, relative to a provider's base URL.
public struct ProviderRequest: Hashable, Sendable {
    /// Path and query: `/api/v1/schedule?sportId=1&date=2022-04-07`.
    public var pathAndQuery: String
    /// Headers the provider expects besides the user agent (`Accept: text/html`, nba.com's `Referer`).
    public var headers: [String: String]

    /// A request for `pathAndQuery`, with whatever headers the provider needs.
    public init(_ pathAndQuery: String, headers: [String: String] = [:]) {
        self.pathAndQuery = pathAndQuery
        self.headers = headers
    }
}

/// A provider that can list a whole season's schedule and finals in a few requests (`stadiumlog catalog update`).
public protocol SeasonScheduleProvider: ScoreAPIProvider {
    /// The requests that together list every game of a season (its first year: 2026 for the NHL's 2026-27).
    func requests(for league: LeagueID, season: Int) -> [ProviderRequest]

    /// Every game in one of those responses, each on the date the league lists it under, with its phase and season.
    func seasonGames(in body: Data, league: LeagueID) throws(ProviderError) -> [ProviderGame]
}
