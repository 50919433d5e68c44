import Foundation
import Testing

/// What a local adversary tries beyond the rules of ``AccessRulesTests``: answers that escape the security headers,
/// connections held open, redirects that leave the site through characters browsers drop, names that read reversed,
/// a port already taken.
@Suite("serve: attacked as a local adversary")
struct LocalServerAttackTests {
    @Test("The router's 404, a refusal and a body too large carry the security headers")
    func headersOnEveryAnswer() throws {
        signal(SIGPIPE, SIG_IGN)
        let served = try ServedLibrary()
        defer { served.stop() }
        let answers = [
            (404, try served.get("/no-such-page")),
            (403, try RawHTTP.send("GET", "/", host: served.host, port: served.port)),
            (413, try served.post("/add", [("game", String(repeating: "a", count: 1_200_000))])),
        ]
        for (status, answer) in answers {
            #expect(answer.status == status)
            #expect(answer.header("Content-Security-Policy")?.contains("default-src 'none'") == true, "\(status)")
            #expect(answer.header("X-Frame-Options") == "DENY", "\(status)")
            #expect(answer.header("X-Content-Type-Options") == "nosniff", "\(status)")
        }
    }

    @Test("A request half sent holds its connection about ten seconds, not a minute")
    func halfSentRequest() throws {
        let served = try ServedLibrary()
        defer { served.stop() }
        let descriptor = try RawHTTP.openConnection(host: served.host, port: served.port, timeout: 40)
        defer { close(descriptor) }
        let start = Date()
        let partial = Array("GET / HTTP/1.1\r\nHost: \(served.host):\(served.port)\r\nCookie: sta".utf8)
        _ = write(descriptor, partial, partial.count)
        var byte = [UInt8](repeating: 0, count: 1)
        let read = read(descriptor, &byte, 1)
        let held = Date().timeIntervalSince(start)
        #expect(read <= 0, "the server closed the connection instead of answering")
        #expect(held >= 5 && held < 25, "held \(held) s")
    }

    @Test("A form's way back with a tab, a line break or a backslash does not leave the site")
    func redirectsStayHome() throws {
        let served = try ServedLibrary()
        defer { served.stop() }
        let visit = try #require(served.visitIds().first)
        for back in ["/\t/evil.example", "/\n/evil.example", "/\\evil.example", "/ /evil.example", "/%09/evil.example"] {
            // A score that is not a number fails, and the answer goes back where the form says it came from.
            let answer = try served.post("/visits/\(visit)/score", [("home", "x"), ("away", "1"), ("back", back)])
            #expect(answer.status == 303)
            let location = try #require(answer.header("Location"))
            #expect(!location.contains("evil.example") || back == "/%09/evil.example", "\(back.debugDescription) → \(location)")
            #expect(location.hasPrefix("/") && !location.hasPrefix("//"))
            #expect(!location.unicodeScalars.contains { $0.properties.isWhitespace || $0 == "\\" })
        }
    }

    @Test("A file name with bidirectional controls is shown with them replaced, not reversed")
    func bidirectionalNames() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bidi-\(UUID().uuidString)")
        let library = FileManager.default.temporaryDirectory.appendingPathComponent("bidi-library-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: library)
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let name = "tickets\u{202E}gpj.exe\u{2066}.jpg"
        try FileManager.default.copyItem(
            at: ServedLibrary.packageRoot.appendingPathComponent("TestImages/matching/high-exact-day.jpg"),
            to: folder.appendingPathComponent(name))
        try ServedLibrary.cli(["import", folder.path, "--library", library.path, "--offline"])
        let served = try ServedLibrary(folder: library)
        defer { served.stop() }
        let visit = try #require(served.visitIds().first)
        let page = try served.get("/visits/\(visit)").text
        #expect(page.contains("tickets?gpj.exe?.jpg"))
        #expect(!page.unicodeScalars.contains { [0x202E, 0x2066].contains($0.value) })
    }

    @Test("A port another program listens on is said in one line, with what to do")
    func portTaken() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = INADDR_ANY
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, length) == 0 && listen(listener, 1) == 0 && getsockname(listener, $0, &length) == 0
            }
        }
        try #require(bound)
        let port = Int(UInt16(bigEndian: address.sin_port))
        let library = try ServedLibrary.importedLibrary("TestImages/matching")
        defer { try? FileManager.default.removeItem(at: library) }

        let process = Process()
        process.executableURL = ServedLibrary.executable
        process.arguments = ["serve", "--library", library.path, "--port", "\(port)"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus != 0)
        #expect(said.split(separator: "\n").count == 1, "\(said)")
        #expect(said.contains("port \(port) is already in use") && said.contains("--port"), "\(said)")
        #expect(!said.contains("errno"))
    }
}
