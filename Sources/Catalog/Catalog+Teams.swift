import TimeAndPlace

extension Catalog {
    /// The team with a canonical id.
    public func team(id: String) -> Team? { teamIndex[id].map { teams[$0] } }

    /// Teams known by an alias (abbreviation, source id, full name) on a day; every team that ever used it without a
    /// day. "WAS" is the Senators in 1960 and the Nationals in 2010.
    public func teams(matching alias: String, on day: LocalDate? = nil, sport: Sport? = nil) -> [Team] {
        let entries = (teamAliases[NameKey.make(alias)] ?? []).filter { sport == nil || teams[$0.team].sport == sport }
        let valid = day.map { day in entries.filter { $0.alias.isValid(on: day) } } ?? entries
        return Set(valid.map(\.team)).sorted().map { teams[$0] }
    }
}
