import Catalog
import Foundation
import Hummingbird
import Logging
import ServiceLifecycle
import TimeAndPlace
import VisitStore

/// `stadiumlog serve`: the fan's library as a local web app, on the loopback addresses only, behind a secret made for
/// this run. The pages call the same use cases as the command line, read the library afresh on every request (so the
/// command line and the browser can change one library at once) and render the report's templates.
public struct WebServer: Sendable {
    /// What every page and action works with.
    let site: WebSite

    /// A server for `library`, on `port` (0: any free one); `readOnly` refuses every change, as does a library the
    /// process cannot write.
    public init(library: VisitLibrary, catalog: Catalog, port: Int, readOnly: Bool) throws {
        site = try WebSite(
            library: library, catalog: catalog, address: try LoopbackAddress.forThisRun(port: port),
            readOnly: readOnly || library.access == .readOnly)
    }

    /// The address to open, with this run's secret: the only way in.
    public var url: URL { URL(string: "http://\(site.host)/?key=\(site.secret)")! }

    /// Whether changes are refused.
    public var isReadOnly: Bool { site.readOnly }

    /// Serves until SIGINT or SIGTERM, then stops cleanly; `ready` is called once the server is listening.
    public func run(ready: @escaping @Sendable () -> Void) async throws {
        var logger = Logger(label: "stadiumlog.serve")
        logger.logLevel = .warning
        // A connection without a whole request for 10 s is closed: a request half sent, or headers sent a byte at a
        // time, hold one no longer.
        let application = Application(
            router: site.router(), server: .http1(configuration: .init(idleTimeout: .seconds(10))),
            configuration: .init(address: .hostname(site.address.ip, port: site.address.port)),
            onServerRunning: { _ in ready() }, logger: logger)
        let group = ServiceGroup(
            configuration: .init(services: [application], gracefulShutdownSignals: [.sigint, .sigterm], logger: logger))
        try await group.run()
    }
}

/// Where `serve` listens. Browsers keep cookies by host, not by port: on 127.0.0.1 the secret's cookie would go to every
/// local server the fan opens (a development server, another program's page), and a second `serve` would overwrite it.
/// So each run takes a loopback address of its own, 127.x.y.z chosen at random — Linux answers the whole of 127.0.0.0/8
/// on the loopback interface — where no other server is, and its cookie goes nowhere else. A system that has only
/// 127.0.0.1 (macOS, unless configured) serves there, with a cookie named for the port (``WebSite/cookieName``).
struct LoopbackAddress: Hashable, Sendable {
    let ip: String
    let port: Int

    /// `ip:port`, as the Host header and the address bar write it (HTTP's own port 80 left out, as they leave it).
    var authority: String { port == 80 ? ip : "\(ip):\(port)" }

    /// An address of this run's own at `port` (0: any free one).
    static func forThisRun(port: Int) throws(WebServerError) -> LoopbackAddress {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<8 {
            let octets = (0..<3).map { _ in UInt8.random(in: 1...254, using: &generator) }
            let ip = "127." + octets.map(String.init).joined(separator: ".")
            switch probe(ip, port: port) {
            case .free(let chosen): return LoopbackAddress(ip: ip, port: chosen)
            case .addressMissing: return try shared(port: port)
            case .taken, .failed: continue
            }
        }
        return try shared(port: port)
    }

    /// 127.0.0.1, where every local server is.
    private static func shared(port: Int) throws(WebServerError) -> LoopbackAddress {
        switch probe("127.0.0.1", port: port) {
        case .free(let chosen): return LoopbackAddress(ip: "127.0.0.1", port: chosen)
        case .taken: throw .portTaken(port)
        case .addressMissing, .failed: throw .noFreePort
        }
    }

    private enum Probe {
        case free(port: Int)
        case taken
        case addressMissing
        case failed
    }

    /// Whether `ip:port` can be listened on now (port 0: the free port the system gives).
    private static func probe(_ ip: String, port: Int) -> Probe {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return .failed }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr(ip)
        address.sin_port = UInt16(port).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else {
            switch errno {
            case EADDRINUSE: return .taken
            case EADDRNOTAVAIL: return .addressMissing
            default: return .failed
            }
        }
        return .free(port: Int(UInt16(bigEndian: address.sin_port)))
    }
}

/// Why the server could not start.
public enum WebServerError: FanFacingError, Hashable, Sendable {
    case noFreePort
    case portTaken(Int)
    case templates(reason: String)

    /// What went wrong.
    public var problem: String {
        switch self {
        case .noFreePort: "no free port on the loopback interface"
        case .portTaken(let port): "port \(port) is already in use by another program"
        case .templates(let reason): "the web app's pages could not be read: \(reason)"
        }
    }

    /// What to do about it.
    public var remedy: Remedy? {
        switch self {
        case .noFreePort: .tryAgain
        case .portTaken: .chooseAnotherPort
        case .templates: .updateStadiumLog
        }
    }

    /// The library is never touched by a server that did not start.
    public var changedNothing: Bool { true }
}
