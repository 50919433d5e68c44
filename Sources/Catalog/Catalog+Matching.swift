import TimeAndPlace

/// A game by its position in the index: cheap to find, compare and keep; ``Catalog/game(_:)`` makes the full value.
package struct GameReference: Hashable, Sendable, Comparable {
    /// The league's position in ``Catalog/leagues``.
    package let league: Int
    /// The game's position in its league's table.
    package let index: Int32

    package static func < (a: GameReference, b: GameReference) -> Bool { (a.league, a.index) < (b.league, b.index) }
}

/// What the matcher needs to rank a game, without building its strings.
package struct GameFacts: Sendable {
    package let reference: GameReference
    /// The game's league.
    package let league: LeagueID
    /// Days since 1970 of the game's local date.
    package let day: Int
    /// Scheduled start, seconds since 1970 (UTC), when known.
    package let start: Int64?
    /// `D` or `N` (as ASCII) when only a day/night flag is known, else 0.
    package let dayNight: UInt8
    /// Length of the game in minutes, when known.
    package let minutes: Int?
}

/// Every game of every league at each venue, by date: "the games at this venue around this day" is a binary search
/// over a few hundred contiguous entries, and everything the matcher ranks by (day, start) is in them, so matching
/// a photo does not touch the game records scattered across the index.
struct VenueGameIndex: Sendable {
    struct Entry: Sendable {
        /// Days since 1970 of the game's local date.
        let day: Int32
        /// The game's position among every league's games, tables in the order of ``Catalog/leagues``.
        let position: UInt32
        let start: Int64
        let minutes: UInt16
        /// The league's position in ``Catalog/leagues``.
        let league: UInt16
        let dayNight: UInt8
    }

    /// Per venue, ascending by day, then league and game.
    private let entries: [[Entry]]
    /// Each table's first position.
    private let firstPositions: [UInt32]

    /// Each table is sorted by day, so a venue's list is already in order unless several leagues play there; only
    /// those lists (a few shared arenas) are sorted.
    init(venueCount: Int, tables: [GameTable]) {
        var counts = [Int](repeating: 0, count: venueCount)
        for table in tables { for record in table.records { counts[Int(record.venue)] += 1 } }
        var entries = counts.map { count in
            var list: [Entry] = []
            list.reserveCapacity(count)
            return list
        }
        var firstPositions: [UInt32] = []
        var position: UInt32 = 0
        var lastLeague = [Int](repeating: -1, count: venueCount)
        var shared = [Bool](repeating: false, count: venueCount)
        for (league, table) in tables.enumerated() {
            firstPositions.append(position)
            for record in table.records {
                let venue = Int(record.venue)
                entries[venue].append(
                    Entry(
                        day: record.day, position: position, start: record.start, minutes: record.minutes,
                        league: UInt16(league), dayNight: record.dayNight))
                if lastLeague[venue] != league {
                    if lastLeague[venue] >= 0 { shared[venue] = true }
                    lastLeague[venue] = league
                }
                position += 1
            }
        }
        for venue in entries.indices where shared[venue] {
            entries[venue].sort { ($0.day, $0.position) < ($1.day, $1.position) }
        }
        self.entries = entries
        self.firstPositions = firstPositions
    }

    /// An entry's position in its league's table.
    func index(of entry: Entry) -> Int32 { Int32(entry.position - firstPositions[Int(entry.league)]) }

    /// A venue's games on days `first...last`.
    func entries(atVenue venue: Int, from first: Int32, through last: Int32) -> ArraySlice<Entry> {
        let list = entries[venue]
        return list[Self.firstIndex(list, onOrAfter: first)..<Self.firstIndex(list, onOrAfter: last + 1)]
    }

    private static func firstIndex(_ list: [Entry], onOrAfter day: Int32) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].day < day { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

// Fast paths for the matcher (same package): venues and games by position, no string work until the end.
extension Catalog {
    package func venueIndex(of id: String) -> Int? { venueIndex[id] }

    /// Venues within `radius` metres, nearest first, by position.
    package func venueIndexes(near point: GeoCoordinate, within radius: Double) -> [(index: Int, distance: Double)] {
        grid.venues(near: point, within: radius)
    }

    /// Games at a venue on days `first...last` (days since 1970), optionally of one league.
    package func gameFacts(atVenue venue: Int, from first: Int, through last: Int, league: LeagueID?) -> [GameFacts] {
        let entries = venueGames.entries(atVenue: venue, from: Int32(first), through: Int32(last))
        let only = league.map { leagueIndex[$0].map(UInt16.init) ?? .max }
        var facts: [GameFacts] = []
        facts.reserveCapacity(entries.count)
        for entry in entries where only == nil || entry.league == only {
            facts.append(
                GameFacts(
                    reference: GameReference(league: Int(entry.league), index: venueGames.index(of: entry)),
                    league: leagues[Int(entry.league)].id,
                    day: Int(entry.day), start: entry.start == GameTable.Record.noStart ? nil : entry.start,
                    dayNight: entry.dayNight, minutes: entry.minutes == 0 ? nil : Int(entry.minutes)))
        }
        return facts
    }

    /// The full game behind a reference.
    package func game(_ reference: GameReference) -> Game {
        let table = tables[reference.league]
        return game(from: table.records[Int(reference.index)], in: table)
    }
}
