import Catalog
import Foundation
import TimeAndPlace
import VisitStore

/// The catalog's league record, named apart from ``FanProgress/League``, a league's progress.
private typealias LeagueRecord = League

/// How far along a fan is: per league, the current venues visited and remaining, by division and conference; the
/// venues first visited each year; the teams seen; and the record of each team "when I attend".
///
/// A visit counts for the sport that was played: a hockey game at a shared arena ticks the NHL list, not the NBA's.
/// "Current venues" are the home venues of the league's teams today; a visited venue that has since closed still
/// shows in the fan's history and achievements, but not in the current lists.
public struct FanProgress: Sendable, Encodable {
    /// A current venue in a progress list, with the teams it is home to.
    public struct VenueRef: Hashable, Sendable, Encodable {
        /// The catalog id of the venue.
        public var id: String
        /// The venue's name as of today.
        public var name: String
        /// The group's teams whose home it is (more than one where teams share it).
        public var teamIds: [TeamID]
    }

    /// A league, conference or division: its current venues, visited and still to visit.
    public struct Group: Hashable, Sendable, Encodable {
        /// `mlb_al_east`, `nba_western`, or the league id for a whole league.
        public var id: String
        /// The name shown to the fan (the league's own name for a whole league).
        public var name: String
        /// Current venues the fan has seen a game of this league at, by name.
        public var visited: [VenueRef]
        /// Current venues still to visit, by name.
        public var remaining: [VenueRef]
        /// How many current venues the group has.
        public var total: Int { visited.count + remaining.count }
        /// Every current venue visited; a group without venues is never complete.
        public var isComplete: Bool { remaining.isEmpty && !visited.isEmpty }

        enum CodingKeys: String, CodingKey { case id, name, visited, remaining, total }
        /// Writes ``total`` too, so a reader of the JSON need not add the lists up.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(name, forKey: .name)
            try container.encode(visited, forKey: .visited)
            try container.encode(remaining, forKey: .remaining)
            try container.encode(total, forKey: .total)
        }
    }

    /// One league's progress: its current venues, whole and by conference and division.
    public struct League: Hashable, Sendable, Encodable {
        /// The JSON keys: `sport` for the league's id, as it has always been written.
        enum CodingKeys: String, CodingKey {
            case id = "sport"
            case season, league, conferences, divisions
        }

        /// The league's id.
        public var id: LeagueID
        /// The season whose teams and groups are used: today's, or the latest the catalog knows.
        public var season: Int
        /// The whole league's current venues.
        public var league: Group
        /// Its conferences (leagues, in baseball), each with its current venues.
        public var conferences: [Group]
        /// Its divisions, each with its current venues.
        public var divisions: [Group]
    }

    /// A team's wins and losses in the games the fan attended.
    public struct TeamRecord: Hashable, Sendable, Encodable {
        /// The catalog id of the team.
        public var teamId: TeamID
        /// The team's current name (its id when the catalog does not know it).
        public var name: String
        /// Attended games it won.
        public var wins: Int
        /// Attended games it lost; tied games count for neither side.
        public var losses: Int
    }

    /// Progress in each league, or only in the one asked for.
    public var leagues: [League]
    /// Year → venues first visited that year (game visits, any sport).
    public var firstVisitsByYear: [Int: [String]]
    /// The catalog ids of every team the fan has seen play, home or away, sorted.
    public var teamsSeen: [TeamID]
    /// Each team's record in the games the fan attended, from final scores; most games first.
    public var records: [TeamRecord]

    enum CodingKeys: String, CodingKey { case leagues, firstVisitsByYear, teamsSeen, records }

    /// Years become the keys of a JSON object (`"2015": [...]`), not an array of alternating keys and values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(leagues, forKey: .leagues)
        try container.encode(
            Dictionary(uniqueKeysWithValues: firstVisitsByYear.map { (String($0.key), $0.value) }),
            forKey: .firstVisitsByYear)
        try container.encode(teamsSeen, forKey: .teamsSeen)
        try container.encode(records, forKey: .records)
    }

    /// The progress of `visits` as of `today`, optionally for one league.
    public init(visits: [StadiumVisit], catalog: Catalog, today: LocalDate, league only: LeagueID? = nil) {
        // One pass over the visits, none copied or sorted: a long-time fan's 10,000 visits are read on every page of
        // the web app's overview.
        var visited: [LeagueID: Set<String>] = [:]
        var first: [String: LocalDate] = [:]
        var teams: Set<TeamID> = []
        var tally: [TeamID: (wins: Int, losses: Int)] = [:]
        for visit in visits where visit.visitType == .game {
            guard let league = visit.league, only == nil || league == only else { continue }
            visited[league, default: []].insert(visit.venueId)
            if first[visit.venueId].map({ visit.localDate < $0 }) ?? true { first[visit.venueId] = visit.localDate }
            if let home = visit.homeTeamId { teams.insert(home) }
            if let away = visit.awayTeamId { teams.insert(away) }
            guard let home = visit.homeTeamId, let away = visit.awayTeamId, let h = visit.homeScore, let a = visit.awayScore,
                h != a
            else { continue }
            tally[h > a ? home : away, default: (0, 0)].wins += 1
            tally[h > a ? away : home, default: (0, 0)].losses += 1
        }
        leagues = catalog.leagues.filter { only == nil || $0.id == only }.map { league in
            Self.progress(in: league, visited: visited[league.id] ?? [], catalog: catalog, today: today)
        }
        firstVisitsByYear = Dictionary(grouping: first.keys.sorted(), by: { first[$0]!.year })
        teamsSeen = teams.sorted()
        records = tally.map { id, record in
            TeamRecord(teamId: id, name: catalog.team(id: id)?.currentName ?? id.rawValue, wins: record.wins, losses: record.losses)
        }.sorted { ($0.wins + $0.losses, $1.teamId) > ($1.wins + $1.losses, $0.teamId) }
    }

    /// A league's current venues (its teams' homes today), split into visited and remaining, whole and by group.
    private static func progress(in record: LeagueRecord, visited: Set<String>, catalog: Catalog, today: LocalDate) -> League {
        let league = record.id
        let season = latestSeason(of: record, catalog: catalog, today: today)
        let divisions = catalog.divisions(of: league, in: season)
        func group(id: String, name: String, teams: [TeamID]) -> Group {
            var venues: [String: VenueRef] = [:]
            for team in teams {
                guard let venue = home(of: team, catalog: catalog, today: today) else { continue }
                venues[venue.id, default: VenueRef(id: venue.id, name: venue.name(on: today), teamIds: [])].teamIds.append(team)
            }
            let sorted = venues.values.sorted { $0.name < $1.name }
            return Group(
                id: id, name: name, visited: sorted.filter { visited.contains($0.id) },
                remaining: sorted.filter { !visited.contains($0.id) })
        }
        return League(
            id: league, season: season,
            league: group(id: league.rawValue, name: record.displayName, teams: catalog.teamIds(of: league, in: season)),
            conferences: catalog.conferences(of: league, in: season).map { group(id: $0.id, name: $0.name, teams: $0.teamIds) },
            divisions: divisions.map { group(id: $0.id, name: $0.name, teams: $0.teamIds) })
    }

    /// Today's season, or the latest the league structure knows.
    private static func latestSeason(of league: LeagueRecord, catalog: Catalog, today: LocalDate) -> Int {
        let season = league.season(of: today)
        return catalog.teamIds(of: league.id, in: season).isEmpty
            ? (league.structure.map { $0.to ?? $0.from }.max() ?? season) : season
    }

    /// A team's home today, or its latest home within the past year (between tenancies in an off-season).
    private static func home(of team: TeamID, catalog: Catalog, today: LocalDate) -> Venue? {
        for back in stride(from: 0, through: 365, by: 30) {
            if let venue = catalog.homeVenue(of: team, on: today.adding(days: -back)) { return venue }
        }
        return nil
    }
}
