import TimeAndPlace

/// What a fan means by a place or a team as typed — one lookup for every command and page that takes a name.
extension Catalog {
    /// The venues a fan means, on a day when given: its id; a name it had, former ones too ("Jacobs Field"); else a
    /// part of one ("Fenway"); else a city ("Boston": Fenway Park, TD Garden, Gillette Stadium); else a team's name
    /// ("Red Sox": its home that day, or every home it had). Buildings not open that day are left out.
    public func venues(meant text: String, on day: LocalDate? = nil) -> [Venue] {
        if let venue = venue(id: text) { return [venue] }
        let named = venues(named: text, on: day)
        if !named.isEmpty { return named }
        let open = { (venue: Venue) in day.map(venue.isOpen(on:)) ?? true }
        let key = NameKey.make(text)
        let partly = venues(matching: text).filter(open)
        if !partly.isEmpty, key.count >= 3 { return partly }
        let city = venues(around: text).filter(open)
        if !city.isEmpty { return city }
        var homes: [Venue] = []
        for team in teams(named: text, on: day) {
            let theirs =
                day.flatMap { homeVenue(of: team.id, on: $0) }.map { [$0] }
                ?? venues.filter { $0.tenants.contains { $0.teamId == team.id && $0.isHome } }
            homes += theirs.filter { venue in !homes.contains { $0.id == venue.id } }
        }
        return homes
    }

    /// How far around a city's own venues a fan still calls the place by its name: Foxborough's Gillette Stadium,
    /// 32 km from Fenway Park, is where Boston's football team plays; Worcester, 60 km out, is not Boston.
    public static let cityRadius = 40_000.0

    /// The venues of a city as a fan means it: those in it and those within ``cityRadius`` of one of them ("Boston":
    /// Fenway Park, TD Garden, Gillette Stadium and the buildings they replaced), by name. None when no venue's city
    /// is called `text`.
    public func venues(around city: String) -> [Venue] {
        let key = NameKey.make(city)
        guard !key.isEmpty else { return [] }
        let inside = venues.filter { NameKey.make($0.city ?? "") == key }
        var around = Set(inside.map(\.id))
        for venue in inside {
            guard let point = venue.coordinate else { continue }
            around.formUnion(self.venues(near: point, within: Self.cityRadius).map(\.venue.id))
        }
        return venues.filter { around.contains($0.id) }.sorted { $0.currentName < $1.currentName }
    }

    /// Names of teams (and venues, when asked) a mistyped name is one or two letters from ("Yankes": "New York
    /// Yankees"), nearest first, for a "did you mean".
    public func names(near text: String, includingVenues: Bool = true, limit: Int = 3) -> [String] {
        let typed = NameKey.make(text)
        guard typed.count >= 4 else { return [] }
        var scored: [(distance: Int, name: String)] = []
        func consider(_ full: String) {
            // A typed word is held against each word of the name and the whole name: "Yankes" is near "Yankees".
            let words = full.split(separator: " ").map { NameKey.make(String($0)) } + [NameKey.make(full)]
            let distance = words.map { Spelling.edits($0, typed) }.min() ?? .max
            if distance <= (typed.count >= 8 ? 2 : 1), !scored.contains(where: { $0.name == full }) {
                scored.append((distance, full))
            }
        }
        for team in teams { consider(team.currentName) }
        if includingVenues {
            for name in venues.flatMap(\.names) { consider(name.name) }
        }
        return scored.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(limit).map(\.name)
    }
}
