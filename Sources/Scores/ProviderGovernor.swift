import Foundation
import VisitStore

/// The failure policy and the polite pace of every provider, shared through the library database by every process
/// that uses it.
///
/// - Pace: a request reserves its slot in a write transaction (`nextRequestAt` moves forward by the provider's
///   interval), so two processes never send closer together than the limit allows; HTTP 429 pushes the slot past
///   its `Retry-After`.
/// - Failures: official providers are never disabled (they are retried with backoff instead); unofficial ones are
///   disabled for 24 h after 3 failures within an hour, scraped ones after 2. A success clears the count.
public struct ProviderGovernor: Sendable {
    /// The library database whose provider states hold every provider's pace, failures and robots.txt.
    public let library: VisitLibrary
    /// The clock, injectable so tests can step past an hour or a day.
    public let now: @Sendable () -> Date

    /// How far back failures count toward disabling a provider: an hour.
    public static let failureWindow: TimeInterval = 3_600
    /// How long a provider stays disabled once it reaches its failure limit: 24 hours.
    public static let disabledFor: TimeInterval = 86_400

    /// A governor over `library`'s provider states, telling the time with `now`.
    public init(library: VisitLibrary, now: @escaping @Sendable () -> Date = { Date() }) {
        self.library = library
        self.now = now
    }

    /// How many failures within the window disable a provider; nil: never disabled.
    public static func failureLimit(for reliability: ProviderReliability) -> Int? {
        switch reliability {
        case .official: nil
        case .unofficial: 3
        case .scraped: 2
        }
    }

    /// Reserves the provider's next request slot and returns when it is; nil when the provider is disabled.
    /// `interval` replaces the provider's own when longer (a site's robots.txt `Crawl-delay`).
    public func reserve(_ provider: any ScoreAPIProvider, interval: Double = 0) throws(LibraryError) -> Date? {
        let now = now()
        return try library.updateState(ofProvider: provider.name) { state in
            guard !state.isDisabled(at: now) else { return nil }
            let slot = max(now, state.nextRequestAt)
            state.nextRequestAt = slot.addingTimeInterval(max(provider.minimumInterval, interval))
            state.lastRequestAt = slot
            state.requestCount += 1
            return slot
        }
    }

    /// Clears the provider's failure count and last error after it answered.
    public func recordSuccess(_ provider: any ScoreAPIProvider) throws(LibraryError) {
        try library.updateState(ofProvider: provider.name) { state in
            state.recentFailures = []
            state.lastError = nil
        }
    }

    /// Counts a failure; returns true when it disabled the provider.
    @discardableResult
    public func recordFailure(_ provider: any ScoreAPIProvider, _ error: ProviderError) throws(LibraryError) -> Bool {
        let now = now()
        return try library.updateState(ofProvider: provider.name) { state in
            if case .rateLimited(_, let retryAfter) = error {
                state.nextRequestAt = max(state.nextRequestAt, now.addingTimeInterval(retryAfter ?? 60))
            }
            state.recentFailures = state.recentFailures.filter { now.timeIntervalSince($0) < Self.failureWindow } + [now]
            state.lastError = error.description
            var disabled = false
            if let limit = Self.failureLimit(for: provider.reliability), state.recentFailures.count >= limit {
                state.disabledUntil = now.addingTimeInterval(Self.disabledFor)
                state.recentFailures = []
                disabled = true
            }
            return disabled
        }
    }

    /// Keeps a site's robots.txt, as fetched now.
    public func recordRobots(_ text: String, of provider: any ScoreAPIProvider) throws(LibraryError) {
        let now = now()
        try library.updateState(ofProvider: provider.name) { state in
            state.robotsTxt = text
            state.robotsFetchedAt = now
        }
    }

    /// The provider's stored state (pace, failures, robots.txt), or nil when it has never been asked.
    public func state(of provider: any ScoreAPIProvider) throws(LibraryError) -> ProviderState? {
        try library.state(ofProvider: provider.name)
    }

    /// Every provider's state, for `stadiumlog providers`.
    public func states() throws(LibraryError) -> [String: ProviderState] {
        try library.providerStates()
    }
}
