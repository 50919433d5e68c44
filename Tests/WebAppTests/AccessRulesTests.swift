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

    @Test("A change needs POST, the form token and this origin; a cross-site or tokenless one changes nothing")
    func writes() throws {
        let served = try ServedLibrary()
        defer { served.stop() }
        let pending = try #require(served.pendingIds().first)
        let before = try served.cli(["confirm"])
        let attempts: [RawHTTP.Answer] = [
            try served.post("/confirm", [("pending", pending), ("decision", "skip")], origin: "http://attacker.example"),
            try served.post("/confirm", [("pending", pending), ("decision", "skip")], origin: "null"),
            try served.post("/confirm", [("pending", pending), ("decision", "skip")], token: "0"),
            try RawHTTP.send(
                "POST", "/confirm", host: served.host, port: served.port,
                headers: [served.cookie, ("Content-Type", "application/x-www-form-urlencoded")],
                body: Data("token=\(try served.formToken())&pending=\(pending)&decision=skip".utf8)),
            try served.get("/undo"),
        ]
        for answer in attempts { #expect([403, 404, 405].contains(answer.status), "\(answer.status) \(answer.text)") }
        // A GET with a form's fields only shows a page.
        #expect(try served.get("/confirm?pending=\(pending)&decision=skip&token=\(try served.formToken())").status == 200)
        #expect(try served.cli(["confirm"]) == before)
        let done = try served.post("/confirm", [("pending", pending), ("decision", "skip"), ("back", "/confirm")])
        #expect(done.status == 303)
        #expect(try served.cli(["confirm"]) != before)
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

    @Test("A crafted export restored into a library cannot make the server read a file outside it")
    func craftedExport() throws {
        let original = try ServedLibrary()
        original.stop()
        let export = original.folder.appendingPathComponent("export.json")
        try original.cli(["export", export.path])
        // Every photo now points at a private file: the server must check the content, not trust the path.
        let secretFile = FileManager.default.temporaryDirectory.appendingPathComponent("secret-\(UUID().uuidString).jpg")
        try FileManager.default.copyItem(
            at: ServedLibrary.packageRoot.appendingPathComponent("TestImages/orientation/orientation-1.jpg"), to: secretFile)
        defer { try? FileManager.default.removeItem(at: secretFile) }
        var text = try String(contentsOf: export, encoding: .utf8)
        text = text.replacingOccurrences(
            of: #""originalPath"\s*:\s*"[^"]*""#, with: "\"originalPath\": \"\(secretFile.path)\"", options: .regularExpression)
        try text.write(to: export, atomically: true, encoding: .utf8)
        let restored = FileManager.default.temporaryDirectory.appendingPathComponent("restored-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: restored) }
        try ServedLibrary.cli(["restore", export.path, "--library", restored.path])
        let served = try ServedLibrary(folder: restored)
        defer { served.stop() }
        let hashes = try served.photoHashes()
        #expect(!hashes.isEmpty)
        for hash in hashes {
            #expect(try served.get("/photos/\(hash)/preview").status == 404)
        }
    }

    @Test("Text from photos and from the fan is escaped on every page, under a policy that runs no inline script")
    func hostileText() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = ServedLibrary.packageRoot.appendingPathComponent("TestImages/matching")
        let fenway = "high-exact-day.jpg"
        let hostileName = "<img src=x onerror=alert(1)>\"'.jpg"
        try FileManager.default.copyItem(at: source.appendingPathComponent(fenway), to: folder.appendingPathComponent(hostileName))
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-library-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: library)
        }
        try ServedLibrary.cli(["import", folder.path, "--library", library.path, "--offline"])
        let served = try ServedLibrary(folder: library)
        defer { served.stop() }
        let visit = try #require(served.visitIds().first)
        try served.cli(["visits", "edit", visit, "--notes", "<script>alert('notes')</script>", "--seat", "\"><svg onload=alert(2)>"])
        let page = try served.get("/visits/\(visit)")
        #expect(page.status == 200)
        for raw in ["<img src=x", "<script>alert", "<svg onload"] { #expect(!page.text.contains(raw), "\(raw)") }
        #expect(page.text.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(page.text.contains("&lt;script&gt;alert(&#39;notes&#39;)&lt;/script&gt;"))
        let policy = try #require(page.header("Content-Security-Policy"))
        #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"))
        #expect(!page.text.contains("<script>"))
        #expect(try served.get("/visits?q=%3Cscript%3E").text.contains("&lt;script&gt;"))
    }

    @Test("--read-only refuses every change with a clear message and shows no form that changes")
    func readOnly() throws {
        let served = try ServedLibrary(arguments: ["--read-only"])
        defer { served.stop() }
        let pending = try #require(served.pendingIds().first)
        let refused = try served.post("/confirm", [("pending", pending), ("decision", "skip")])
        #expect(refused.status == 403)
        #expect(refused.text.contains("read-only"))
        for path in ["/", "/visits", "/confirm", "/add"] {
            #expect(!(try served.get(path).text.contains("method=\"post\"")), "\(path)")
        }
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
