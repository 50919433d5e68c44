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

// Fast paths for the matcher (same package): venues and games by position, no string work until the end.
extension Catalog {
    package func venueIndex(of id: String) -> Int? { venueIndex[id] }

    /// Venues within `radius` metres, nearest first, by position.
    package func venueIndexes(near point: GeoCoordinate, within radius: Double) -> [(index: Int, distance: Double)] {
        grid.venues(near: point, within: radius)
    }

    /// Games at a venue on days `first...last` (days since 1970), optionally of one league, by day, then league and
    /// position: the few days' games of each league that plays there (a year of each is parsed on first use).
    package func gameFacts(atVenue venue: Int, from first: Int, through last: Int, league: LeagueID?) -> [GameFacts] {
        var facts: [GameFacts] = []
        var leaguesFound = 0
        var resumed = false
        for position in tables.indices {
            let played = tables[position].league
            guard league == nil || played == league else { continue }
            let before = facts.count
            tables[position].forEachGame(atVenue: venue, from: Int32(first), through: Int32(last)) { index, record in
                facts.append(
                    GameFacts(
                        reference: GameReference(league: position, index: Int32(index)), league: played,
                        day: Int(record.day), start: record.start == GameTable.Record.noStart ? nil : record.start,
                        dayNight: record.dayNight, minutes: record.minutes == 0 ? nil : Int(record.minutes)))
            }
            if facts.count > before { leaguesFound += 1 }
        }
        // The later parts of suspended games finished here those days: a fan at the finish saw the game too.
        for resumption in resumptionsAtVenue[venue] ?? [] {
            let day = Int(resumption.localDate.daysSinceEpoch)
            guard (first...last).contains(day), league == nil || resumption.game.parts?.league == league,
                let reference = reference(of: resumption.game)
            else { continue }
            facts.append(
                GameFacts(
                    reference: reference, league: tables[reference.league].league, day: day,
                    start: resumption.startUTC.map { Int64($0.timeIntervalSince1970) }, dayNight: 0, minutes: nil))
            resumed = true
        }
        // Each league's games come by day; only a venue several leagues played at that week (or a game resumed there)
        // needs them merged.
        return leaguesFound < 2 && !resumed ? facts : facts.sorted { ($0.day, $0.reference) < ($1.day, $1.reference) }
    }

    /// The position of the game with a canonical id, found in the days its id can name.
    package func reference(of id: GameID) -> GameReference? {
        guard let parts = id.parts, let position = leagueIndex[parts.league], let home = teamIndex[parts.home.rawValue],
            teamIndex[parts.away.rawValue] != nil
        else { return nil }
        let table = tables[position]
        // The date's year is the season's, or the next one for seasons that cross New Year.
        for day in parts.candidateDates {
            let number = Int32(day.daysSinceEpoch)
            for (index, record) in table.records(from: number, through: number) where record.home == home {
                if game(from: record, in: table).id == id { return GameReference(league: position, index: Int32(index)) }
            }
        }
        return nil
    }

    /// The full game behind a reference.
    package func game(_ reference: GameReference) -> Game {
        let table = tables[reference.league]
        return game(from: table[Int(reference.index)], in: table)
    }
}
