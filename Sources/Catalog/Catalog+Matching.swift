import TimeAndPlace

/// A game by its position in the index: cheap to find, compare and keep; ``Catalog/game(_:)`` makes the full value.
package struct GameReference: Hashable, Sendable {
    package let sport: Sport
    package let index: Int32
}

/// What the matcher needs to rank a game, without building its strings.
package struct GameFacts: Sendable {
    package let reference: GameReference
    package let venue: Int
    package let day: LocalDate
    /// Scheduled start, seconds since 1970 (UTC), when known.
    package let start: Int64?
    package let gameNumber: Int
}

// Fast paths for the matcher (same package): venues and games by position, no string work until the end.
extension Catalog {
    package func venueIndex(of id: String) -> Int? { venueIndex[id] }

    /// Venues within `radius` metres, nearest first, by position.
    package func venueIndexes(near point: GeoCoordinate, within radius: Double) -> [(index: Int, distance: Double)] {
        grid.venues(near: point, within: radius, in: venues)
    }

    /// Games at a venue on days `first...last`, optionally of one sport.
    package func gameFacts(atVenue venue: Int, from first: LocalDate, through last: LocalDate, sport: Sport?) -> [GameFacts] {
        var found: [GameFacts] = []
        for (tableSport, table) in gameTables where sport == nil || sport == tableSport {
            let slice = table.records(from: first, through: last)
            for index in slice.indices where slice[index].venue == venue {
                let record = slice[index]
                found.append(GameFacts(
                    reference: GameReference(sport: tableSport, index: Int32(index)), venue: venue,
                    day: LocalDate(daysSinceEpoch: Int(record.day)),
                    start: record.start == GameTable.Record.noStart ? nil : record.start,
                    gameNumber: Int(record.gameNumber)))
            }
        }
        return found
    }

    /// The full game behind a reference.
    package func game(_ reference: GameReference) -> Game {
        let table = gameTables[reference.sport]!
        return game(from: table.records[Int(reference.index)], in: table)
    }
}
