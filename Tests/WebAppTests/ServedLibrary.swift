import Foundation
import Synchronization
import Testing

/// A library made by the real `stadiumlog import` from TestImages/matching, served by a real `stadiumlog serve`
/// process; the address it printed is read from its output, as a person would copy it.
final class ServedLibrary: @unchecked Sendable {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static var executable: URL { Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("stadiumlog") }

    let folder: URL
    let process = Process()
    private let output = Pipe()
    private(set) var address = URL(string: "http://127.0.0.1")!
    var port: Int { address.port ?? 0 }
    /// The loopback address it listens on (127.x.y.z, its own).
    var host: String { address.host ?? "" }
    /// The secret the printed address carries.
    var secret: String { URLComponents(url: address, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "key" }?.value ?? "" }
    /// The cookie a browser that opened the address sends.
    var cookie: (String, String) { ("Cookie", "stadiumlog-\(port)=\(secret)") }

    /// A new library holding `photos` (under TestImages) as the real `stadiumlog import` files them, then served with
    /// `arguments` added.
    init(photos: String = "TestImages/matching", arguments: [String] = []) throws {
        folder = try Self.importedLibrary(photos)
        try start(arguments)
    }

    private static let imported = Mutex<[String: URL]>([:])

    /// A new library folder holding `photos` imported: a copy of one import made once per run of the tests (a
    /// library is a folder of files no process holds open between commands), so each test has its own to change.
    static func importedLibrary(_ photos: String) throws -> URL {
        let template = try imported.withLock { made in
            if let folder = made[photos] { return folder }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imported-\(UUID().uuidString)")
            try cli(["import", packageRoot.appendingPathComponent(photos).path, "--library", folder.path, "--offline"])
            made[photos] = folder
            return folder
        }
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("served-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: template, to: copy)
        return copy
    }

    /// Serves an existing library folder.
    init(folder: URL, arguments: [String] = []) throws {
        self.folder = folder
        try start(arguments)
    }

    private func start(_ arguments: [String]) throws {
        process.executableURL = Self.executable
        process.arguments = ["serve", "--library", folder.path] + arguments
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var printed = Data()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, !String(decoding: printed, as: UTF8.self).contains("?key=") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed.append(chunk)
        }
        let text = String(decoding: printed, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("http://") }), let url = URL(string: String(line)) else {
            process.terminate()
            throw POSIXError(.ETIMEDOUT)
        }
        address = url
    }

    /// Stops the server as Ctrl-C does; returns its exit status.
    @discardableResult
    func stop() -> Int32 {
        guard process.isRunning else { return process.terminationStatus }
        kill(process.processIdentifier, SIGINT)
        let deadline = Date().addingTimeInterval(15)
        while process.isRunning, Date() < deadline { usleep(50_000) }
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: folder)
    }

    /// A page as the fan's browser asks for it (with the cookie).
    func get(_ path: String, headers: [(String, String)] = []) throws -> RawHTTP.Answer {
        try RawHTTP.send("GET", path, host: host, port: port, headers: [cookie] + headers)
    }

    /// A form posted as the fan's browser posts it: the cookie, this origin, the page's form token.
    func post(_ path: String, _ fields: [(String, String)], origin: String? = nil, token: String? = nil) throws -> RawHTTP.Answer {
        let token = try token ?? formToken()
        let body = ([("token", token)] + fields).map { "\($0.0)=\(Self.encode($0.1))" }.joined(separator: "&")
        var headers = [cookie, ("Content-Type", "application/x-www-form-urlencoded")]
        headers.append(("Origin", origin ?? "http://\(host):\(port)"))
        return try RawHTTP.send("POST", path, host: host, port: port, headers: headers, body: Data(body.utf8))
    }

    /// The form token a page of this run carries.
    func formToken() throws -> String {
        let page = try get("/").text
        guard let range = page.range(of: #"name="form-token" content="[0-9a-f]{64}""#, options: .regularExpression) else { return "" }
        return String(page[range].dropFirst(27).prefix(64))
    }

    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? value
    }

    /// Runs the real `stadiumlog` on this library's folder; returns standard output.
    @discardableResult
    func cli(_ arguments: [String]) throws -> String { try Self.cli(arguments + ["--library", folder.path]) }

    @discardableResult
    static func cli(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging(["STADIUMLOG_OFFLINE": "1"]) { _, new in new }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
