import ArgumentParser
import Catalog
import Foundation
import TimeAndPlace
import VisitImport
import VisitStore

/// `stadiumlog confirm`: settle the matches the import could not decide — interactively, or one by one from scripts.
struct ConfirmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm",
        abstract: "Settle pending matches: choose a game, mark a tour, enter a game by hand, or skip.",
        discussion: """
            Without a pending id: on a terminal (or with --interactive) walks through the pending matches; otherwise \
            lists them. With an id: applies one of --choice, --game, --tour, --skip, or --home/--away [--score].
            """
    )

    @Argument(help: "A pending match id (from the list).")
    var pendingId: String?

    @OptionGroup var library: LibraryOptions

    @Option(help: "Candidate number, as listed.") var choice: Int?
    @Option(help: "A game id from the catalog (stadiumlog games).") var game: String?
    @Flag(help: "Not a game: a stadium tour.") var tour = false
    @Flag(help: "Decide later.") var skip = false
    @Option(help: "Home team (id, abbreviation or name), for a game entered by hand.") var home: String?
    @Option(help: "Away team, for a game entered by hand.") var away: String?
    @Option(help: "Final score AWAY-HOME, for a game entered by hand.") var score: String?
    @Flag(help: "Ask on standard input even when it is not a terminal.") var interactive = false

    func run() throws {
        let walks = pendingId == nil && (interactive || isatty(STDIN_FILENO) == 1)
        let listsOnly = pendingId == nil && !walks
        let confirmer = MatchConfirmer(library: try listsOnly ? library.openForReading() : library.open(), catalog: try Catalog.bundled())
        if let pendingId {
            let visit = try confirmer.resolve(pendingId, try decision(confirmer, pendingId: pendingId))
            print(visit.map { "Attached to \($0.venueName), \($0.localDate) (visit \($0.id))" } ?? "Skipped")
            return try AchievementReport.recalculate(library: confirmer.library, catalog: confirmer.catalog)
        }
        let pending = try confirmer.pending()
        if walks {
            try ConfirmSession(confirmer: confirmer).run(pending)
            try AchievementReport.recalculate(library: confirmer.library, catalog: confirmer.catalog)
        } else {
            let rows = pending.map { p in
                [p.id, p.originalPath, p.captureLocal ?? "", "\(confirmer.candidates(of: p).count)", p.reason ?? ""]
            }
            print(TextTable(header: ["PENDING", "PHOTO", "CAPTURED", "CANDIDATES", "REASON"], rows: rows).rendered, terminator: "")
            print("\(pending.count) pending")
        }
    }

    private func decision(_ confirmer: MatchConfirmer, pendingId: String) throws -> MatchConfirmer.Decision {
        let given = [choice != nil, game != nil, tour, skip, home != nil || away != nil].filter { $0 }.count
        guard given == 1 else { throw ValidationError("give exactly one of --choice, --game, --tour, --skip or --home/--away") }
        if let choice { return .choice(choice) }
        if let game { return .game(game) }
        if tour { return .tour }
        if skip { return .skip }
        guard let home, let away else { throw ValidationError("a game by hand needs both --home and --away") }
        let pending = try confirmer.pending(includingSkipped: true).first { $0.id == pendingId }
        let day = pending?.captureLocal.flatMap { LocalDate(String($0.prefix(10))) }
        let scores = try score.map(parseScore)
        return .manual(homeTeamId: try team(home, day, confirmer.catalog), awayTeamId: try team(away, day, confirmer.catalog),
                       homeScore: scores?.home, awayScore: scores?.away)
    }

    private func team(_ text: String, _ day: LocalDate?, _ catalog: Catalog) throws -> String {
        if let team = catalog.team(id: text) { return team.id }
        let teams = catalog.teams(matching: text, on: day)
        guard teams.count == 1 else {
            throw ValidationError(teams.isEmpty ? "no team is called '\(text)'"
                                  : "'\(text)' could be \(teams.map(\.id).joined(separator: ", ")); use the id")
        }
        return teams[0].id
    }
}

/// `AWAY-HOME`, like `4-2`.
func parseScore(_ text: String) throws -> (away: Int, home: Int) {
    let parts = text.split(separator: "-").map { Int($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 2, let away = parts[0], let home = parts[1], away >= 0, home >= 0 else {
        throw ValidationError("'\(text)' is not a score; use AWAY-HOME, e.g. 4-2")
    }
    return (away, home)
}

/// The interactive walk through pending matches, one prompt per photo, reading answers line by line.
struct ConfirmSession {
    let confirmer: MatchConfirmer

    func run(_ pending: [PendingMatch]) throws {
        guard !pending.isEmpty else { return print("Nothing to confirm.") }
        for (number, item) in pending.enumerated() {
            let details = confirmer.candidateDetails(of: item)
            let candidates = details.map(\.game)
            print("\n[\(number + 1)/\(pending.count)] \(TerminalText.safe(item.originalPath))")
            print("    taken \(item.captureLocal?.replacingOccurrences(of: "T", with: " ") ?? "at an unknown time")"
                + (item.utcOffset.map { " (UTC\($0))" } ?? "") + (item.reason.map { ", \($0)" } ?? ""))
            for (index, candidate) in details.enumerated() {
                let distance = candidate.distanceMeters.map { $0 < 1_000 ? String(format: ", %.0f m away", $0)
                                                                          : String(format: ", %.1f km away", $0 / 1_000) } ?? ""
                print("    \(index + 1)) \(describe(candidate.game))\(distance)")
            }
            while true {
                print("Choose \(candidates.isEmpty ? "" : "1-\(candidates.count), ")t = tour, m = enter by hand, s = skip, q = quit: ",
                      terminator: "")
                guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return }
                if answer == "q" { return }
                do {
                    if let decision = try decision(for: answer, candidates: candidates, item: item) {
                        let visit = try confirmer.resolve(item.id, decision)
                        print(visit.map { "    → \($0.venueName), \($0.localDate)" } ?? "    → skipped")
                        break
                    }
                } catch {
                    print("    \(error)")
                }
            }
        }
    }

    private func decision(for answer: String, candidates: [Game], item: PendingMatch) throws -> MatchConfirmer.Decision? {
        switch answer {
        case "t": return .tour
        case "s": return .skip
        case "m": return try manual(item)
        default:
            guard let number = Int(answer), (1...max(1, candidates.count)).contains(number), !candidates.isEmpty else {
                print("    Type a number from the list, t, m, s or q.")
                return nil
            }
            return .choice(number)
        }
    }

    /// Teams typed by name, abbreviation or the start of either; ambiguous answers list what they could be.
    private func manual(_ item: PendingMatch) throws -> MatchConfirmer.Decision? {
        let day = item.captureLocal.flatMap { LocalDate(String($0.prefix(10))) }
        guard let home = askTeam("Home team", day), let away = askTeam("Away team", day) else { return nil }
        print("    Final score AWAY-HOME (empty if unknown): ", terminator: "")
        let scoreText = readLine()?.trimmingCharacters(in: .whitespaces) ?? ""
        let score = scoreText.isEmpty ? nil : try parseScore(scoreText)
        return .manual(homeTeamId: home, awayTeamId: away, homeScore: score?.home, awayScore: score?.away)
    }

    private func askTeam(_ label: String, _ day: LocalDate?) -> String? {
        let catalog = confirmer.catalog
        while true {
            print("    \(label): ", terminator: "")
            guard let text = readLine()?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            var teams = catalog.teams(matching: text, on: day)
            if teams.isEmpty {
                let key = text.lowercased()
                teams = catalog.teams.filter { team in
                    (day.map(team.name(on:)) ?? team.currentName).lowercased().contains(key)
                }
            }
            if teams.count == 1 { return teams[0].id }
            if teams.isEmpty { print("    No team matches '\(text)'."); continue }
            for (index, team) in teams.prefix(9).enumerated() {
                print("      \(index + 1)) \(day.map(team.name(on:)) ?? team.currentName) (\(team.id))")
            }
            print("    Which one? ", terminator: "")
            if let pick = readLine().flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), (1...min(9, teams.count)).contains(pick) {
                return teams[pick - 1].id
            }
        }
    }

    private func describe(_ game: Game) -> String {
        let catalog = confirmer.catalog
        let venue = catalog.venue(id: game.venueId)?.name(on: game.localDate) ?? game.venueId
        let away = catalog.team(id: game.awayTeamId)?.name(on: game.localDate) ?? game.awayTeamId
        let home = catalog.team(id: game.homeTeamId)?.name(on: game.localDate) ?? game.homeTeamId
        let start = game.startUTC.map { " \(UTCTimestamp.string($0))" } ?? ""
        let score = game.isFinal ? ", \(game.awayScore!)-\(game.homeScore!)" : ""
        return "\(away) at \(home)\(game.gameNumber > 0 ? " (game \(game.gameNumber))" : ""), \(venue), "
            + "\(game.localDate)\(start)\(score)"
    }
}
