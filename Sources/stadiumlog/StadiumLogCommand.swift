import ArgumentParser

@main
struct StadiumLogCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stadiumlog",
        abstract: "Turn a folder of photos into a history of the games you attended.",
        version: StadiumLogVersion.current,
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
            if var command = command as? any AsyncParsableCommand {
                try await command.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: CommandLineMessage.error(for: error))
        }
    }
}

enum StadiumLogVersion {
    static let current = "0.1.0"
}
