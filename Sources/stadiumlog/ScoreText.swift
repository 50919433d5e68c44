import ArgumentParser

/// Final scores as fans type them: AWAY-HOME, the order every table shows ("Braves at Red Sox 4-2"). Every command
/// that takes a score reads it here, so typing back the score you see stores it the right way round.
enum ScoreText {
    static func parse(_ text: String) -> (away: Int, home: Int)? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            .map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 2, let away = parts[0], let home = parts[1], (0...1_000).contains(away), (0...1_000).contains(home)
        else { return nil }
        return (away, home)
    }

    static func usage(_ text: String) -> String {
        "'\(text)' is not a score; type AWAY-HOME as the tables show it, e.g. 4-2 for \"Braves at Red Sox 4-2\""
    }
}

/// A failure while running a command (not a usage mistake): printed as one line, without the usage text.
struct RuntimeError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension StringProtocol {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}

/// "1 photo", "6 photos".
func counted(_ count: Int, _ noun: String) -> String { count == 1 ? "1 \(noun)" : "\(count) \(noun)s" }
