import Catalog
import Foundation
import Progress
import TimeAndPlace
import VisitStore

/// Which visits a fan is looking for: filters that must all hold, and words found in a visit's teams (any name they
/// had, their city, their abbreviation), its venue (any name it had, its city) or its notes.
public struct VisitQuery: Hashable, Sendable {
    /// Only visits of this league.
    public var league: LeagueID?
    /// Only games this team played, home or away.
    public var teamId: TeamID?
    /// Only visits in this season (its first year: `2015` for 2015-16).
    public var season: Int?
    /// Only visits to this venue.
    public var venueId: String?
    /// Words that must all be found ("Boston", "Red Sox", "Jacobs Field"); empty finds every visit.
    public var text: String
    /// The newest day first (the pages), or the oldest (the command line's table).
    public var newestFirst: Bool

    /// A query; with no arguments, every visit, the newest first.
    public init(
        league: LeagueID? = nil, teamId: TeamID? = nil, season: Int? = nil, venueId: String? = nil, text: String = "",
        newestFirst: Bool = true
    ) {
        self.league = league
        self.teamId = teamId
        self.season = season
        self.venueId = venueId
        self.text = text
        self.newestFirst = newestFirst
    }
}

/// A season in the fan's history: how many games, how many venues first seen, and a favourite team's record.
public struct SeasonSummary: Hashable, Sendable {
    /// The season's first year.
    public var season: Int
    /// The season as fans write it (``FanHistory/seasonLabel(_:leagues:)``).
    public var label: String
    /// Game visits that season.
    public var games: Int
    /// Venues first visited (at a game) that season.
    public var newVenues: Int
    /// The favourite team's wins in the games the fan saw, when a team was picked.
    public var wins: Int
    /// The favourite team's losses in the games the fan saw.
    public var losses: Int
}

extension FanHistory {
    /// Of `visits`, those the query finds, in the query's order (``StadiumVisit/inOrder(newestFirst:)``).
    public func filter(_ visits: [StadiumVisit], by query: VisitQuery) -> [StadiumVisit] {
        // Each word is looked up once in the catalog — the venues and teams any of whose names, cities or codes hold
        // it — so a visit is found by its ids, and only its own notes and seat are searched as text.
        let words = Self.searchWords(query.text).map { word in
            (word: word, venues: venueIds(named: word), teams: teamIds(named: word))
        }
        var folded: [String: String] = [:]
        let found = visits.filter { visit in
            if let league = query.league, visit.league != league { return false }
            if let team = query.teamId, visit.homeTeamId != team, visit.awayTeamId != team { return false }
            if let venue = query.venueId, visit.venueId != venue { return false }
            if let season = query.season, self.season(of: visit) != season { return false }
            return words.allSatisfy { word, venues, teams in
                if venues.contains(visit.venueId) { return true }
                if let home = visit.homeTeamId, teams.contains(home) { return true }
                if let away = visit.awayTeamId, teams.contains(away) { return true }
                // The names frozen on the visit are the catalog's names of that day, found above; only the fan's own
                // words are searched as text.
                guard visit.notes != nil || visit.seat != nil else { return false }
                let own = [visit.notes, visit.seat].compactMap { $0 }.joined(separator: " | ")
                let text = folded[own] ?? Self.folded([own])
                folded[own] = text
                return text.contains(word)
            }
        }
        // Sorted by position, not by moving 10,000 visits about.
        let order = StadiumVisit.inOrder(newestFirst: query.newestFirst)
        return found.indices.sorted { order(found[$0], found[$1]) }.map { found[$0] }
    }

    /// The venues any of whose names (former ones too), nicknames or city hold a folded search word.
    private func venueIds(named word: String) -> Set<String> {
        Set(
            catalog.venues.filter { venue in
                Self.folded(venue.names.map(\.name) + venue.aliases.map(\.name) + [venue.city ?? ""]).contains(word)
            }.map(\.id))
    }

    /// The teams any of whose names (former ones too), cities or code hold a folded search word.
    private func teamIds(named word: String) -> Set<TeamID> {
        Set(catalog.teams.filter { team in Self.folded(team.names.flatMap { [$0.name, $0.city] } + [team.code]).contains(word) }.map(\.id))
    }

    /// For each of these visits with photos, how many and the first with a thumbnail (a card's picture).
    public func covers(ofVisits ids: [String]) throws(LibraryError) -> [String: (count: Int, thumbnail: String?)] {
        try library.covers(ofVisits: ids)
    }

    /// The visits a fan may move a visit's photos to: those within a week of it and those at its venue, nearest in
    /// time first, at most `limit`, by date.
    public func moveTargets(for visit: StadiumVisit, limit: Int = 40) throws(LibraryError) -> [StadiumVisit] {
        try library.visits(around: visit.localDate, within: 7, orAt: visit.venueId, excluding: visit.id, limit: limit)
    }

    /// A visit's photos, in the order they were taken.
    public func photos(ofVisit id: String) throws(LibraryError) -> [VisitPhoto] { try library.photos(inVisit: id) }

    /// The season a visit belongs to: its league's (`2015` for a game in January 2016 of a season that crosses New
    /// Year), or the calendar year for a visit without a league.
    public func season(of visit: StadiumVisit) -> Int {
        visit.league.map { catalog.season(of: $0, on: visit.localDate) } ?? visit.localDate.year
    }

    /// A season as fans write it, named once for every page and command: as its leagues write it (`2015` for baseball
    /// and football, `2015-16` for basketball and hockey), both when the fan's visits that season span both kinds
    /// (`2015 / 2015-16`).
    public func seasonLabel(_ season: Int, leagues: some Sequence<LeagueID?>) -> String {
        let labels = Set(leagues.map { league in league.flatMap(catalog.league).map { $0.seasonLabel(season) } ?? String(season) })
        return labels.isEmpty ? String(season) : labels.sorted().joined(separator: " / ")
    }

    /// The label of each season of `visits` (``seasonLabel(_:leagues:)``).
    public func seasonLabels(of visits: [StadiumVisit]) -> [Int: String] {
        Dictionary(grouping: visits.map { (season(of: $0), $0.league) }, by: \.0).mapValues { pairs in
            seasonLabel(pairs[0].0, leagues: pairs.map(\.1))
        }
    }

    /// Everything an overview shows, from one read of the library: the visits, progress as of `today`, the
    /// achievements held (as every change keeps them in the library: working them out again from 10,000 visits on
    /// each page would cost most of a second), and each season with `favourite`'s record.
    public func overview(on today: LocalDate, favourite: TeamID?) throws(LibraryError) -> Overview {
        let visits = try library.visits()
        return Overview(
            visits: visits, progress: FanProgress(visits: visits, catalog: catalog, today: today),
            achievements: try AchievementBook(library: library, engine: AchievementEngine(catalog: catalog)).held()
                .sorted { ($0.earnedOn, $0.id) < ($1.earnedOn, $1.id) },
            seasons: seasons(of: visits, favourite: favourite))
    }

    /// What an overview shows (``overview(on:favourite:)``).
    public struct Overview: Sendable {
        /// Every visit, by date.
        public var visits: [StadiumVisit]
        /// Progress through each league.
        public var progress: FanProgress
        /// The achievements held, in the order they were earned.
        public var achievements: [EarnedAchievement]
        /// Each season with a game, newest first.
        public var seasons: [SeasonSummary]
    }

    /// Each season of `visits` with a game, newest first, with `favourite`'s record in the games seen.
    func seasons(of visits: [StadiumVisit], favourite: TeamID?) -> [SeasonSummary] {
        // In date order by position: the visits themselves are not moved about (10,000 on each overview).
        let games = visits.indices.filter { visits[$0].visitType == .game }.sorted { visits[$0].localDate < visits[$1].localDate }
        var seen: Set<String> = []
        var bySeason: [Int: SeasonSummary] = [:]
        let labels = seasonLabels(of: games.map { visits[$0] })
        for index in games {
            let visit = visits[index]
            let season = season(of: visit)
            var summary =
                bySeason[season] ?? SeasonSummary(season: season, label: labels[season] ?? "", games: 0, newVenues: 0, wins: 0, losses: 0)
            summary.games += 1
            if seen.insert(visit.venueId).inserted { summary.newVenues += 1 }
            if let favourite, let score = visit.finalScore, score.home != score.away,
                visit.homeTeamId == favourite || visit.awayTeamId == favourite
            {
                let won = (score.home > score.away) == (visit.homeTeamId == favourite)
                if won { summary.wins += 1 } else { summary.losses += 1 }
            }
            bySeason[season] = summary
        }
        return bySeason.values.sorted { $0.season > $1.season }
    }

    /// The photos imports found near a game but did not ask about (and the fan has not filed since), by game, in the
    /// games' order of date; the games the catalog no longer has left out.
    public func photosNearGames() throws(LibraryError) -> [(game: Game, paths: [String])] {
        try library.photosNearGames().compactMap { id, paths in catalog.game(id: id).map { ($0, paths) } }
            .sorted { ($0.game.localDate, $0.game.id.rawValue) < ($1.game.localDate, $1.game.id.rawValue) }
    }

    private static func folded(_ names: [String?]) -> String {
        names.compactMap { $0 }.joined(separator: " | ").folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    private static func searchWords(_ text: String) -> [String] {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
            .split(whereSeparator: { $0.isWhitespace }).map(String.init)
    }
}
