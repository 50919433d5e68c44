import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import WebApp

/// The rules every request passes that the router decides (``AccessRules``), in process: what a hostile page or a
/// crafted library can and cannot make the site do. Those of the HTTP server itself (the Host, the secret's cookie,
/// a half-sent request) are tried against a real `stadiumlog serve` (``AccessRulesTests``).
@Suite("serve: the rules of a local server, in process")
struct AccessRulesInProcessTests {
    @Test("A change needs POST, the form token and this origin; a cross-site or tokenless one changes nothing")
    func writes() async throws {
        let served = try InProcessSite()
        let confirmer = served.site.corrections.confirmer
        let pending = try #require(try confirmer.pending().first).id
        let before = try confirmer.pending().map(\.id)
        try await served.test { client in
            let form = "token=\(served.site.formToken)&pending=\(pending)&decision=skip"
            func post(origin: String?, body: String = form) async throws -> HTTPResponse.Status {
                var headers = served.cookie
                headers[.contentType] = "application/x-www-form-urlencoded"
                if let origin { headers[.origin] = origin }
                return try await client.execute(uri: "/confirm", method: .post, headers: headers, body: ByteBuffer(string: body)) {
                    $0.status
                }
            }
            #expect(try await post(origin: "http://attacker.example") == .forbidden)
            #expect(try await post(origin: "null") == .forbidden)
            #expect(try await post(origin: nil) == .forbidden)
            #expect(try await post(origin: "http://localhost", body: "token=0&pending=\(pending)&decision=skip") == .forbidden)
            let undo = try await client.get("/undo", served).status
            #expect(undo == .notFound || undo == .methodNotAllowed, "a GET never changes anything")
            // A GET with a form's fields only shows a page.
            #expect(try await client.get("/confirm?pending=\(pending)&decision=skip&token=\(served.site.formToken)", served).status == .ok)
            #expect(try confirmer.pending().map(\.id) == before)
            #expect(try await post(origin: "http://localhost") == .seeOther)
            #expect(try confirmer.pending().map(\.id) != before)
        }
    }

    @Test("A crafted export restored into a library cannot make the server read a file outside it")
    func craftedExport() async throws {
        let original = try InProcessSite()
        let export = original.folder.appendingPathComponent("export.json")
        try ServedLibrary.cli(["export", export.path, "--library", original.folder.path])
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
        try ServedLibrary.cli(["restore", export.path, "--library", restored.path])
        let served = try InProcessSite(photos: nil, folder: restored)
        let hashes = try served.site.history.visits().flatMap { try served.site.history.photos(ofVisit: $0.id).map(\.sha256) }
        #expect(!hashes.isEmpty)
        try await served.test { client in
            for hash in hashes {
                let status = try await client.get("/photos/\(hash)/preview", served).status
                #expect(status == .notFound, "\(hash)")
            }
        }
    }

    @Test("Text from photos and from the fan is escaped on every page, under a policy that runs no inline script")
    func hostileText() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let hostileName = "<img src=x onerror=alert(1)>\"'.jpg"
        try FileManager.default.copyItem(
            at: ServedLibrary.packageRoot.appendingPathComponent("TestImages/matching/high-exact-day.jpg"),
            to: folder.appendingPathComponent(hostileName))
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-library-\(UUID().uuidString)")
        try ServedLibrary.cli(["import", folder.path, "--library", library.path, "--offline"])
        let served = try InProcessSite(photos: nil, folder: library)
        let visit = try #require(try served.site.history.visits().first).id
        try ServedLibrary.cli([
            "visits", "edit", visit, "--notes", "<script>alert('notes')</script>", "--seat", "\"><svg onload=alert(2)>", "--library",
            library.path,
        ])
        try await served.test { client in
            let page = try await client.execute(uri: "/visits/\(visit)", method: .get, headers: served.cookie) { $0 }
            let html = String(buffer: page.body)
            #expect(page.status == .ok)
            for raw in ["<img src=x", "<script>alert", "<svg onload"] { #expect(!html.contains(raw), "\(raw)") }
            #expect(html.contains("&lt;img src=x onerror=alert(1)&gt;"))
            #expect(html.contains("&lt;script&gt;alert(&#39;notes&#39;)&lt;/script&gt;"))
            let policy = try #require(page.headers[HTTPField.Name("Content-Security-Policy")!])
            #expect(policy.contains("script-src 'self'") && !policy.contains("unsafe-inline"))
            #expect(!html.contains("<script>"))
            let search = try await client.execute(uri: "/visits?q=%3Cscript%3E", method: .get, headers: served.cookie) {
                String(buffer: $0.body)
            }
            #expect(search.contains("&lt;script&gt;"))
        }
    }

    @Test("Read-only refuses every change with a clear message and shows no form that changes")
    func readOnly() async throws {
        let writable = try InProcessSite()
        let served = try InProcessSite(photos: nil, folder: writable.folder, readOnly: true)
        let pending = try #require(try served.site.corrections.confirmer.pending().first).id
        try await served.test { client in
            let refused = try await client.post("/confirm", [("pending", pending), ("decision", "skip")], served)
            #expect(refused.status == .forbidden)
            #expect(refused.text.contains("read-only"))
            for path in ["/", "/visits", "/confirm", "/add", "/not-imported"] {
                #expect(!(try await client.get(path, served).text.contains("method=\"post\"")), "\(path)")
            }
        }
    }
}
