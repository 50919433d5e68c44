import Foundation

/// Runs the real `stadiumlog` binary that `swift test` built next to the test bundle.
enum CLI {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static var executable: URL {
        Bundle.main.executableURL!.deletingLastPathComponent().appendingPathComponent("stadiumlog")
    }

    static func run(_ arguments: String...) throws -> Output { try run(arguments) }

    /// The library a command uses without `--library`: a folder no test made, never the fan's own (whose catalog
    /// overlay would change what `match` and `games` report).
    static let defaultLibrary = FileManager.default.temporaryDirectory.appendingPathComponent("stadiumlog-default-\(UUID().uuidString)")
        .path

    /// Runs the binary off Swift's cooperative threads, for tests that serve it over HTTP from the same process (a
    /// blocked cooperative thread could be the one the server needs) and for every test that runs many processes:
    /// the suites run side by side, and a fixture server in this process needs a cooperative thread to answer.
    /// `environment` adds to the test's own.
    static func run(_ arguments: [String], environment: [String: String] = [:]) async throws -> Output {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try run(arguments, environment: environment) })
            }
        }
    }

    /// Runs the binary on a pseudo-terminal, as a person at a keyboard would: each answer is typed once its question
    /// is on the screen (the n-th answer after `prompt` waits for the n-th time `prompt` is shown); returns everything
    /// the screen showed.
    static func runInTerminal(_ arguments: [String], answers: [(prompt: String, type: String)]) async throws -> (
        status: Int32, screen: String
    ) {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try terminal(arguments, answers: answers) })
            }
        }
    }

    private static func terminal(_ arguments: [String], answers: [(prompt: String, type: String)]) throws -> (status: Int32, screen: String)
    {
        var master: Int32 = 0
        var slave: Int32 = 0
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw POSIXError(.ENOTTY) }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        process.environment = ProcessInfo.processInfo.environment.merging([
            "STADIUMLOG_OFFLINE": "1", "TERM": "dumb", "STADIUMLOG_LIBRARY": defaultLibrary,
        ]) { _, new in new }
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        close(slave)
        var screen = Data()
        var pending = answers[...]
        var typed: [String: Int] = [:]
        var buffer = [UInt8](repeating: 0, count: 4_096)
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            if poll(&poller, 1, 100) > 0 {
                let count = read(master, &buffer, buffer.count)
                if count <= 0 { break }  // the program closed the terminal: it has ended
                screen.append(contentsOf: buffer[..<count])
            } else if !process.isRunning {
                break
            }
            // Answer the next question once its prompt has appeared.
            if let next = pending.first {
                let shown = String(decoding: screen, as: UTF8.self).components(separatedBy: next.prompt).count - 1
                if shown > typed[next.prompt, default: 0] {
                    typed[next.prompt, default: 0] += 1
                    pending.removeFirst()
                    _ = (next.type + "\n").utf8CString.withUnsafeBufferPointer { write(master, $0.baseAddress, $0.count - 1) }
                }
            }
        }
        close(master)
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: screen, as: UTF8.self))
    }

    /// Waits for processes to end, off Swift's cooperative threads.
    static func waitForExit(_ processes: [Process]) async {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                for process in processes { process.waitUntilExit() }
                continuation.resume()
            }
        }
    }

    /// Runs the binary (or another `program`) to completion, feeding `input` on standard input.
    static func run(
        _ arguments: [String], input: String? = nil, environment: [String: String] = [:], program: URL = executable
    ) throws -> Output {
        let process = Process()
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        // No test reaches the internet: score lookups stay in the bundled index and the cache unless a test says otherwise.
        process.environment = ProcessInfo.processInfo.environment.merging(["STADIUMLOG_OFFLINE": "1", "STADIUMLOG_LIBRARY": defaultLibrary])
        { _, new in new }
        .merging(environment) { _, new in new }
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let stdin = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : stdin
        try process.run()
        if let input {
            stdin.fileHandleForWriting.write(Data(input.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }
}
