import TimeAndPlace

extension Catalog {
    /// The week of its season a day falls in, for providers that file games by week (Pro-Football-Reference's weekly
    /// pages): weeks run Tuesday to Monday, week 1 being the week of the season's first regular-season game in the
    /// index — or, for a season the index does not reach yet, 52 weeks on from the last season it has per season
    /// between. Week 1 for a day before it (a preseason); nil for a league without games in the index.
    public func week(of league: LeagueID, on day: LocalDate) -> (season: Int, week: Int)? {
        let season = season(of: league, on: day)
        guard
            let known = seasons(of: league)?.filter({ $0 <= season }).reversed()
                .first(where: { firstRegularSeasonDay(of: league, in: $0) != nil }),
            let opener = firstRegularSeasonDay(of: league, in: known)?.adding(days: 364 * (season - known))
        else { return nil }
        // 1970-01-01 was a Thursday: days since then + 4, modulo 7, counts from Sunday.
        let weekday = ((opener.daysSinceEpoch + 4) % 7 + 7) % 7
        let firstTuesday = opener.daysSinceEpoch - (weekday - 2 + 7) % 7
        let offset = day.daysSinceEpoch - firstTuesday
        return (season, max(offset, 0) / 7 + 1)
    }

    /// The date of a season's first regular-season game in the index.
    private func firstRegularSeasonDay(of league: LeagueID, in season: Int) -> LocalDate? {
        guard let table = leagueIndex[league].map({ tables[$0] }) else { return nil }
        return table.records.first { Int($0.season) == season && !$0.postseason }.map { LocalDate(daysSinceEpoch: Int($0.day)) }
    }
}
