import TimeAndPlace

extension Catalog {
    /// The venue with a canonical id.
    public func venue(id: String) -> Venue? { venueIndex[id].map { venues[$0] } }

    /// Venues that carried a name (or alias) on a day — case, accents and punctuation ignored.
    ///
    /// "Staples Center" and "Crypto.com Arena" both find the Lakers' arena on any day, but when a name belonged to
    /// different buildings ("Yankee Stadium", "Busch Stadium") only the one that carried it that day is returned.
    /// Without a day, every building that ever carried the name is returned.
    public func venues(named text: String, on day: LocalDate? = nil) -> [Venue] {
        let entries = venueNames[NameKey.make(text)] ?? []
        var indexes = Set(entries.map(\.venue))
        if let day, indexes.count > 1 {
            let current = Set(entries.filter { $0.name.isValid(on: day) && venues[$0.venue].isOpen(on: day) }.map(\.venue))
            let open = Set(indexes.filter { venues[$0].isOpen(on: day) })
            indexes = !current.isEmpty ? current : (!open.isEmpty ? open : indexes)
        }
        return indexes.sorted().map { venues[$0] }
    }

    /// The building a team played its home games in on a day; nil when the catalog has none or more than one.
    public func homeVenue(of teamId: TeamID, on day: LocalDate) -> Venue? {
        // Through the team's home tenancies (achievements ask this for every visit of every import).
        var home: Int?
        for (venue, tenancy) in homeTenancies[teamId] ?? [] where tenancy.isValid(on: day) && home != venue {
            guard home == nil else { return nil }
            home = venue
        }
        return home.map { venues[$0] }
    }

    /// Venues whose name contains the text, for search boxes and `stadiumlog venues TEXT`.
    public func venues(matching text: String) -> [Venue] {
        let key = NameKey.make(text)
        guard !key.isEmpty else { return venues }
        let hits = Set(venueNames.filter { $0.key.contains(key) }.flatMap { $0.value.map(\.venue) })
        return hits.sorted().map { venues[$0] }
    }

    /// Which of a venue's names or nicknames a search matched ("The Jake" for Progressive Field), exact first.
    public func name(of venue: Venue, matching text: String) -> String? {
        let key = NameKey.make(text)
        let all = venue.names.map(\.name) + venue.aliases.map(\.name)
        return all.first { NameKey.make($0) == key } ?? all.first { NameKey.make($0).contains(key) }
    }

    /// Venues open on a day, optionally only those where a league was played (or was home) around then.
    public func venues(activeOn day: LocalDate, league: LeagueID? = nil) -> [Venue] {
        venues.filter { venue in
            venue.isOpen(on: day) && (league.map { venue.leagues.contains($0) } ?? true)
        }
    }

    /// Venues within `radius` metres of a point, nearest first, with their distances.
    public func venues(near point: GeoCoordinate, within radius: Double) -> [(venue: Venue, distance: Double)] {
        grid.venues(near: point, within: radius).map { (venues[$0.index], $0.distance) }
    }
}
