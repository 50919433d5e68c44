import Catalog
import Foundation
import TimeAndPlace
import VisitStore

/// Works out which achievements a fan's visits have earned, from scratch, deterministically: the same visits always
/// earn the same achievements with the same visits, and a deleted or corrected visit can take one away.
///
/// Only game visits count, each for the league that was played (a hockey game does not tick an NBA arena). Closed and
/// renamed venues count as what they were: "you earned it, you keep it". Completion (a division, a conference, a
/// league) is judged on the day of each visit against the league as it stood that day — its teams that season and
/// their home venues that day — so a league completed in 2005 stays complete when a team later moves, while a fan
/// who has not finished yet needs the new building.
public struct AchievementEngine: Sendable {
    /// The catalog whose leagues, teams and home venues completions are judged against.
    public let catalog: Catalog
    /// The achievements that can be earned, in the order ``earned(from:)`` lists them.
    public let definitions: [AchievementDefinition]

    /// An engine judging against `catalog`; `definitions` are the bundled ones unless a test gives its own.
    public init(catalog: Catalog, definitions: [AchievementDefinition] = AchievementDefinition.bundled) {
        self.catalog = catalog
        self.definitions = definitions
    }

    /// Every achievement `visits` earn, in the order of their definitions.
    public func earned(from visits: [StadiumVisit]) -> [EarnedAchievement] {
        // Within a day, the game id orders the visits (game 1 of a doubleheader before game 2): when one import makes
        // several, their creation order is the order concurrent work finished in, so it only breaks remaining ties.
        let games = visits.filter { $0.visitType == .game && $0.league != nil }
            .sorted {
                ($0.localDate, $0.gameId ?? "", $0.createdAt, $0.id) < ($1.localDate, $1.gameId ?? "", $1.createdAt, $1.id)
            }
        return definitions.flatMap { definition -> [EarnedAchievement] in
            switch definition.kind {
            case .venueCount: venueCount(definition, games)
            case .divisionComplete, .conferenceComplete, .leagueComplete: completions(definition, games)
            case .journey: journey(definition, games)
            case .leagues: leagues(definition, games)
            case .specialVenue: special(definition, games)
            }
        }
    }

    private func achievement(
        _ definition: AchievementDefinition, suffix: String? = nil, name: String? = nil,
        on day: LocalDate, visits: [StadiumVisit]
    ) -> EarnedAchievement {
        EarnedAchievement(
            id: suffix.map { "\(definition.id)_\($0)" } ?? definition.id, definitionId: definition.id,
            name: name ?? definition.name, description: definition.description, earnedOn: day,
            visitIds: visits.map(\.id))
    }

    /// The first visit to each venue, in date order.
    private static func firstVisits(_ games: [StadiumVisit]) -> [StadiumVisit] {
        var seen: Set<String> = []
        return games.filter { seen.insert($0.venueId).inserted }
    }

    private func venueCount(_ definition: AchievementDefinition, _ games: [StadiumVisit]) -> [EarnedAchievement] {
        let firsts = Self.firstVisits(games)
        guard let count = definition.count, count > 0, firsts.count >= count else { return [] }
        return [achievement(definition, on: firsts[count - 1].localDate, visits: Array(firsts.prefix(count)))]
    }

    private func leagues(_ definition: AchievementDefinition, _ games: [StadiumVisit]) -> [EarnedAchievement] {
        var seen: Set<LeagueID> = []
        let firsts = games.filter { seen.insert($0.league!).inserted }
        guard let count = definition.count, count > 0, firsts.count >= count else { return [] }
        return [achievement(definition, on: firsts[count - 1].localDate, visits: Array(firsts.prefix(count)))]
    }

    private func special(_ definition: AchievementDefinition, _ games: [StadiumVisit]) -> [EarnedAchievement] {
        guard let venueId = definition.venueId, let first = games.first(where: { $0.venueId == venueId }) else { return [] }
        return [achievement(definition, on: first.localDate, visits: [first])]
    }

    /// The first window of `days` days holding games at `count` different venues.
    private func journey(_ definition: AchievementDefinition, _ games: [StadiumVisit]) -> [EarnedAchievement] {
        guard let count = definition.count, let days = definition.days, count > 0, days > 0 else { return [] }
        for (index, last) in games.enumerated() {
            let window = games[...index].filter { last.localDate.daysSinceEpoch - $0.localDate.daysSinceEpoch < days }
            let firsts = Self.firstVisits(Array(window))
            if firsts.count >= count { return [achievement(definition, on: last.localDate, visits: Array(firsts.prefix(count)))] }
        }
        return []
    }

    /// Divisions, conferences or leagues completed: on each visit's day, every group of the league's league as it
    /// stood then whose home venues have all been visited (for that league) by then.
    private func completions(_ definition: AchievementDefinition, _ games: [StadiumVisit]) -> [EarnedAchievement] {
        var earned: [String: EarnedAchievement] = [:]
        var order: [String] = []
        for league in catalog.leagues {
            let played = games.filter { $0.league == league.id }
            var firstVisit: [String: StadiumVisit] = [:]
            for visit in played {
                if firstVisit[visit.venueId] == nil { firstVisit[visit.venueId] = visit }
                let season = league.season(of: visit.localDate)
                for group in groups(definition.kind, of: league, in: season) where earned[group.key] == nil {
                    let venues = group.teamIds.map { catalog.homeVenue(of: $0, on: visit.localDate)?.id }
                    guard !venues.isEmpty, venues.allSatisfy({ $0 != nil && firstVisit[$0!] != nil }) else { continue }
                    let visits = Set(venues.map { firstVisit[$0!]! }).sorted { ($0.localDate, $0.id) < ($1.localDate, $1.id) }
                    earned[group.key] = achievement(
                        definition, suffix: group.key, name: "\(definition.name): \(group.name)",
                        on: visit.localDate, visits: visits)
                    order.append(group.key)
                }
            }
        }
        return order.compactMap { earned[$0] }
    }

    /// The groups a completion achievement is earned for, keyed for its id (`mlb_al_east`, `nba_western`, `nhl`).
    private func groups(
        _ kind: AchievementDefinition.Kind, of league: League,
        in season: Int
    ) -> [(key: String, name: String, teamIds: [TeamID])] {
        switch kind {
        case .divisionComplete:
            return catalog.divisions(of: league.id, in: season).map { ($0.id, "\(league.displayName) \($0.name)", $0.teamIds) }
        case .conferenceComplete:
            return catalog.conferences(of: league.id, in: season).map { ($0.id, "\(league.displayName) \($0.name)", $0.teamIds) }
        default:
            let teams = catalog.teamIds(of: league.id, in: season)
            return teams.isEmpty ? [] : [(league.id.rawValue, league.displayName, teams)]
        }
    }
}
