import PhotoMetadata

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Says `message` on standard error as one line, made safe for a terminal first (``ShownText``).
package func printError(_ message: String) {
    writeToStandardError(ShownText.safe(message) + "\n")
}

/// Writes `text` to standard error as it is, at once (unbuffered): progress lines and warnings appear in the order they
/// were made, between the lines of standard output. A closed standard error loses the text, as it would any message.
package func writeToStandardError(_ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        bytes = bytes.dropFirst(written)
    }
}

/// Whether standard error is a terminal: progress is drawn only there, never into a pipe or a file.
package var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }
