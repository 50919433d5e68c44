import TimeAndPlace

/// A game by its position in the index: cheap to find, compare and keep; ``Catalog/game(_:)`` makes the full value.
package struct GameReference: Hashable, Sendable {
    package let sport: Sport
    package let index: Int32
}

/// What the matcher needs to rank a game, without building its strings.
package struct GameFacts: Sendable {
    package let reference: GameReference
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
        /// Day (offset by 2^31) in the high 32 bits, sport in bits 28-31, record index below: sorts by day.
        let key: UInt64
        let start: Int64
        let minutes: UInt16
        let dayNight: UInt8

        var day: Int { Int(Int32(bitPattern: UInt32(key >> 32) ^ 0x8000_0000)) }
        var sport: Sport {
            switch key >> 28 & 0xF {
            case 0: .mlb
            case 1: .nba
            default: .nhl
            }
        }
        var recordIndex: Int { Int(key & 0x0FFF_FFFF) }
    }

    /// Per venue, ascending by key.
    private let entries: [[Entry]]

    init(venueCount: Int, tables: [GameTable]) {
        var entries = [[Entry]](repeating: [], count: venueCount)
        for table in tables {
            for (index, record) in table.records.enumerated() {
                entries[Int(record.venue)].append(
                    Entry(
                        key: Self.key(day: record.day, sport: table.sport.ordinal, index: index),
                        start: record.start, minutes: record.minutes,
                        dayNight: record.dayNight))
            }
        }
        self.entries = entries.map { $0.sorted { $0.key < $1.key } }
    }

    private static func key(day: Int32, sport: Int, index: Int) -> UInt64 {
        UInt64(UInt32(bitPattern: day) ^ 0x8000_0000) << 32 | UInt64(sport) << 28 | UInt64(index)
    }

    /// A venue's games on days `first...last`.
    func entries(atVenue venue: Int, from first: Int32, through last: Int32) -> ArraySlice<Entry> {
        let list = entries[venue]
        let low = Self.lowerBound(list, Self.key(day: first, sport: 0, index: 0))
        let high = Self.lowerBound(list, Self.key(day: last + 1, sport: 0, index: 0))
        return list[low..<high]
    }

    private static func lowerBound(_ list: [Entry], _ key: UInt64) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle].key < key { low = middle + 1 } else { high = middle }
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

    /// Games at a venue on days `first...last` (days since 1970), optionally of one sport.
    package func gameFacts(atVenue venue: Int, from first: Int, through last: Int, sport: Sport?) -> [GameFacts] {
        let entries = venueGames.entries(atVenue: venue, from: Int32(first), through: Int32(last))
        var facts: [GameFacts] = []
        facts.reserveCapacity(entries.count)
        for entry in entries where sport == nil || entry.sport == sport {
            facts.append(
                GameFacts(
                    reference: GameReference(sport: entry.sport, index: Int32(entry.recordIndex)),
                    day: entry.day, start: entry.start == GameTable.Record.noStart ? nil : entry.start,
                    dayNight: entry.dayNight, minutes: entry.minutes == 0 ? nil : Int(entry.minutes)))
        }
        return facts
    }

    /// The full game behind a reference.
    package func game(_ reference: GameReference) -> Game {
        let table = tables[reference.sport.ordinal]
        return game(from: table.records[Int(reference.index)], in: table)
    }
}
