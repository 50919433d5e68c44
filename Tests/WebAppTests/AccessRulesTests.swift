import Foundation
import Testing

/// The rules of a local server that holds a private photo history, tried as an attacker would: over raw HTTP against a
/// real `stadiumlog serve`, with the headers a hostile page or script could send.
@Suite("serve: the rules of a local server", .serialized)
struct AccessRulesTests {
    @Test("Without the secret nothing is served; the printed address sets a private cookie and drops the secret")
    func secret() throws {
        let served = try ServedLibrary()
        defer { served.stop() }
        for path in ["/", "/visits", "/confirm", "/assets/app.js", "/thumbnails/" + String(repeating: "a", count: 64)] {
            #expect(try RawHTTP.send("GET", path, host: served.host, port: served.port).status == 403, "\(path)")
        }
        #expect(try RawHTTP.send("GET", "/?key=0123", host: served.host, port: served.port).status == 403)
        #expect(
            try RawHTTP.send("GET", "/", host: served.host, port: served.port, headers: [("Cookie", "stadiumlog-\(served.port)=guess")])
                .status == 403)
        let entry = try RawHTTP.send("GET", "/visits?key=\(served.secret)&q=Boston", host: served.host, port: served.port)
        #expect(entry.status == 303)
        #expect(entry.header("Location") == "/visits?q=Boston")
        let cookie = try #require(entry.header("Set-Cookie"))
        #expect(
            cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict")
                && cookie.contains("stadiumlog-\(served.port)=\(served.secret)"))
        #expect(try served.get("/").status == 200)
    }

    @Test("Only the loopback address printed is answered: a rebound DNS name, localhost or two Host headers are refused")
    func host() throws {
        let served = try ServedLibrary()
        defer { served.stop() }
        for host in [
            "attacker.example:\(served.port)", "localhost:\(served.port)", "127.0.0.1:\(served.port)", "\(served.host):1", served.host,
        ] {
            #expect(try served.get("/", headers: [("Host", host)]).status == 403, "\(host)")
        }
        let twice = try RawHTTP.send(
            "GET", "/", host: served.host, port: served.port,
            headers: [("Host", "\(served.host):\(served.port)"), ("Host", "attacker.example"), served.cookie])
        #expect(twice.status == 403 || twice.status == 400)
    }

    @Test("Photos are served by content hash only: no path in a request reaches a file, nor does a redirect leave the site")
    func paths() throws {
        let served = try ServedLibrary()
        defer { served.stop() }
        for path in [
            "/thumbnails/../../../../etc/passwd", "/thumbnails/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "/assets/..%2f..%2fPackage.swift",
            "/assets/app.swift", "/assets/.%2e/.%2e/etc/passwd", "/photos/" + String(repeating: "0", count: 64) + "/preview",
            "/photos/..%2f..%2fetc%2fpasswd/preview", "/thumbnails/" + String(repeating: "A", count: 64),
        ] {
            let answer = try served.get(path)
            #expect(answer.status == 404 || answer.status == 403, "\(path) \(answer.status)")
            #expect(!answer.text.contains("root:"), "\(path)")
        }
        #expect(try served.get("/assets/app.css").status == 200)
        let away = try RawHTTP.send("GET", "//attacker.example/?key=\(served.secret)", host: served.host, port: served.port)
        #expect(away.header("Location") == "/" || away.status == 403 || away.status == 404)
    }

    @Test("Ctrl-C stops the server cleanly")
    func stops() throws {
        let served = try ServedLibrary()
        #expect(served.stop() == 0)
    }
}

extension ServedLibrary {
    /// The ids of the pending matches, as the command line lists them (the first column of `confirm`'s table).
    func pendingIds() throws -> [String] {
        // The list shows the start of each id, which every command (and the web app's forms) takes.
        try cli(["confirm"]).split(separator: "\n").dropFirst().compactMap { line in
            line.split(separator: " ").first.map(String.init).flatMap { $0.count == 8 ? $0 : nil }
        }
    }

    /// The ids of the visits, as the command line lists them.
    func visitIds() throws -> [String] {
        let json = try JSONSerialization.jsonObject(with: Data(cli(["visits", "--format", "json"]).utf8))
        let items = (json as? [[String: Any]]) ?? ((json as? [String: Any])?["visits"] as? [[String: Any]]) ?? []
        return items.compactMap { $0["id"] as? String }
    }

    /// The content hashes of the photos the pages show.
    func photoHashes() throws -> [String] {
        var hashes: Set<String> = []
        for id in try visitIds() {
            let page = try get("/visits/\(id)").text
            var rest = page[...]
            while let range = rest.range(of: #"/photos/[0-9a-f]{64}/preview"#, options: .regularExpression) {
                hashes.insert(String(rest[range].dropFirst(8).prefix(64)))
                rest = rest[range.upperBound...]
            }
        }
        return hashes.sorted()
    }
}
