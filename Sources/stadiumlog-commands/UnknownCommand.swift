import ArgumentParser
import Catalog

/// A subcommand typed wrong ("improt", "visits shwo"): named, with the nearest real one, before the parser says only
/// "unexpected argument".
enum UnknownCommand {
    /// The words for the first mistyped or unknown subcommand in `arguments` (those after the program's name): the
    /// nearest real one when it is near, else the list of them; nil when every word is a subcommand, an option or an
    /// argument of its command.
    static func message(for arguments: [String], root: any ParsableCommand.Type = StadiumLogCommand.self) -> String? {
        var command = root
        var path = [root.configuration.commandName ?? "stadiumlog"]
        for word in arguments {
            let subcommands = command.configuration.subcommands
            // `help` is the parser's own command, at the top (`stadiumlog help import`).
            guard !subcommands.isEmpty, !word.hasPrefix("-"), !(word == "help" && path.count == 1) else { return nil }
            if let next = subcommands.first(where: { names(of: $0).contains(word) }) {
                command = next
                path.append(word)
                continue
            }
            let nearest = subcommands.flatMap(names(of:)).map { (name: $0, distance: Spelling.edits($0, word.lowercased())) }
                .min { ($0.distance, $0.name) < ($1.distance, $1.name) }
            guard let nearest, nearest.distance <= max(1, nearest.name.count / 3) else {
                // A word near no command ("cards") where only a command can stand is no command at all: the list
                // says what there is (the parser would name the first option it did not know, or "unexpected
                // argument"). After a command with a default subcommand the word may be that one's argument.
                guard command.configuration.defaultSubcommand == nil else { return nil }
                return "unknown command '\(word)'; the commands are "
                    + subcommands.map { names(of: $0)[0] }.joined(separator: ", ")
                    + " (`\(path.joined(separator: " ")) --help` says what each does)"
            }
            return "unknown command '\(word)' — did you mean '\(path.dropFirst().map { $0 + " " }.joined())\(nearest.name)'? "
                + "(`\(path.joined(separator: " ")) --help` lists them)"
        }
        return nil
    }

    private static func names(of command: any ParsableCommand.Type) -> [String] {
        [command._commandName] + command.configuration.aliases
    }
}
