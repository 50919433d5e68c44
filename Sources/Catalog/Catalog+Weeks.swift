import TimeAndPlace

extension Catalog {
    /// The week of its season a day falls in, for providers that file games by week (Pro-Football-Reference's weekly
    /// pages): weeks run Tuesday to Monday, week 1 being the week of the season's first regular-season game in the
    /// index — or, for a season the index does not reach yet, 52 weeks on from the last season it has per season
    /// between. Week 1 for a day before it (a preseason); nil for a league without games in the index.
    public func week(of league: LeagueID, on day: LocalDate) -> (season: Int, week: Int)? {
        let season = season(of: league, on: day)
        // The latest season up to this one with regular-season games, and its first game; 52 weeks on per season after.
        guard let records = leagueIndex[league].map({ tables[$0].allRecords }),
            let known = records.last(where: { Int($0.season) <= season && !$0.postseason }).map({ Int($0.season) }),
            let first = records.first(where: { Int($0.season) == known && !$0.postseason })
        else { return nil }
        let opener = LocalDate(daysSinceEpoch: Int(first.day) + 364 * (season - known))
        // 1970-01-01 was a Thursday: days since then + 4, modulo 7, counts from Sunday.
        let weekday = ((opener.daysSinceEpoch + 4) % 7 + 7) % 7
        let firstTuesday = opener.daysSinceEpoch - (weekday - 2 + 7) % 7
        let offset = day.daysSinceEpoch - firstTuesday
        return (season, max(offset, 0) / 7 + 1)
    }
}
