#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A one-line progress bar on standard error, drawn only when it is a terminal (never in pipes or JSON output): how
/// far, how fast, and how long is left.
package struct ProgressBar: Sendable {
    let label: String
    let enabled: Bool
    let started = Date()

    package init(label: String, enabled: Bool = standardErrorIsTerminal) {
        self.label = label
        self.enabled = enabled
    }

    package func update(_ done: Int, _ total: Int) {
        guard enabled, total > 0 else { return }
        let width = 30
        let filled = width * done / total
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        let elapsed = Date().timeIntervalSince(started)
        let rate = elapsed > 0.5 ? Double(done) / elapsed : 0
        let pace = rate > 0 ? ", \(Int(rate))/s, \(Int((Double(total - done) / rate).rounded())) s left" : ""
        writeToStandardError("\r\(label) [\(bar)] \(done)/\(total)\(pace)   \(done == total ? "\n" : "")")
    }
}
