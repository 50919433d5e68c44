import Foundation

/// Why a provider gave no answer. Every case is a failure of that provider for that request only: the caller tries
/// the next tier, counts the failure, and a visit waiting for its score stays pending.
public enum ProviderError: Error, Hashable, Sendable, CustomStringConvertible {
    /// HTTP 429; `retryAfter` seconds when the server said so.
    case rateLimited(provider: String, retryAfter: Double?)
    /// Any other HTTP status that is not 200.
    case httpStatus(provider: String, status: Int)
    /// No answer within the time limit.
    case timedOut(provider: String, seconds: Double)
    /// No connection (refused, reset, no route, DNS).
    case unreachable(provider: String, reason: String)
    /// An answer that is not what this provider sends: truncated, garbage, or a structure that changed.
    case unreadable(provider: String, reason: String)
    /// The site's robots.txt asks robots not to fetch this path: it is not fetched (and not counted as a failure).
    case disallowed(provider: String, path: String)

    /// The name of the provider that failed (`espn`), whatever the case.
    public var provider: String {
        switch self {
        case .rateLimited(let provider, _), .httpStatus(let provider, _), .timedOut(let provider, _),
            .unreachable(let provider, _), .unreadable(let provider, _), .disallowed(let provider, _):
            provider
        }
    }

    /// One line naming the provider and what went wrong, shown to the user and kept as the provider's last error.
    public var description: String {
        switch self {
        case .rateLimited(let provider, let retryAfter):
            "\(provider) asked us to slow down (HTTP 429)" + (retryAfter.map { "; retry after \(Int($0)) s" } ?? "")
        case .httpStatus(let provider, let status): "\(provider) answered HTTP \(status)"
        case .timedOut(let provider, let seconds): "\(provider) did not answer within \(seconds.formatted()) s"
        case .unreachable(let provider, let reason): "\(provider) cannot be reached: \(reason)"
        case .unreadable(let provider, let reason): "\(provider) sent something we cannot read: \(reason)"
        case .disallowed(let provider, let path): "\(provider)'s robots.txt asks robots not to fetch \(path)"
        }
    }
}
