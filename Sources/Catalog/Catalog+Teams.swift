import TimeAndPlace

extension Catalog {
    /// The team with a canonical id.
    public func team(id: TeamID) -> Team? { teamIndex[id.rawValue].map { teams[$0] } }

    /// Teams known by an alias (abbreviation, source id, full name) on a day; every team that ever used it without a
    /// day. "WAS" is the Senators in 1960 and the Nationals in 2010.
    public func teams(matching alias: String, on day: LocalDate? = nil, league: LeagueID? = nil) -> [Team] {
        let entries = (teamAliases[NameKey.make(alias)] ?? []).filter { league == nil || teams[$0.team].league == league }
        let valid = day.map { day in entries.filter { $0.alias.isValid(on: day) } } ?? entries
        return Set(valid.map(\.team)).sorted().map { teams[$0] }
    }
}

extension Catalog {
    /// The teams a fan means by what they typed: an id, an abbreviation or alias a source uses ("BOS", "NYY"), else
    /// every team whose name on that day contains the typed words ("Red Sox", "lakers", "new york"). `league` (the
    /// league of the venue, when known) settles "BOS" between the Red Sox and the Bruins.
    public func teams(named text: String, on day: LocalDate?, league: LeagueID? = nil) -> [Team] {
        if let team = team(id: TeamID(rawValue: text)), league == nil || team.league == league { return [team] }
        let aliased = teams(matching: text, on: day, league: league)
        if !aliased.isEmpty { return aliased }
        let words = text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { NameKey.make(String($0)) }
        guard !words.isEmpty else { return [] }
        return teams.filter { team in
            guard league == nil || team.league == league else { return false }
            let name = (day.map(team.name(on:)) ?? team.currentName).split(separator: " ").map { NameKey.make(String($0)) }
            return words.allSatisfy(name.contains)
        }
    }
}
