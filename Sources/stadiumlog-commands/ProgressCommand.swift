import ArgumentParser
import Catalog
import CommandLineBasics
import Foundation
import Progress
import TimeAndPlace
import UseCases
import VisitStore

/// `stadiumlog progress`: how far along each league the fan is, and what they have earned.
struct ProgressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress",
        abstract: "Show progress through each league's current venues, by division and conference, and achievements.",
        discussion: """
            A visit counts for the sport that was played (a hockey game does not tick an NBA arena). Current venues are \
            the home venues of the league's teams today; venues you visited that have closed stay in your history and \
            in what they earned.
            """
    )

    @OptionGroup var library: LibraryOptions

    @Option(name: [.customLong("league"), .customLong("sport")], help: "Only this league.") var league: LeagueID?
    @Option(help: "A team you follow: its record when you were there (home and away, by season, its longest streaks).")
    var team: String?
    @Option(help: "Output format: table or json.") var format: ReportFormat = .table
    @Option(help: .hidden, transform: parseLocalDate) var today: LocalDate?

    func run() throws {
        let library = try library.openForReading()
        let catalog = try library.catalog()
        let history = FanHistory(library: library, catalog: catalog)
        let (progress, achievements) = try history.progress(on: today ?? Self.localToday, league: league)
        var record = try history.record(following: try team.map { try TypedNames.team($0, in: catalog) })
        if let league { record.leagues = record.leagues.filter { $0.league == league } }
        if format == .json {
            return print(try JSONOutput.string(ProgressJSON(progress: progress, achievements: achievements, record: record)))
        }
        print(ProgressText(progress: progress, achievements: achievements, record: record).rendered, terminator: "")
    }
}

extension ProgressCommand {
    /// Today on this machine's calendar.
    static var localToday: LocalDate {
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        return LocalDate(year: parts.year!, month: parts.month!, day: parts.day!)!
    }
}

/// `progress --format json`: the progress, the achievements and (added later) the fan's `record`.
struct ProgressJSON: Encodable {
    var progress: FanProgress
    var achievements: [EarnedAchievement]
    var record: FanRecord
}

/// Progress for people: a bar per league, its conferences and divisions, what remains, and the rest.
struct ProgressText {
    let progress: FanProgress
    let achievements: [EarnedAchievement]
    let record: FanRecord

    static func bar(_ done: Int, _ total: Int, width: Int = 20) -> String {
        let filled = total == 0 ? 0 : Int((Double(done) / Double(total) * Double(width)).rounded())
        return String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
    }

    var rendered: String {
        var text = ""
        for league in progress.leagues {
            let whole = league.league
            text +=
                "\(league.id.displayName)  \(Self.bar(whole.visited.count, whole.total))  "
                + "\(whole.visited.count)/\(whole.total) venues\n"
            func count(_ group: FanProgress.Group) -> String {
                "  \(group.name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(group.visited.count)/\(group.total)"
                    + (group.isComplete ? "  complete" : "") + "\n"
            }
            for conference in league.conferences { text += count(conference) }
            // Each division names the venues it still holds: together they are the league's, listed where a fan plans
            // the next trip (a conference would repeat its divisions').
            for division in league.divisions {
                text += count(division)
                if !division.remaining.isEmpty {
                    text += "      to visit: " + division.remaining.map(\.name).joined(separator: ", ") + "\n"
                }
            }
            if league.divisions.isEmpty, !whole.remaining.isEmpty {
                text += "  still to visit: " + whole.remaining.map(\.name).joined(separator: ", ") + "\n"
            }
            text += "\n"
        }
        if !progress.firstVisitsByYear.isEmpty {
            text +=
                "New venues by year: "
                + progress.firstVisitsByYear.keys.sorted()
                .map { "\($0): \(progress.firstVisitsByYear[$0]!.count)" }.joined(separator: ", ") + "\n"
        }
        text += "Teams seen: \(progress.teamsSeen.count)\n"
        if !progress.records.isEmpty {
            text +=
                "When you attend (wins-losses of every team you have seen):\n"
                + progress.records.map { "  \($0.name) \($0.wins)-\($0.losses)\n" }.joined()
        }
        if !record.leagues.isEmpty { text += "\nYour games\n" }
        for league in record.leagues {
            text += "  \(league.headline)\n" + league.lines.map { "    \($0)\n" }.joined()
        }
        if let team = record.team { text += "\n\(team.headline)\n" + team.lines.map { "  \($0)\n" }.joined() }
        text += "\nAchievements (\(achievements.count))\n"
        for achievement in achievements {
            text += "  \(achievement.earnedOn.iso8601)  \(achievement.name) — \(achievement.description)\n"
        }
        return text
    }
}
