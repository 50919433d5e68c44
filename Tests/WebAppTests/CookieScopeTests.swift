import Foundation
import Synchronization
import Testing

/// The secret's cookie stays with its own server, in a real browser: another local server the fan opens is not sent
/// it, and a second `serve` in the same browser leaves the first's alone.
@Suite("serve: the secret stays its own, in a browser", .serialized)
struct CookieScopeTests {
    @Test("A local server the fan visits after opening serve's address is not sent its cookie; two serves keep their own")
    func cookieStaysHome() throws {
        let first = try ServedLibrary()
        defer { first.stop() }
        let browser = try WebDriver()
        try browser.open(first.address.absoluteString)
        try browser.wait(until: "the overview shows") { try browser.text("h1") == "My games" }

        // Another program's page on this computer, as a development server or another app would serve it.
        let other = try RecordingServer().start()
        try browser.open("http://127.0.0.1:\(other.port)/")
        try browser.wait(until: "the other server's page shows") { try browser.text("h1") == "another local server" }
        let heard = other.requests.joined(separator: "\n")
        #expect(heard.contains("GET / HTTP/1.1"))
        #expect(!heard.contains(first.secret), "the other server was sent serve's secret")
        #expect(!heard.lowercased().contains("cookie: stadiumlog"))

        // A second serve, opened in the same browser, does not lock the first one out.
        let second = try ServedLibrary()
        defer { second.stop() }
        #expect(second.host != first.host || second.port != first.port)
        try browser.open(second.address.absoluteString)
        try browser.wait(until: "the second overview shows") { try browser.text("h1") == "My games" }
        try browser.open("http://\(first.host):\(first.port)/visits")
        try browser.wait(until: "the first server still lets the browser in") { try browser.elements(".visit-card").count > 0 }
    }
}

/// A local HTTP server that answers every request with one small page and keeps what it was sent.
final class RecordingServer: Sendable {
    let port: Int
    private let listener: Int32
    private let heard = Mutex<[String]>([])

    /// What it was sent, each request's head as text.
    var requests: [String] { heard.withLock { $0 } }

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        listener = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let listening = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 8) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard listening else { throw POSIXError(.EADDRINUSE) }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Starts answering, on a thread of its own.
    func start() -> Self {
        Thread.detachNewThread { self.serve() }
        return self
    }

    deinit { shutdown(listener, Int32(SHUT_RDWR)) }

    private func serve() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            var limit = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
            var received = [UInt8]()
            var buffer = [UInt8](repeating: 0, count: 8_192)
            while !String(decoding: received, as: UTF8.self).contains("\r\n\r\n") {
                let count = read(connection, &buffer, buffer.count)
                if count <= 0 { break }
                received += buffer[..<count]
            }
            heard.withLock { $0.append(String(decoding: received, as: UTF8.self)) }
            let page = "<!doctype html><title>other</title><h1>another local server</h1>"
            let answer = Array(
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: \(page.utf8.count)\r\nConnection: close\r\n\r\n\(page)".utf8)
            _ = write(connection, answer, answer.count)
            close(connection)
        }
    }
}
