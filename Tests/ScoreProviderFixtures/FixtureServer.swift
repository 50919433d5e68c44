import Foundation
import Hummingbird
import NIOCore

/// A real HTTP server on 127.0.0.1 that answers at the providers' real paths with the responses recorded in
/// `../shared/fixtures/score-providers/`, and breaks on request: 429 with Retry-After, 500, answers slower than any
/// time limit, truncated JSON, garbage, HTML whose structure changed.
///
/// Providers are not mocked: they build real requests, our HTTP client sends them over TCP, and they parse what
/// comes back. A date nobody recorded gets the provider's own empty answer shape, or 404.
public final class FixtureServer: @unchecked Sendable {
    /// The recorded provider responses beside the clone (`../shared/fixtures/score-providers`).
    public static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("shared/fixtures/score-providers")
    /// Responses in the providers' recorded shapes for what no recording shows (a season in progress, a suspended
    /// game, a doubleheader), built for the tests and labelled so in their README.
    public static let constructed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/score-providers")

    /// What the server does instead of answering, for a test of a provider's failures.
    public enum Fault: Sendable, Equatable {
        case status(Int, retryAfter: String? = nil)
        case delay(seconds: Double)
        case truncated
        case garbage
        /// The recorded page with its markup redesigned: the same games, other element names and classes.
        case restructured
    }

    /// What `/robots.txt` says: by default the rules Baseball-Reference publishes (a 3 s crawl delay, search tools
    /// disallowed); nil answers 404.
    public var robotsTxt: String? {
        get { lock.withLock { robots } }
        set { lock.withLock { robots = newValue } }
    }
    private var robots: String? = """
        # Sports-Reference style rules
        User-agent: *
        Crawl-delay: 3
        Disallow: /play-index/
        Disallow: /friv/compare.cgi

        User-agent: GPTBot
        Disallow: /
        """

    /// `http://127.0.0.1:PORT`.
    public private(set) var baseURL = URL(string: "http://127.0.0.1")!
    private var task: Task<Void, any Error>?
    private let lock = NSLock()
    private var faults: [(prefix: String, fault: Fault, remaining: Int, passing: Int)] = []
    private var log: [(path: String, at: Date)] = []

    /// Starts the server on a free port; it stops when the value is released or ``stop()`` is called.
    public static func start() async throws -> FixtureServer {
        let server = FixtureServer()
        let router = Router()
        router.get("**") { request, _ in try await server.respond(to: request) }
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let application = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                continuation.yield(channel.localAddress?.port ?? 0)
                continuation.finish()
            })
        server.task = Task { try await application.run() }
        guard let port = await stream.first(where: { _ in true }), port > 0 else { throw CancellationError() }
        server.baseURL = URL(string: "http://127.0.0.1:\(port)")!
        return server
    }

    /// Stops serving.
    public func stop() { task?.cancel() }

    deinit { task?.cancel() }

    /// `count` requests whose path starts with `prefix` get `fault` instead of the recording, after the first
    /// `after` of them were answered normally.
    public func inject(_ fault: Fault, forPathsStartingWith prefix: String, count: Int = 1, after: Int = 0) {
        lock.withLock { faults.append((prefix, fault, count, after)) }
    }

    /// Every request so far: path with query, and when it arrived.
    public var requests: [(path: String, at: Date)] { lock.withLock { log } }

    private func respond(to request: Request) async throws -> Response {
        let path = request.uri.description
        let fault: Fault? = lock.withLock {
            log.append((path, Date()))
            guard let index = faults.firstIndex(where: { path.hasPrefix($0.prefix) && $0.remaining > 0 }) else { return nil }
            guard faults[index].passing == 0 else {
                faults[index].passing -= 1
                return nil
            }
            faults[index].remaining -= 1
            return faults[index].fault
        }
        var body = try recording(for: request)
        switch fault {
        case .status(let code, let retryAfter)?:
            var headers = HTTPFields()
            if let retryAfter { headers[.retryAfter] = retryAfter }
            return Response(status: .init(code: code), headers: headers, body: .init(byteBuffer: ByteBuffer(string: "error")))
        case .delay(let seconds)?:
            try await Task.sleep(for: .seconds(seconds))
        case .truncated?:
            body = body.map { $0.prefix($0.count / 2) }
        case .garbage?:
            body = Data("\u{1F}\u{8B}not json at all <html>".utf8)
        case .restructured?:
            body = body.map { page in
                Data(
                    String(decoding: page, as: UTF8.self).replacingOccurrences(of: "game_summary", with: "game-card")
                        .replacingOccurrences(of: "<table class=\"teams\">", with: "<table class=\"matchup\">").utf8)
            }
        case nil:
            break
        }
        guard let body else { return Response(status: .notFound) }
        let type = path.hasPrefix("/robots.txt") ? "text/plain" : path.hasPrefix("/box") ? "text/html" : "application/json"
        return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// Every recorded day (an element of the `key` array with a `date`) from `first` through `last`, from the shared
    /// recordings and the constructed ones, the first recording of a day winning, as `{key: [...]}`.
    private func days(in provider: String, key: String, from first: String, through last: String) throws -> Data {
        var days: [String: Any] = [:]
        for folder in [Self.fixtures, Self.constructed].map({ $0.appendingPathComponent(provider) }) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            for name in names.sorted() where name.hasPrefix("schedule") && name.hasSuffix(".json") {
                let data = try Data(contentsOf: folder.appendingPathComponent(name))
                guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any],
                    let listed = object[key] as? [[String: Any]]
                else { continue }
                for day in listed {
                    guard let date = day["date"] as? String, date >= first, date <= last, days[date] == nil else { continue }
                    days[date] = day
                }
            }
        }
        let sorted = days.keys.sorted().map { days[$0]! }
        return try JSONSerialization.data(withJSONObject: [key: sorted, "totalItems": sorted.count])
    }

    private static func day(_ text: String) -> Date? { try? Date(text + "T00:00:00Z", strategy: .iso8601) }
    private static func iso(_ date: Date) -> String { String(date.ISO8601Format().prefix(10)) }

    /// The recorded response for a request, found by the date it asks for; the provider's empty shape for a date
    /// nobody recorded; nil for a path no provider has.
    private func recording(for request: Request) throws -> Data? {
        let path = request.uri.path
        let query = request.uri.queryParameters
        func file(_ folder: String, containing text: String) throws -> Data? {
            let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.appendingPathComponent(folder).path)
            return try names.sorted().first { $0.contains(text) }.map {
                try Data(contentsOf: Self.fixtures.appendingPathComponent(folder).appendingPathComponent($0))
            }
        }
        if path == "/robots.txt" {
            return robotsTxt.map { Data($0.utf8) }
        }
        // Sports-Reference daily pages: `/boxes/` (baseball), `/boxscores/` (basketball), `/boxscores/index.fcgi`
        // (hockey), each asking for month, day and year.
        if let year = query["year"].flatMap({ Int(String($0)) }), let month = query["month"].flatMap({ Int(String($0)) }),
            let day = query["day"].flatMap({ Int(String($0)) })
        {
            let date = String(format: "%04d-%02d-%02d", year, month, day)
            let site =
                switch path {
                case "/boxes/": "baseball-reference"
                case "/boxscores/": "basketball-reference"
                case "/boxscores/index.fcgi": "hockey-reference"
                default: ""
                }
            guard !site.isEmpty else { return nil }
            return try file(site, containing: "_\(date).html")
        }
        // Pro-Football-Reference's weekly pages: `/years/2017/week_7.htm`.
        if path.hasPrefix("/years/"), path.hasSuffix(".htm") {
            let parts = path.split(separator: "/")
            guard parts.count == 3 else { return nil }
            return try file("pro-football-reference", containing: "years_\(parts[1])_\(parts[2].dropLast(4)).html")
        }
        if path == "/api/v1/schedule", let date = query["date"].map(String.init) {
            return try file("mlb-statsapi", containing: "schedule_date_\(date)") ?? Data(#"{"totalItems":0,"dates":[]}"#.utf8)
        }
        // A range, as the Stats API answers it: every recorded day between the two dates.
        if path == "/api/v1/schedule", let first = query["startDate"].map(String.init), let last = query["endDate"].map(String.init) {
            return try days(in: "mlb-statsapi", key: "dates", from: first, through: last)
        }
        if path.hasPrefix("/v1/schedule/") {
            let date = String(path.dropFirst("/v1/schedule/".count))
            // The week from the asked date: the recording of exactly that request, else the recorded days in it.
            if let recorded = try file("nhl-api-web", containing: "schedule_\(date)") { return recorded }
            guard let day = Self.day(date) else { return nil }
            return try days(in: "nhl-api-web", key: "gameWeek", from: date, through: Self.iso(day.addingTimeInterval(6 * 86_400)))
        }
        if path == "/stats/scheduleleaguev2", let season = query["Season"].map(String.init) {
            let folder = Self.constructed.appendingPathComponent("nba-stats")
            let name = try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasPrefix("scheduleleaguev2_\(season)") }
            return try name.map { try Data(contentsOf: folder.appendingPathComponent($0)) }
                ?? Data(#"{"leagueSchedule":{"seasonYear":"\#(season)","gameDates":[]}}"#.utf8)
        }
        if path == "/stats/scoreboardv3", let date = query["GameDate"].map(String.init) {
            return try file("nba-stats", containing: "scoreboardv3_\(date)")
                ?? Data(#"{"scoreboard":{"gameDate":"\#(date)","games":[]}}"#.utf8)
        }
        if path.hasPrefix("/apis/site/v2/sports/"), path.hasSuffix("/scoreboard"), let compact = query["dates"].map(String.init),
            compact.count == 8
        {
            let league = path.split(separator: "/")[5]
            let date = "\(compact.prefix(4))-\(compact.dropFirst(4).prefix(2))-\(compact.suffix(2))"
            // A recording named by its date, else a week's scoreboard (one with a "week" object) with a game starting
            // that day or the next (UTC: an evening game in the US); else ESPN's shape of a day without games.
            if let named = try file("espn", containing: "\(league)_scoreboard_\(date)") { return named }
            let next = Self.day(date).map { Self.iso($0.addingTimeInterval(86_400)) } ?? date
            let folder = Self.fixtures.appendingPathComponent("espn")
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
            where name.hasPrefix("\(league)_scoreboard_") {
                let body = try Data(contentsOf: folder.appendingPathComponent(name))
                let text = String(decoding: body, as: UTF8.self)
                if text.contains("\"week\""), text.contains("\"\(date)T") || text.contains("\"\(next)T") { return body }
            }
            return Data(#"{"day":{"date":"\#(date)"},"events":[]}"#.utf8)
        }
        return nil
    }
}
