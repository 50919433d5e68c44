import Foundation

/// Chromium driven through WebDriver (Debian's `chromium` and `chromium-driver`): pages are opened, clicked and typed
/// into as a person would, headless.
final class WebDriver: @unchecked Sendable {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first { FileManager.default.isExecutableFile(atPath: $0) }
    static let driverPath = ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static let elementKey = "element-6066-11e4-a52e-4f735466cecf"

    private let driver = Process()
    private let port: Int
    private var session = ""
    private let profile = FileManager.default.temporaryDirectory.appendingPathComponent("chromium-\(UUID().uuidString)")
    /// Where the browser saves what it downloads (inside its profile, removed with it).
    var downloads: URL { profile.appendingPathComponent("Downloads") }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init() throws {
        guard let chromium = Self.chromium, let path = Self.driverPath else {
            throw Failure(
                description: "Chromium or chromedriver is not installed: run `bash Scripts/install-deps chromium chromium-driver`")
        }
        port = try Self.freePort()
        driver.executableURL = URL(fileURLWithPath: path)
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        let deadline = Date().addingTimeInterval(20)
        while (try? call("GET", "/status")) == nil {
            guard Date() < deadline else { throw Failure(description: "chromedriver did not start") }
            usleep(100_000)
        }
        let options: [String: Any] = [
            "binary": chromium,
            "args": [
                "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,1000",
                "--user-data-dir=\(profile.path)", "--no-first-run",
            ],
            // Files the pages make the browser download land in ``downloads``, without asking.
            "prefs": ["download.default_directory": downloads.path, "download.prompt_for_download": false],
        ]
        let answer = try call("POST", "/session", ["capabilities": ["alwaysMatch": ["goog:chromeOptions": options]]])
        session = try require((answer as? [String: Any])?["sessionId"] as? String)
    }

    deinit {
        _ = try? call("DELETE", "/session/\(session)")
        // chromedriver may outlive SIGTERM: asked to shut down, then killed.
        _ = try? call("GET", "/shutdown")
        let deadline = Date().addingTimeInterval(3)
        while driver.isRunning, Date() < deadline { usleep(50_000) }
        if driver.isRunning { kill(driver.processIdentifier, SIGKILL) }
        driver.waitUntilExit()
        try? FileManager.default.removeItem(at: profile)
    }

    func open(_ url: String) throws { _ = try call("POST", "/session/\(session)/url", ["url": url]) }

    var currentURL: String { get throws { try call("GET", "/session/\(session)/url") as? String ?? "" } }

    /// The first element `selector` finds (waiting up to 5 s for it to appear).
    func element(_ selector: String) throws -> String {
        let deadline = Date().addingTimeInterval(5)
        while true {
            if let found = try elements(selector).first { return found }
            guard Date() < deadline else { throw Failure(description: "no element \(selector) on \(try currentURL)") }
            usleep(100_000)
        }
    }

    func elements(_ selector: String) throws -> [String] {
        let found = try call("POST", "/session/\(session)/elements", ["using": "css selector", "value": selector])
        return (found as? [[String: Any]] ?? []).compactMap { $0[Self.elementKey] as? String }
    }

    func click(_ selector: String) throws { _ = try call("POST", "/session/\(session)/element/\(try element(selector))/click", [:]) }

    func type(_ text: String, into selector: String) throws {
        let field = try element(selector)
        _ = try call("POST", "/session/\(session)/element/\(field)/clear", [:])
        _ = try call("POST", "/session/\(session)/element/\(field)/value", ["text": text])
    }

    func text(_ selector: String) throws -> String {
        try call("GET", "/session/\(session)/element/\(try element(selector))/text") as? String ?? ""
    }

    /// Presses a key on the page, as a person at the keyboard.
    func press(_ key: String) throws {
        let actions: [[String: Any]] = [
            ["type": "key", "id": "keyboard", "actions": [["type": "keyDown", "value": key], ["type": "keyUp", "value": key]]]
        ]
        _ = try call("POST", "/session/\(session)/actions", ["actions": actions])
    }

    func acceptAlert() throws { _ = try call("POST", "/session/\(session)/alert/accept", [:]) }

    /// Sets the window's size, as a phone's or a laptop's screen.
    func resize(width: Int, height: Int) throws {
        _ = try call("POST", "/session/\(session)/window/rect", ["width": width, "height": height])
    }

    /// Runs a script in the page (for reading state, not for acting).
    func evaluate(_ script: String) throws -> Any? {
        try call("POST", "/session/\(session)/execute/sync", ["script": script, "args": []])
    }

    /// Saves what the browser shows as a PNG.
    func screenshot(to url: URL) throws {
        let base64 = try call("GET", "/session/\(session)/screenshot") as? String ?? ""
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(base64Encoded: base64)?.write(to: url)
    }

    /// Waits until `condition` holds (up to 10 s). A read that fails because the page was replaced while it was read
    /// (a form's redirect landing: "stale element") is read again, as a person would look again.
    func wait(until description: String, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(10)
        var lastError: (any Error)?
        while true {
            do {
                if try condition() { return }
            } catch {
                lastError = error
            }
            guard Date() < deadline else {
                throw Failure(
                    description: "timed out waiting until \(description) on \(try currentURL)\(lastError.map { ": \($0)" } ?? "")")
            }
            usleep(100_000)
        }
    }

    @discardableResult
    private func call(_ method: String, _ path: String, _ body: [String: Any]? = nil) throws -> Any? {
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) } ?? Data()
        let answer = try RawHTTP.send(
            method, path, port: port, headers: body == nil ? [] : [("Content-Type", "application/json; charset=utf-8")], body: data)
        let json = try JSONSerialization.jsonObject(with: answer.body) as? [String: Any]
        if answer.status != 200 {
            let error = json?["value"] as? [String: Any]
            throw Failure(description: "WebDriver \(method) \(path): \(error?["message"] as? String ?? answer.text)")
        }
        return json?["value"]
    }

    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard ok else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

private func require<T>(_ value: T?) throws -> T {
    guard let value else { throw WebDriver.Failure(description: "unexpected WebDriver answer") }
    return value
}
