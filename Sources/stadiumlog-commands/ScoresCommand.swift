import ArgumentParser
import Catalog
import CommandLineBasics
import Foundation
import Scores
import TimeAndPlace
import UseCases
import VisitStore

/// `stadiumlog scores`: final scores for visits saved without one.
struct ScoresCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scores",
        abstract: "Look up the final scores of visits that are still waiting for one.",
        discussion: """
            Without options, lists the visits waiting for a score. --retry asks the providers (bundled index, official \
            league APIs, unofficial ones, then the Sports-Reference sites), politely and from the cache where \
            possible. --set VISIT AWAY-HOME enters a score by hand, in the order the tables show it; a visit with an \
            official final asks first (--force replaces it without asking).
            """
    )

    @OptionGroup var library: LibraryOptions
    @OptionGroup var network: NetworkOptions

    @Flag(help: "Ask the score providers for every pending visit.")
    var retry = false

    @Option(help: ArgumentHelp("Set a visit's final score by hand.", valueName: "visit-id"))
    var set: String?

    @Argument(help: ArgumentHelp("With --set: the score, AWAY-HOME as the tables show it (4-2).", valueName: "away-home"))
    var score: String?

    @Flag(help: "With --set: replace an official final score without asking.")
    var force = false

    func validate() throws {
        if set != nil, score.flatMap(FinalScore.init(typed:)) == nil { throw ValidationError(FinalScore.usage(score ?? "")) }
        if set == nil, score != nil { throw ValidationError("A score is given only with --set VISIT.") }
    }

    func run() async throws {
        let library = try set == nil && !retry ? library.openForReading() : library.open()
        let catalog = try library.catalog()
        if let set, let score = score.flatMap(FinalScore.init(typed:)) {
            let corrections = Corrections(library: library, catalog: catalog)
            guard try FanQuestion.mayReplaceOfficialScore(ofVisit: set, force: force, corrections: corrections) else {
                return print("Nothing was changed.")
            }
            let entered = try corrections.setScore(ofVisit: set, home: score.home, away: score.away, replacingOfficial: true)
            print("\(entered.value.localDate.iso8601) \(entered.value.venueName): \(entered.value.spokenScore ?? "") (entered by hand)")
            return announce(entered.achievements)
        }
        guard retry else {
            let pending = try FanHistory(library: library, catalog: catalog).visitsAwaitingScores()
            print(pending.isEmpty ? "No visit is waiting for a score." : "\(pending.count) visit(s) waiting for a score; run with --retry.")
            for visit in pending { print("  \(visit.id)  \(visit.localDate.iso8601)  \(visit.venueName)") }
            return
        }
        let (result, achievements) = try await ImportSession(library: library, api: network.api(library: library, catalog: catalog))
            .retryScores()
        for visit in result.resolved {
            print(
                "resolved: \(visit.localDate.iso8601) \(visit.venueName): \(visit.spokenScore ?? "") "
                    + "(\(visit.scoreProvider ?? visit.scoreSource?.rawValue ?? ""))")
        }
        for visit in result.noFinal { print("no final score listed: \(visit.localDate.iso8601) \(visit.venueName) (\(visit.id))") }
        for (visit, reason) in result.stillPending { print("still pending: \(visit.localDate.iso8601) \(visit.venueName): \(reason)") }
        print(
            "\(result.resolved.count) resolved, \(result.noFinal.count) without a final score, \(result.stillPending.count) still pending")
        announce(achievements)
    }
}

/// `stadiumlog providers`: each score provider's state in this library.
struct ProvidersCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "providers", abstract: "Show each score provider's state: enabled, disabled until, failures, last request.")

    @OptionGroup var library: LibraryOptions

    func run() throws {
        let library = try library.openForReading()
        let states = try ProviderGovernor(library: library).states()
        let configuration = NetworkOptions.configuration(library: library, offline: false)
        let now = Date()
        let rows = FreeScoreAPI.providers(for: try Catalog.bundled()).sorted { $0.reliability.tier < $1.reliability.tier }.map {
            provider -> [String] in
            let state = states[provider.name]
            var status = "enabled"
            if let state, state.isDisabled(at: now), let until = state.disabledUntil {
                status = "disabled until \(UTCTimestamp.string(until))"
            }
            return [
                String(provider.reliability.tier), provider.name, provider.reliability.rawValue,
                provider.leagues.sorted().map(\.displayName).joined(separator: " "), status,
                String(state?.recentFailures.count ?? 0), state?.lastRequestAt.map(UTCTimestamp.string) ?? "never",
                (configuration.overrides[provider.baseURLKey] ?? provider.defaultBaseURL).absoluteString,
            ]
        }
        print(
            TextTable(header: ["TIER", "PROVIDER", "KIND", "LEAGUES", "STATE", "FAILURES", "LAST REQUEST", "BASE URL"], rows: rows)
                .rendered, terminator: "")
        for (name, state) in states.sorted(by: { $0.key < $1.key }) {
            if let error = state.lastError { print("\(name): last error: \(error)") }
        }
    }
}

/// `--offline`, and the score providers' configuration: environment variables over the library's stadiumlog.conf.
struct NetworkOptions: ParsableArguments {
    @Flag(help: "Use no network: scores not in the bundled index or the cache stay pending (also STADIUMLOG_OFFLINE=1).")
    var offline = false

    static func configuration(library: VisitLibrary, offline: Bool) -> ProviderConfiguration {
        ProviderConfiguration.load(
            configFile: library.folder.appendingPathComponent("stadiumlog.conf"),
            version: StadiumLogVersion.current, offline: offline)
    }

    /// `--offline`, or `STADIUMLOG_OFFLINE=1`.
    var isOffline: Bool { offline || ProcessInfo.processInfo.environment["STADIUMLOG_OFFLINE"] == "1" }

    func api(library: VisitLibrary, catalog: Catalog) -> FreeScoreAPI {
        FreeScoreAPI(catalog: catalog, library: library, configuration: Self.configuration(library: library, offline: isOffline))
    }
}
