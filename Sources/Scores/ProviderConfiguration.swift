import Foundation

/// Where the providers live and how long to wait for them.
///
/// Each provider's scheme and host can be replaced — by its environment variable (`STADIUMLOG_MLB_STATS_URL`, …) or
/// the same key in the library folder's `stadiumlog.conf` (`KEY=URL` lines; the environment wins) — which is how
/// tests point them at a local server and how a user routes them through a mirror.
public struct ProviderConfiguration: Sendable {
    /// Replacement base URLs, keyed by a provider's ``ScoreAPIProvider/baseURLKey``; a provider without one uses its default.
    public var overrides: [String: URL]
    /// Seconds before a request counts as failed.
    public var timeout: Double
    /// The `User-Agent` of every request, naming StadiumLog and its version.
    public var userAgent: String
    /// No network at all (`--offline`).
    public var offline: Bool

    /// A configuration as given, as tests build theirs; the app reads its own with
    /// ``load(environment:configFile:version:offline:)``.
    public init(overrides: [String: URL] = [:], timeout: Double = 8, userAgent: String, offline: Bool = false) {
        self.overrides = overrides
        self.timeout = timeout
        self.userAgent = userAgent
        self.offline = offline
    }

    /// Overrides from `environment` over those in `configFile` (a missing file is no overrides).
    public static func load(
        environment: [String: String] = ProcessInfo.processInfo.environment, configFile: URL?,
        version: String, offline: Bool = false
    ) -> ProviderConfiguration {
        var values: [String: String] = [:]
        if let configFile, let text = try? String(contentsOf: configFile, encoding: .utf8) {
            for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
                let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                if parts.count == 2 { values[parts[0]] = parts[1] }
            }
        }
        for (key, value) in environment where key.hasPrefix("STADIUMLOG_") && key.hasSuffix("_URL") { values[key] = value }
        return ProviderConfiguration(
            overrides: values.compactMapValues { URL(string: $0) }.filter { $0.value.host != nil },
            userAgent: "StadiumLog/\(version) (photo-to-game history; polite, cached)",
            offline: offline)
    }

    /// The URL of a provider's request: its path and query under the provider's base URL or its override.
    func url(of request: ProviderRequest, for provider: any ScoreAPIProvider) -> URL? {
        let base = overrides[provider.baseURLKey] ?? provider.defaultBaseURL
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        return URL(string: text + request.pathAndQuery)
    }
}
