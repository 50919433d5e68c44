import Catalog
import Foundation
import Scores
import VisitStore

/// A clock tests can move: hours and days pass in an instant.
public final class TestClock: @unchecked Sendable {
    private let lock = NSLock()
    private var current = Date()

    /// A clock at the real time now.
    public init() {}

    /// The time the clock shows.
    public var now: Date { lock.withLock { current } }
    /// Moves the clock forward.
    public func advance(_ seconds: TimeInterval) { lock.withLock { current += seconds } }
}

/// What a test of the providers (or of a use case that asks them) works with: the fixture server, a fresh library
/// and a clock, and ``FreeScoreAPI`` pointed at the server as the environment variables would point it.
public struct ProviderTestContext: Sendable {
    /// The fixture server on 127.0.0.1, one per context.
    public let server: FixtureServer
    /// A temporary folder of the test's own, which holds ``library``.
    public let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scores-\(UUID().uuidString)")
    /// A fresh library in ``folder``.
    public let library: VisitLibrary
    /// The clock the providers' pace and cache read, which the test moves.
    public let clock = TestClock()

    /// The bundled catalog, loaded once for every test.
    public static let catalog = try! Catalog.bundled()

    /// The provider the bundled catalog's league records name `name` (`espn`, `hockey-reference`).
    public static func provider(_ name: String) -> any ScoreAPIProvider {
        FreeScoreAPI.providers(for: catalog).first { $0.name == name }!
    }

    /// Starts a server and makes a library.
    public init() async throws {
        server = try await FixtureServer.start()
        library = try VisitLibrary(folder: folder)
    }

    /// Every provider pointed at the fixture server. The time limit is generous: other suites (a headless browser,
    /// real import processes) share the machine, and only the test about slow providers means to run into it.
    public func api(
        timeout: Double = 10, providers: [any ScoreAPIProvider]? = nil,
        library: VisitLibrary? = nil, offline: Bool = false, realTime: Bool = false,
        catalog: Catalog = ProviderTestContext.catalog
    ) -> FreeScoreAPI {
        let keys = FreeScoreAPI.providers(for: catalog).map(\.baseURLKey)
        let configuration = ProviderConfiguration(
            overrides: Dictionary(uniqueKeysWithValues: keys.map { ($0, server.baseURL) }),
            timeout: timeout, userAgent: "StadiumLog/test", offline: offline)
        let clock = clock
        return FreeScoreAPI(
            catalog: catalog, library: library ?? self.library,
            configuration: configuration, providers: providers, now: { realTime ? Date() : clock.now })
    }
}
