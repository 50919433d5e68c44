import ArgumentParser
import Catalog
import CommandLineBasics
import Foundation
import TimeAndPlace
import UseCases
import VisitStore

/// `stadiumlog catalog stats`: the coverage table of docs/DATA.md, computed from the bundled data;
/// `stadiumlog catalog update`: the season in progress from the official providers, into the library's overlay.
struct CatalogCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "catalog",
        abstract: "Facts about the bundled catalog, and the season in progress.",
        subcommands: [Stats.self, Update.self]
    )

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "stats",
            abstract: "Games per league and season, and how many have coordinates, final scores, start times, day/night flags and lengths."
        )

        @Option(help: "Output format: table or json.")
        var format: ReportFormat = .table

        func run() throws {
            let catalog = try Catalog.bundled()
            let coverage = catalog.coverage()
            if format == .json { return print(try JSONOutput.string(coverage)) }
            func percent(_ part: Int, _ whole: Int) -> String {
                whole == 0 ? "-" : String(format: "%.1f%%", Double(part) * 100 / Double(whole))
            }
            let rows = coverage.map { row in
                [
                    row.league.displayName, row.league.label(row.season), "\(row.games)", "\(row.postseasonGames)",
                    percent(row.withCoordinates, row.games), percent(row.withScores, row.games),
                    percent(row.withStartTimes, row.games), percent(row.withDayNightOnly, row.games), percent(row.withLength, row.games),
                ]
            }
            print(
                TextTable(
                    header: [
                        "LEAGUE", "SEASON", "GAMES", "POSTSEASON", "COORDINATES", "FINAL SCORES", "START TIMES",
                        "DAY/NIGHT ONLY", "LENGTH",
                    ],
                    rows: rows
                ).rendered, terminator: "")
            print(
                "\(catalog.venues.count) venues, \(catalog.teams.count) teams, "
                    + "\(coverage.reduce(0) { $0 + $1.games }) games")
        }
    }
}

extension CatalogCommand {
    struct Update: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "update",
            abstract: "Fetch the current and previous season's schedules and finals into the library's catalog overlay.",
            discussion: """
                Asks each league's official provider (MLB Stats API, NHL web API) for whole seasons and keeps their \
                games in the library folder (catalog-overlay.json), where import, match, games, confirm and progress \
                find them. Bundled games are never replaced: a final score the bundled index lacks is added, a \
                disagreement is reported and the bundled game kept. A season that cannot be fetched whole is left as \
                it was.
                """
        )

        @Option(
            help: ArgumentHelp(
                "A season to fetch (2026, or 2025-26 for leagues that cross New Year); repeatable. Default: the current and previous.",
                valueName: "season"),
            transform: Update.parseSeason)
        var season: [Int] = []

        @Option(
            help: ArgumentHelp(
                "A league to fetch; repeatable. Default: all.",
                valueName: "league"))
        var league: [LeagueID] = []

        @OptionGroup var library: LibraryOptions

        @OptionGroup var network: NetworkOptions

        @Option(help: "Output format: table or json.")
        var format: ReportFormat = .table

        static func parseSeason(_ text: String) throws -> Int {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard let first = Int(parts[0]), (1_900...2_200).contains(first), parts.count <= 2,
                parts.count == 1 || Int(parts[1]).map({ $0 % 100 == (first + 1) % 100 }) == true
            else {
                throw ValidationError("'\(text)' is not a season; write its first year (2026) or both (2025-26)")
            }
            return first
        }

        func run() async throws {
            // Offline there is nothing to do, and no library is created for it.
            if network.isOffline { return print("Offline: nothing was fetched, and the catalog overlay is as it was.") }
            let library = try library.openOrCreate()
            let api = network.api(library: library, catalog: try Catalog.bundled())
            let bar = ProgressBar(label: "Fetching")
            let result = try await CatalogUpdater(library: library, api: api).update(
                leagues: league.isEmpty ? LeagueID.all : league, seasons: season.isEmpty ? nil : season,
                today: LocalDate(daysSinceEpoch: Int((Date().timeIntervalSince1970 / 86_400).rounded(.down)))
            ) { _, _, done, total in bar.update(done, total) }
            switch format {
            case .json: print(try JSONOutput.string(CatalogUpdateJSON(result)))
            case .table: print(Self.text(of: result), terminator: "")
            }
            let failed = result.seasons.filter { $0.provider == nil }
            if !failed.isEmpty {
                throw RuntimeError(
                    "\(failed.map { "\($0.league.displayName) \($0.league.label($0.season))" }.joined(separator: ", ")) "
                        + "could not be fetched (\(failed.first!.failures.first.map(String.init(describing:)) ?? "no provider answered")); "
                        + "what the overlay had for them is kept. Run `stadiumlog catalog update` again later.")
            }
        }

        static func text(of result: CatalogUpdater.Result) -> String {
            let rows = result.seasons.map { report -> [String] in
                [
                    report.league.displayName, report.league.label(report.season), report.provider ?? "not fetched",
                    "\(report.listed)", "\(report.added)", "\(report.scoresAdded)", "\(report.startsAdded)", "\(report.agreed)",
                    "\(report.disagreements.count)", "\(report.unplaced.count)",
                    "\(report.postponed)/\(report.suspended)/\(report.cancelled)",
                ]
            }
            var text = TextTable(
                header: [
                    "LEAGUE", "SEASON", "PROVIDER", "LISTED", "ADDED", "SCORES ADDED", "STARTS ADDED", "AGREE",
                    "DISAGREE", "UNPLACED", "PPD/SUSP/CNCL",
                ], rows: rows
            ).rendered
            for report in result.seasons {
                for disagreement in report.disagreements {
                    text +=
                        "\(disagreement.gameId): the bundled index says \(disagreement.bundledAwayScore)-\(disagreement.bundledHomeScore), "
                        + "\(disagreement.provider) says \(disagreement.providerAwayScore)-\(disagreement.providerHomeScore) "
                        + "(AWAY-HOME); the bundled score is kept\n"
                }
                for game in report.unplaced.prefix(5) {
                    text +=
                        "Left out: \(game.away.name ?? game.away.abbreviation ?? "?") at \(game.home.name ?? game.home.abbreviation ?? "?") "
                        + "on \(game.localDate) (\(game.venueName ?? "no venue named")): the catalog cannot place it without guessing\n"
                }
                if report.unplaced.count > 5 { text += "… and \(report.unplaced.count - 5) more left out\n" }
            }
            for league in result.leaguesWithoutProvider {
                text += "\(league.displayName): no official provider lists whole seasons; its new games are looked up during import.\n"
            }
            text +=
                "Catalog overlay revision \(result.overlay.revision): \(result.overlay.games.count) games "
                + "of \(result.overlay.seasons.count) season(s)\n"
            return text
        }
    }
}

/// `catalog update --format json`: what each league season's fetch did, and the overlay after it.
struct CatalogUpdateJSON: Encodable {
    struct Season: Encodable {
        var league: LeagueID
        var season: Int
        var provider: String?
        var listed, added, scoresAdded, startsAdded, agreed, unplaced, postponed, suspended, cancelled: Int
        var disagreements: [CatalogOverlay.Disagreement]
        var failures: [String]
    }

    var seasons: [Season]
    var leaguesWithoutProvider: [LeagueID]
    var overlayRevision: Int
    var overlayGames: Int

    init(_ result: CatalogUpdater.Result) {
        seasons = result.seasons.map { report in
            Season(
                league: report.league, season: report.season, provider: report.provider, listed: report.listed,
                added: report.added, scoresAdded: report.scoresAdded, startsAdded: report.startsAdded, agreed: report.agreed,
                unplaced: report.unplaced.count,
                postponed: report.postponed, suspended: report.suspended, cancelled: report.cancelled,
                disagreements: report.disagreements, failures: report.failures.map(String.init(describing:)))
        }
        leaguesWithoutProvider = result.leaguesWithoutProvider
        overlayRevision = result.overlay.revision
        overlayGames = result.overlay.games.count
    }
}
