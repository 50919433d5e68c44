import Foundation
import GRDB

/// What every StadiumLog process on this library knows about one score provider: when it may next be asked, how
/// it has failed lately, and whether it is switched off.
///
/// Kept in the library because each command is a short process: a limit held in memory would reset on every run,
/// and two imports running at once would each think they had the provider to themselves.
public struct ProviderState: Codable, Hashable, Sendable, FetchableRecord, PersistableRecord {
    /// The provider's name (`mlb-statsapi`, `espn`): the row's key.
    public var provider: String
    /// The earliest moment the next request may be sent: each request reserves its slot by moving this forward.
    public var nextRequestAt: Date
    /// The slot of the latest request reserved, shown by `stadiumlog providers`; nil before the first.
    public var lastRequestAt: Date?
    /// Failures within the last hour, oldest first.
    public var recentFailures: [Date]
    /// Switched off until then after too many recent failures (`ProviderGovernor`); nil, or past, while it is on.
    public var disabledUntil: Date?
    /// The latest failure, in words; a success clears it.
    public var lastError: String?
    /// How many requests have been reserved for this provider with this library, ever.
    public var requestCount: Int
    /// A scraped site's robots.txt as last fetched ("" when it has none), kept for a day.
    public var robotsTxt: String?
    /// When `robotsTxt` was fetched; after a day it is fetched again.
    public var robotsFetchedAt: Date?

    /// A provider never asked: its next request may go at once, with no failures and nothing switched off.
    public init(provider: String) {
        self.provider = provider
        nextRequestAt = .distantPast
        recentFailures = []
        requestCount = 0
    }

    /// Switched off at `now`.
    public func isDisabled(at now: Date) -> Bool { disabledUntil.map { $0 > now } ?? false }
}

extension VisitLibrary {
    /// Changes a provider's state in one write transaction (a fresh state when it has none): two processes asking
    /// the same provider see each other's reservations and failures.
    public func updateState<T>(ofProvider name: String, _ change: (inout ProviderState) -> T) throws(LibraryError) -> T {
        try write { db in
            var state = try ProviderState.fetchOne(db, key: name) ?? ProviderState(provider: name)
            let result = change(&state)
            try state.save(db)
            return result
        }
    }

    /// A provider's state as stored; nil before this library first used the provider.
    public func state(ofProvider name: String) throws(LibraryError) -> ProviderState? {
        try read { db in try ProviderState.fetchOne(db, key: name) }
    }

    /// Every provider's state, by provider name.
    public func providerStates() throws(LibraryError) -> [String: ProviderState] {
        try read { db in Dictionary(uniqueKeysWithValues: try ProviderState.fetchAll(db).map { ($0.provider, $0) }) }
    }
}
