import ArgumentParser
import CommandLineBasics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `stadiumlog`, the program a fan runs: it answers `--version` and `scan` itself and hands every other command to
/// `stadiumlog-commands`, installed beside it, by `exec` — the same process, arguments, terminal and exit status.
///
/// Why two programs: a Swift program's start grows with what it links. The runtime walks every protocol conformance
/// in the binary each time it first checks a type against a protocol, and the argument parser makes dozens of such
/// checks; SQLite, the catalog, HTTP clients and the web server bring 11,000 conformances and 150,000 relocations.
/// Linked with FoundationEssentials alone (no ICU), this one starts in half the time (docs/PERFORMANCE.md, "Instant").
@main
struct QuickCommands: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stadiumlog",
        version: StadiumLogVersion.described,
        subcommands: [ScanCommand.self]
    )

    /// The first words this program answers — its subcommands' names and `--version` — anything else, no words
    /// included, is `stadiumlog-commands`' to answer.
    static let answeredHere = Set(configuration.subcommands.compactMap { $0.configuration.commandName } + ["--version"])

    /// Synchronous, as both commands are: an async start would begin the thread pool, which a photo read here does
    /// not need (a batch of many is read on every core all the same, ``PhotoBatch``).
    static func main() {
        guard let first = CommandLine.arguments.dropFirst().first, answeredHere.contains(first) else { handOver() }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    /// Replaces this process with `stadiumlog-commands`, found beside this program's real file (so a link to
    /// `stadiumlog` from elsewhere on the PATH still finds it); returns only to say it could not.
    static func handOver() -> Never {
        let program = OwnExecutable.folder + "/stadiumlog-commands"
        execv(program, CommandLine.unsafeArgv)
        let reason = String(cString: strerror(errno))
        printError("Error: cannot run \(program) (\(reason)); install it beside stadiumlog (`swift build` makes both)")
        Self.exit(withError: ExitCode.failure)
    }
}
