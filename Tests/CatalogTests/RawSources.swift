import Foundation
import Synchronization

/// The raw files in `../shared/data/raw` the catalog was built from, read the simplest way, for spot checks.
enum RawSources {
    static let root: URL = {
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let shared =
            ProcessInfo.processInfo.environment["STADIUMLOG_SHARED"].map(URL.init(fileURLWithPath:))
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return shared.appendingPathComponent("data/raw")
    }()

    private static let cache = Mutex<[String: String]>([:])

    /// A file's text (read once per test run); `.gz` files through `gzip -dc`.
    static func text(_ relativePath: String) throws -> String {
        if let text = cache.withLock({ $0[relativePath] }) { return text }
        let text = try read(relativePath)
        cache.withLock { $0[relativePath] = text }
        return text
    }

    private static func read(_ relativePath: String) throws -> String {
        let url = root.appendingPathComponent(relativePath)
        guard relativePath.hasSuffix(".gz") else { return try String(contentsOf: url, encoding: .isoLatin1) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/gzip")
        process.arguments = ["-dc", url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The lines of a file that start with a prefix.
    static func lines(_ relativePath: String, startingWith prefix: String) throws -> [String] {
        try text(relativePath).split(whereSeparator: \.isNewline).map(String.init).filter { $0.hasPrefix(prefix) }
    }

    /// A simple CSV split (the spot-checked rows have no quoted commas), quotes removed.
    static func fields(_ line: String) -> [String] {
        line.split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"\r ")) }
    }
}
