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
        let chosen = port == 0 ? try LoopbackPort.free() : port
        site = try WebSite(
            library: library, catalog: catalog, port: chosen, readOnly: readOnly || library.access == .readOnly,
            serveIPv6: LoopbackPort.ipv6Available(port: chosen))
    }

    /// The address to open, with this run's secret: the only way in.
    public var url: URL { URL(string: "http://127.0.0.1:\(site.port)/?key=\(site.secret)")! }

    /// Whether changes are refused.
    public var isReadOnly: Bool { site.readOnly }

    /// Serves until SIGINT or SIGTERM, then stops cleanly; `ready` is called once the server is listening.
    public func run(ready: @escaping @Sendable () -> Void) async throws {
        var logger = Logger(label: "stadiumlog.serve")
        logger.logLevel = .warning
        let router = site.router()
        var services: [any Service] = [
            Application(
                router: router, configuration: .init(address: .hostname("127.0.0.1", port: site.port)),
                onServerRunning: { _ in ready() }, logger: logger)
        ]
        if site.serveIPv6 {
            services.append(
                Application(router: router, configuration: .init(address: .hostname("::1", port: site.port)), logger: logger))
        }
        let group = ServiceGroup(
            configuration: .init(services: services, gracefulShutdownSignals: [.sigint, .sigterm], logger: logger))
        try await group.run()
    }
}

/// Ports on the loopback interface.
enum LoopbackPort {
    /// A port free on 127.0.0.1 now, chosen by the system.
    static func free() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw WebServerError.noFreePort }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { socketAddress in
                bind(descriptor, socketAddress, length) == 0 && getsockname(descriptor, socketAddress, &length) == 0
            }
        }
        guard bound else { throw WebServerError.noFreePort }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether ::1 can be listened on at `port` (a machine without IPv6 serves 127.0.0.1 alone).
    static func ipv6Available(port: Int) -> Bool {
        let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        address.sin6_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0
            }
        }
    }
}

/// Why the server could not start.
public enum WebServerError: FanFacingError, Hashable, Sendable {
    case noFreePort
    case templates(reason: String)

    /// What went wrong.
    public var problem: String {
        switch self {
        case .noFreePort: "no free port on 127.0.0.1"
        case .templates(let reason): "the web app's pages could not be read: \(reason)"
        }
    }

    /// What to do about it.
    public var remedy: Remedy? {
        switch self {
        case .noFreePort: .tryAgain
        case .templates: .updateStadiumLog
        }
    }

    /// The library is never touched by a server that did not start.
    public var changedNothing: Bool { true }
}
