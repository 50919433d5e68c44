import ArgumentParser
import CommandLineBasics
import Foundation

@main
struct StadiumLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stadiumlog",
        abstract: "Turn a folder of photos into a history of the games you attended.",
        discussion: """
            First steps: `stadiumlog import ~/Pictures` reads every photo's time and place and keeps a visit for each \
            game it can prove; `stadiumlog serve` (in a browser) or `stadiumlog confirm` (here) settles the photos it \
            asks you about; `stadiumlog progress` and `stadiumlog report history.html` show what you have seen.

            The library is the folder given by --library, else $STADIUMLOG_LIBRARY, else $XDG_DATA_HOME/stadiumlog, \
            else ~/.local/share/stadiumlog; it is yours alone (0700), and `stadiumlog export` copies it into one file. \
            `stadiumlog help COMMAND` describes each command.
            """,
        version: StadiumLogVersion.described,
        subcommands: [
            ImportCommand.self, MatchCommand.self, ConfirmCommand.self, AttachCommand.self, VisitsCommand.self, ThumbnailsCommand.self,
            ExportCommand.self, RestoreCommand.self, ScanCommand.self, VenuesCommand.self, GamesCommand.self,
            CatalogCommand.self, ScoresCommand.self, ProvidersCommand.self, ProgressCommand.self, PlayersCommand.self, CardCommand.self,
            ReportCommand.self,
            UndoCommand.self, ImportsCommand.self, RelinkCommand.self, CheckCommand.self, ServeCommand.self,
        ]
    )

    /// Runs the command the arguments name; a failure is said in command-line words (``CommandLineMessage``).
    static func main() async {
        do {
            if let unknown = UnknownCommand.message(for: Array(CommandLine.arguments.dropFirst())) { throw RuntimeError(unknown) }
            var command = try parseAsRoot()
            do {
                if var command = command as? any AsyncParsableCommand {
                    try await command.run()
                } else {
                    try command.run()
                }
            } catch let error as ValidationError {
                // Found while running, where ArgumentParser would print the root's usage under it: the command's own
                // help is named instead.
                let path = (["stadiumlog"] + Self.path(to: type(of: command))).joined(separator: " ")
                printError("Error: \(error.message)")
                printError("  See '\(path) --help' for more information.")
                Foundation.exit(ExitCode.validationFailure.rawValue)
            }
        } catch {
            exit(withError: CommandLineMessage.error(for: error))
        }
    }
}

extension StadiumLogCommand {
    /// The subcommand names leading to `command` (`["visits", "edit"]`), found among the subcommands' subcommands.
    static func path(to command: any ParsableCommand.Type, from root: any ParsableCommand.Type = Self.self) -> [String] {
        for child in root.configuration.subcommands {
            let name = child.configuration.commandName ?? "\(child)"
            if child == command { return [name] }
            let below = path(to: command, from: child)
            if !below.isEmpty { return [name] + below }
        }
        return []
    }
}
