import ArgumentParser
import CommandLineBasics
import Foundation

@main
struct StadiumLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stadiumlog",
        abstract: "Turn a folder of photos into a history of the games you attended.",
        version: StadiumLogVersion.described,
        subcommands: [
            ImportCommand.self, MatchCommand.self, ConfirmCommand.self, AttachCommand.self, VisitsCommand.self, ThumbnailsCommand.self,
            ExportCommand.self, RestoreCommand.self, ScanCommand.self, VenuesCommand.self, GamesCommand.self,
            CatalogCommand.self, ScoresCommand.self, ProvidersCommand.self, ProgressCommand.self, ReportCommand.self,
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
