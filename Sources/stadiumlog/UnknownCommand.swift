import ArgumentParser

/// A subcommand typed wrong ("improt", "visits shwo"): named, with the nearest real one, before the parser says only
/// "unexpected argument".
enum UnknownCommand {
    /// The words for the first mistyped subcommand in `arguments` (those after the program's name), when one is near
    /// a real subcommand; nil when every word is a subcommand, an option or an argument of its command.
    static func message(for arguments: [String], root: any ParsableCommand.Type = StadiumLogCommand.self) -> String? {
        var command = root
        var path = [root.configuration.commandName ?? "stadiumlog"]
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-") else { return nil }
            if let next = subcommands.first(where: { names(of: $0).contains(word) }) {
                command = next
                path.append(word)
                continue
            }
            let nearest = subcommands.flatMap(names(of:)).map { (name: $0, distance: distance($0, word.lowercased())) }
                .min { ($0.distance, $0.name) < ($1.distance, $1.name) }
            guard let nearest, nearest.distance <= max(1, nearest.name.count / 3) else { return nil }
            return "unknown command '\(word)' — did you mean '\(path.dropFirst().map { $0 + " " }.joined())\(nearest.name)'? "
                + "(`\(path.joined(separator: " ")) --help` lists them)"
        }
        return nil
    }

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        [command._commandName] + command.configuration.aliases
    }

    /// Edits (insert, delete, replace, swap two neighbours) from one word to the other.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { rows[i][0] = i }
        for j in 0...b.count { rows[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                rows[i][j] = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { rows[i][j] = min(rows[i][j], rows[i - 2][j - 2] + 1) }
            }
        }
        return rows[a.count][b.count]
    }
}
