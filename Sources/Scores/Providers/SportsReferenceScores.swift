import Catalog
import Foundation
import Markup
import TimeAndPlace

/// The box-score pages of the Sports-Reference sites (Baseball-, Basketball-, Hockey- and Pro-Football-Reference),
/// read with an HTML parser: the last resort before asking the user, for dates no API answers. A site lists a day's
/// games on a daily page, or — Pro-Football-Reference — a week's on a weekly page, of which the day's are kept.
///
/// One page lists every game of a date as a `div.game_summary` holding a `table.teams` of two rows, visitor then
/// home: a team link (`/teams/SFG/2020.shtml`, whose code is the site's own team id), the score, and on the
/// visitor's row a link to the box score, "Final" once the game is over. The box score's id names the home team, the
/// date and — at Baseball-Reference — the game of a doubleheader (`CHN202008172`).
///
/// The sites ask for no more than 20 requests a minute and robots.txt for 3 s between them; they block faster
/// clients for hours. Hence one request per 3 s per site, robots.txt honoured, and disabled after 2 failures.
public struct SportsReferenceScores: ScoreAPIProvider {
    /// The site (`baseball-reference`): the key of its stored state and of the scores it supplied, and the name in its host.
    public let name: String
    /// The one league the site covers.
    public let leagues: Set<LeagueID>
    /// Scraped: robots.txt honoured, and disabled for 24 h after 2 failures within an hour.
    public let reliability = ProviderReliability.scraped
    /// One request every 3 s, as the sites' robots.txt asks.
    public let minimumInterval = 3.0
    /// The site's override key (`STADIUMLOG_BASEBALL_REFERENCE_URL`, …), for a mirror or a test server.
    public let baseURLKey: String
    /// `https://www.<site>.com`, used when there is no override.
    public let defaultBaseURL: URL
    /// The catalog alias kind of the site's team codes.
    private let teamCodeKind: String
    /// The page of a date, as the league's record spells it: `{year}`, `{month}` and `{day}` where the date goes, or
    /// `{season}` and `{week}` for a weekly page.
    private let page: String
    /// The season and week of a day, for a weekly page (``Catalog/week(of:on:)``).
    private let week: @Sendable (LocalDate) -> (season: Int, week: Int)?

    /// The site (`hockey-reference`) of one league, its page of a date (`/boxscores/index.fcgi?month={month}&…`,
    /// `/years/{season}/week_{week}.htm`), the catalog alias kind of its team codes (`hockeyReference`) and, for a
    /// weekly page, the week of a day.
    public init(
        site: String, league: LeagueID, page: String, teamCodes: String,
        week: @escaping @Sendable (LocalDate) -> (season: Int, week: Int)? = { _ in nil }
    ) {
        name = site
        leagues = [league]
        baseURLKey = "STADIUMLOG_\(site.uppercased().replacingOccurrences(of: "-", with: "_"))_URL"
        defaultBaseURL = URL(string: "https://www.\(site).com")!
        teamCodeKind = teamCodes
        self.page = page
        self.week = week
    }

    /// Whether the site lists a week of games on one page rather than a day.
    private var isWeekly: Bool { page.contains("{week}") }

    /// The site's page of `day` (its daily page, or its week's), asked for as HTML.
    public func request(for league: LeagueID, on day: LocalDate) -> ProviderRequest {
        var path = page.replacingOccurrences(of: "{year}", with: String(day.year))
            .replacingOccurrences(of: "{month}", with: String(day.month)).replacingOccurrences(of: "{day}", with: String(day.day))
        // Only a weekly page needs the week, which takes a look through the league's games.
        if isWeekly {
            let (season, week) = week(day) ?? (day.year, 1)
            path = path.replacingOccurrences(of: "{season}", with: String(season))
                .replacingOccurrences(of: "{week}", with: String(week))
        }
        return ProviderRequest(path, headers: ["Accept": "text/html"])
    }

    /// The games on a daily page. Throws ``ProviderError/unreadable(provider:reason:)`` when the page is not HTML,
    /// stops before its footer, or has no game summaries yet does not read as a day without games.
    public func games(in body: Data, league: LeagueID, on day: LocalDate) throws(ProviderError) -> [ProviderGame] {
        let parsed: MarkupDocument?
        do { parsed = try MarkupDocument(html: body) } catch { throw unreadable(error.description) }
        guard let page = parsed else { throw unreadable("not an HTML page") }
        // A parser recovers from a page cut short, so the games before the cut would look like the whole day: the
        // page must reach its footer.
        guard !page.select("//div[@id='footer']").isEmpty else { throw unreadable("the page stops before its footer") }
        let summaries = page.select("//div[\(MarkupDocument.hasClass("game_summary"))]")
        guard !summaries.isEmpty else {
            guard isEmptyDay(page, day) else { throw unreadable("no game summaries on the page; has its structure changed?") }
            return []
        }
        let games = try summaries.map { summary throws(ProviderError) in try game(in: summary, league: league) }
        // A daily page of another day is the wrong page; a weekly page holds the week's other days too.
        if !isWeekly, let other = games.first(where: { $0.localDate != day }) {
            throw unreadable("box score \(other.providerGameId) is not of \(day)")
        }
        return games.filter { $0.localDate == day }
    }

    /// A day the site lists no games for, told from a page whose structure changed: the site's own daily page
    /// (its date navigation names the asked day), with no container of game summaries and no box score of that day
    /// linked anywhere. A redesign keeps the games' box-score links, or the container, or loses the navigation.
    private func isEmptyDay(_ page: MarkupDocument, _ day: LocalDate) -> Bool {
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let dated = page.select("//div[\(MarkupDocument.hasClass("prevnext"))]/span").contains {
            $0.text.trimmingCharacters(in: .whitespacesAndNewlines) == "\(months[day.month - 1]) \(day.day), \(day.year)"
        }
        let digits = String(format: "%04d%02d%02d", day.year, day.month, day.day)
        let boxScores = page.select("//a[contains(@href, '/box') and contains(@href, '\(digits)')]")
        let container = page.select("//div[\(MarkupDocument.hasClass("game_summaries"))]")
        return dated && boxScores.isEmpty && container.isEmpty
    }

    private func game(in summary: MarkupElement, league: LeagueID) throws(ProviderError) -> ProviderGame {
        // Two team rows, visitor then home (Pro-Football-Reference puts a row with the date before them).
        let rows = summary.select(".//table[\(MarkupDocument.hasClass("teams"))]//tr").filter { team(in: $0) != nil }
        guard rows.count == 2, let away = team(in: rows[0]), let home = team(in: rows[1]) else {
            throw unreadable("a game summary without two team rows")
        }
        guard let boxLink = rows[0].select(".//a[contains(@href, '/box')]").first, let href = boxLink.attribute("href"),
            let box = BoxScoreId(href, site: name)
        else {
            throw unreadable("a game summary without its box score link")
        }
        let homeScore = Int(rows[1].select("./td[2]").first?.text ?? "")
        let awayScore = Int(rows[0].select("./td[2]").first?.text ?? "")
        let final = boxLink.text.lowercased() == "final" && homeScore != nil && awayScore != nil
        return ProviderGame(
            providerGameId: box.id, league: league, localDate: box.date, gameNumber: box.gameNumber, home: home,
            away: away, homeScore: homeScore, awayScore: awayScore, status: final ? .final : .scheduled)
    }

    /// The team of a row: the site's code from its link (`/teams/SFG/2020.shtml`) and the link's text.
    private func team(in row: MarkupElement) -> ProviderTeam? {
        guard let link = row.select("./td[1]//a[starts-with(@href, '/teams/')]").first,
            let code = link.attribute("href")?.split(separator: "/").dropFirst().first
        else { return nil }
        return ProviderTeam(id: String(code), idKind: teamCodeKind, name: link.text)
    }

    private func unreadable(_ reason: String) -> ProviderError { .unreadable(provider: name, reason: reason) }
}

/// A Sports-Reference box score id: `ANA202008170` / `CHN202008172` at Baseball-Reference (home, date, game of the
/// day), `202002220UTA` at the others (date, 0, home; `201710220ram` at Pro-Football-Reference).
private struct BoxScoreId {
    var id: String
    var date: LocalDate
    var gameNumber: Int

    init?(_ href: String, site: String) {
        guard let file = href.split(separator: "/").last?.split(separator: ".").first else { return nil }
        id = String(file)
        let digits = site == "baseball-reference" ? file.suffix(9) : file.prefix(9)
        guard digits.count == 9, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
            let year = Int(digits.prefix(4)), let month = Int(digits.dropFirst(4).prefix(2)),
            let day = Int(digits.dropFirst(6).prefix(2)), let date = LocalDate(year: year, month: month, day: day),
            let number = digits.last?.wholeNumberValue
        else { return nil }
        self.date = date
        gameNumber = number
    }
}
