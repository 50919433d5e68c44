import ArgumentParser
import Catalog
import CommandLineBasics
import Foundation
import PhotoMetadata
import TimeAndPlace
import UseCases
import VisitStore

/// `stadiumlog confirm`: settle the matches the import could not decide — interactively, one moment at a time, or one
/// by one from scripts.
struct ConfirmCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm",
        abstract: "Settle pending matches: choose a game, mark a tour, enter a game by hand, or skip.",
        discussion: """
            Without a pending id: on a terminal (or with --interactive) walks through the pending matches, one moment \
            (a venue and a day) at a time, then offers the skipped ones; otherwise lists them. With an id: applies \
            one of --choice, --game, --tour, --skip, or --home/--away [--score]; --group applies it to every photo of \
            that moment. Scores are AWAY-HOME, the order the tables show ("Braves at Red Sox 4-2").
            """
    )

    @Argument(help: "A pending match id (from the list).")
    var pendingId: String?

    @OptionGroup var library: LibraryOptions

    @Option(help: "Candidate number, as listed.") var choice: Int?
    @Option(help: "A game id from the catalog (stadiumlog games) or from the candidates.") var game: GameID?
    @Flag(help: "Not a game: a stadium tour.") var tour = false
    @Flag(help: "Decide later (`confirm --skipped` brings it back).") var skip = false
    @Option(help: "Home team (name, nickname, abbreviation or id), for a game entered by hand.") var home: String?
    @Option(help: "Away team, for a game entered by hand.") var away: String?
    @Option(help: ArgumentHelp("Final score, AWAY-HOME as the tables show it, for a game entered by hand.", valueName: "away-home"))
    var score: String?
    @Flag(
        help: """
            Record a game entered by hand the catalog does not have at that venue that day, or file into a --game \
            far from the photo, without asking.
            """)
    var force = false
    @Flag(help: "Apply the decision to every pending photo of the same venue and day.") var group = false
    @Flag(help: "List (or walk through) the matches you skipped.") var skipped = false
    @Flag(help: "Ask on standard input even when it is not a terminal.") var interactive = false

    func validate() throws {
        if let score, FinalScore(typed: score) == nil { throw ValidationError(FinalScore.usage(score)) }
        // A score with any other decision would be dropped without a word: said instead.
        if score != nil, home == nil, away == nil {
            throw ValidationError(
                "--score goes with a game entered by hand (--home and --away); a visit's score is set with "
                    + "`stadiumlog visits edit ID --score AWAY-HOME` (nothing was changed)")
        }
    }

    func run() throws {
        let walks = pendingId == nil && (interactive || isatty(STDIN_FILENO) == 1)
        let listsOnly = pendingId == nil && !walks
        let corrections = Corrections(library: try listsOnly ? library.openForReading() : library.open(), catalog: try library.catalog())
        let confirmer = corrections.confirmer
        if let pendingId {
            let target = try confirmer.match(id: pendingId)
            let photos =
                group
                ? confirmer.groups(try confirmer.pending(includingSkipped: true)).first { $0.photos.contains(target) }?.photos ?? [target]
                : [target]
            let confirmed = try FanQuestion.filingEvenIfFar(force: force) { evenIfFar in
                try corrections.confirm(photos, try decision(confirmer, for: target, evenIfFar: evenIfFar))
            }
            guard let confirmed else { return print("Nothing was changed.") }
            print(Self.said(confirmed.value).capitalizedFirst)
            // What was stored, with the names, so a flipped score shows at once.
            if score != nil, let stored = confirmed.value.visit?.spokenScore { print("Score stored: " + stored) }
            return announce(confirmed.achievements)
        }
        let pending = try skipped ? confirmer.skipped() : confirmer.pending()
        if walks {
            var session = ConfirmSession(corrections: corrections)
            try session.run(pending, offeringSkipped: !skipped)
        } else {
            let moments = confirmer.moments(pending)
            let rows = moments.enumerated().flatMap { number, moment in
                moment.photos.map { photo in
                    [
                        String(photo.pendingId.prefix(TypedID.shown)), photo.path, photo.hourAndMinute == nil ? "" : photo.taken,
                        moment.group.venueId == nil ? "" : moment.place, "\(number + 1)", "\(moment.candidates.count)", moment.why,
                    ]
                }
                    + moment.evidence.map { evidence in
                        [
                            String(evidence.pendingId.prefix(TypedID.shown)), "\(evidence.what), \(evidence.source)", evidence.when,
                            moment.group.venueId == nil ? "" : moment.place, "\(number + 1)", "\(moment.candidates.count)", moment.why,
                        ]
                    }
            }
            print(
                TextTable(header: ["PENDING", "PHOTO", "TAKEN (AT THE VENUE)", "VENUE", "GROUP", "CANDIDATES", "REASON"], rows: rows)
                    .rendered,
                terminator: "")
            print("\(pending.count) \(skipped ? "skipped" : "pending") in \(moments.count) group\(moments.count == 1 ? "" : "s")")
        }
    }

    /// What a decision did, with how to bring skipped photos back.
    static func said(_ outcome: MatchConfirmer.Outcome) -> String {
        guard case .skipped(let photos, let evidence) = outcome else { return MatchConfirmer.describe(outcome) }
        return "skipped \(MatchConfirmer.count(photos, evidence: evidence)); `stadiumlog confirm --skipped` brings them back"
    }

    private func decision(_ confirmer: MatchConfirmer, for pending: PendingMatch, evenIfFar: Bool) throws -> MatchConfirmer.Decision {
        let given = [choice != nil, game != nil, tour, skip, home != nil || away != nil].filter { $0 }.count
        guard given == 1 else { throw ValidationError("give exactly one of --choice, --game, --tour, --skip or --home/--away") }
        if let choice { return .choice(choice) }
        if let game { return .game(game, evenIfFar: evenIfFar) }
        if tour { return .tour }
        if skip { return .skip }
        guard let home, let away else { throw ValidationError("a game by hand needs both --home and --away") }
        let score = score.flatMap(FinalScore.init(typed:))
        return .manual(
            homeTeamId: try team(home, confirmer, pending), awayTeamId: try team(away, confirmer, pending),
            homeScore: score?.home, awayScore: score?.away, force: force)
    }

    private func team(_ text: String, _ confirmer: MatchConfirmer, _ pending: PendingMatch) throws -> TeamID {
        let teams = confirmer.teams(named: text, for: pending)
        guard teams.count == 1 else {
            throw RuntimeError(
                teams.isEmpty
                    ? "no team is called '\(text)'; try its city, nickname or abbreviation"
                    : "'\(text)' could be \(teams.map(\.id.rawValue).joined(separator: ", ")); be more precise or use the id")
        }
        return teams[0].id
    }
}

/// The interactive walk through pending matches: one prompt per moment (a venue and a fan day), answers read line by
/// line, then the skipped ones if the fan wants them.
struct ConfirmSession {
    let corrections: Corrections
    var confirmer: MatchConfirmer { corrections.confirmer }
    /// Photos filed (into a game or a tour) and skipped so far, for the summary the walk ends with.
    private var settled = 0
    private var skippedNow = 0

    init(corrections: Corrections) { self.corrections = corrections }

    mutating func run(_ pending: [PendingMatch], offeringSkipped: Bool) throws {
        let moments = confirmer.moments(pending)
        if moments.isEmpty { print("Nothing to confirm.") }
        for (number, moment) in moments.enumerated() {
            guard try settle(moment, number: number + 1, of: moments.count) else { return try summarize() }
        }
        if !moments.isEmpty { try summarize() }
        guard offeringSkipped else { return }
        let skipped = try confirmer.skipped().filter { skippedMatch in !pending.contains { $0.id == skippedMatch.id } }
        guard !skipped.isEmpty else { return }
        guard FanQuestion.yes("\nYou skipped \(counted(skipped.count, "photo")) earlier — go through them now?") else { return }
        let again = confirmer.moments(skipped)
        for (number, moment) in again.enumerated() {
            guard try settle(moment, number: number + 1, of: again.count) else { break }
        }
        try summarize()
    }

    /// "Settled 5 photos, skipped 1; 16 left to confirm."
    private func summarize() throws {
        let left = try confirmer.pendingCount()
        print(
            "\nSettled \(counted(settled, "photo")), skipped \(skippedNow); \(left) left to confirm"
                + (skippedNow > 0 ? " (`stadiumlog confirm --skipped` brings the skipped ones back)." : "."))
    }

    static let help = """
            1-9   file the photos into that game (the words say where they fall against its play)
            t     not a game: a tour of the venue that day
            m     enter the game by hand: home and away team, and the score if you know it
            s     skip: decide later (`stadiumlog confirm --skipped` brings them back)
            o N   open photo N in your picture viewer (o alone: the first)
            q     quit: what you settled stays settled; `stadiumlog undo` takes back the last one
        """

    /// Asks about one moment until it is settled; false when the fan quits.
    private mutating func settle(_ moment: PendingMoment, number: Int, of count: Int) throws -> Bool {
        let group = moment.group
        let first = group.photos[0]
        let candidates = moment.candidates
        print("\n[\(number)/\(count)] \(moment.headline) — \(moment.why)")
        for (index, photo) in moment.photos.prefix(5).enumerated() {
            print("    photo \(index + 1): \(photo.path)")
        }
        if moment.photos.count > 5 { print("    … and \(moment.photos.count - 5) more") }
        for evidence in moment.evidence { print("    evidence: \(evidence.what), \(evidence.when), from \(evidence.source)") }
        for (index, candidate) in candidates.enumerated() {
            print("    \(index + 1)) \(candidate.line)")
        }
        while true {
            print(
                "Choose \(candidates.isEmpty ? "" : "1-\(candidates.count), ")t = tour, m = enter by hand, s = skip, "
                    + "o N = open photo N, ? = help, q = quit: ", terminator: "")
            guard let answer = readLine()?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
            if answer == "q" { return false }
            if answer == "?" || answer == "h" || answer == "help" {
                print(Self.help)
                continue
            }
            if answer.hasPrefix("o") {
                open(group.photos.filter { $0.evidence == nil }, answer.dropFirst().trimmingCharacters(in: .whitespaces))
                continue
            }
            do {
                guard let decision = try decision(for: answer, candidates: candidates.count, item: first) else { continue }
                let confirmed = try corrections.confirm(group.photos, decision)
                if case .skip = decision { skippedNow += group.photos.count } else { settled += group.photos.count }
                print("    → \(ConfirmCommand.said(confirmed.value))")
                announce(confirmed.achievements)
                return true
            } catch {
                print("    \(CommandLineMessage.error(for: error))")
            }
        }
    }

    /// Opens a photo of the group with the desktop's viewer, or says where it is.
    private func open(_ photos: [PendingMatch], _ text: String) {
        guard let number = Int(text.isEmpty ? "1" : text), photos.indices.contains(number - 1) else {
            return print("    Type o and a photo number from 1 to \(photos.count).")
        }
        let path = photos[number - 1].originalPath
        let opener = ["/usr/bin/xdg-open", "/usr/bin/open"].first(where: FileManager.default.isExecutableFile(atPath:))
        if let opener, ProcessInfo.processInfo.environment["DISPLAY"] != nil || opener.hasSuffix("/open") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: opener)
            process.arguments = [path]
            if (try? process.run()) != nil { return print("    opened \(ShownText.safe(path))") }
        }
        print("    \(ShownText.safe(path)) (no picture viewer here: open it yourself)")
    }

    private func decision(for answer: String, candidates: Int, item: PendingMatch) throws -> MatchConfirmer.Decision? {
        switch answer {
        case "t": return .tour
        case "s": return .skip
        case "m": return try manual(item)
        default:
            guard let number = Int(answer), (1...max(candidates, 1)).contains(number), number <= candidates else {
                print("    Type a number from the list, t, m, s, o N or q (? explains them).")
                return nil
            }
            return .choice(number)
        }
    }

    /// Teams typed by name, nickname, abbreviation or part of a name; a game the catalog does not know there that day
    /// is recorded only when the fan says so; a mistyped score is asked again, the teams kept.
    private func manual(_ item: PendingMatch) throws -> MatchConfirmer.Decision? {
        guard let home = askTeam("Home team", item), let away = askTeam("Away team", item) else { return nil }
        var score: FinalScore?
        while true {
            print("    Final score AWAY-HOME, as the tables show it (empty if unknown): ", terminator: "")
            let text = readLine()?.trimmingCharacters(in: .whitespaces) ?? ""
            if text.isEmpty { break }
            if let parsed = FinalScore(typed: text) {
                score = parsed
                break
            }
            print("    \(FinalScore.usage(text))")
        }
        let decision = MatchConfirmer.Decision.manual(
            homeTeamId: home, awayTeamId: away, homeScore: score?.home,
            awayScore: score?.away)
        do {
            try confirmer.check(decision, for: item)
            return decision
        } catch CorrectionError.noSuchGame(let description) {
            guard FanQuestion.yes("    \(description) is not a game in the catalog. Record it anyway?") else { return nil }
            return .manual(homeTeamId: home, awayTeamId: away, homeScore: score?.home, awayScore: score?.away, force: true)
        }
    }

    private func askTeam(_ label: String, _ item: PendingMatch) -> TeamID? {
        while true {
            print("    \(label): ", terminator: "")
            guard let text = readLine()?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
            let teams = confirmer.teams(named: text, for: item)
            if teams.count == 1 { return teams[0].id }
            if teams.isEmpty {
                print("    No team matches '\(text)'.")
                continue
            }
            let day = item.localDate
            for (index, team) in teams.prefix(9).enumerated() {
                print("      \(index + 1)) \(day.map(team.name(on:)) ?? team.currentName) (\(team.id))")
            }
            print("    Which one? ", terminator: "")
            if let pick = readLine().flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), (1...min(9, teams.count)).contains(pick) {
                return teams[pick - 1].id
            }
        }
    }
}
