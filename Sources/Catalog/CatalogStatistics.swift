/// How complete the bundled index is for one league and season: the coverage table of docs/DATA.md.
public struct SeasonCoverage: Hashable, Sendable, Codable {
    /// The keys of `catalog stats --format json`: `sport` for the league, as it has always been written.
    enum CodingKeys: String, CodingKey {
        case league = "sport"
        case season, games, postseasonGames, withCoordinates, withScores, withStartTimes
        case withDayNightOnly, withLength
    }

    /// The league of the row.
    public var league: LeagueID
    /// The season's first year.
    public var season: Int
    /// Games in the index for the season, postseason included.
    public var games: Int
    /// The playoff games among them.
    public var postseasonGames: Int
    /// Games whose venue has a coordinate (so a photo there can be matched by GPS).
    public var withCoordinates: Int
    /// Games with both final scores known.
    public var withScores: Int
    /// Games whose time is exact: a scheduled start.
    public var withStartTimes: Int
    /// Games whose time is coarse: no start, but a day/night flag (their window is the range of such starts).
    public var withDayNightOnly: Int = 0
    /// Games whose length of play is known (it closes their window at the end of play plus the walk out).
    public var withLength: Int = 0
}

extension Catalog {
    /// Coverage per league and season, computed from the bundled data itself, so it cannot drift from it.
    /// Seasons inside a league's range with no games at all (a lockout, a gap in the sources) are listed with zero.
    public func coverage() -> [SeasonCoverage] {
        var rows: [SeasonCoverage] = []
        for (league, table) in zip(leagues, tables) {
            guard let range = seasons(of: league.id) else { continue }
            var bySeason: [Int: SeasonCoverage] = [:]
            for season in range {
                bySeason[season] = SeasonCoverage(
                    league: league.id, season: season, games: 0, postseasonGames: 0,
                    withCoordinates: 0, withScores: 0, withStartTimes: 0)
            }
            for record in table.allRecords {
                let season = Int(record.season)
                bySeason[season]!.games += 1
                if record.postseason { bySeason[season]!.postseasonGames += 1 }
                if venues[Int(record.venue)].coordinate != nil { bySeason[season]!.withCoordinates += 1 }
                if record.homeScore != GameTable.Record.none && record.awayScore != GameTable.Record.none {
                    bySeason[season]!.withScores += 1
                }
                if record.start != GameTable.Record.noStart {
                    bySeason[season]!.withStartTimes += 1
                } else if record.dayNight != 0 {
                    bySeason[season]!.withDayNightOnly += 1
                }
                if record.minutes > 0 { bySeason[season]!.withLength += 1 }
            }
            rows += bySeason.values.sorted { $0.season < $1.season }
        }
        return rows
    }
}

extension Catalog {
    /// Changes whenever the venues' places or the number of games change (a rebuilt or extended catalog), so what was
    /// concluded with one catalog ("no venue near this photo") is not trusted with another.
    public var fingerprint: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a
        func mix(_ text: String) { for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 } }
        for venue in venues {
            mix(venue.id)
            mix(venue.coordinate.map { "\($0.latitude),\($0.longitude)" } ?? "-")
        }
        for table in tables { mix("\(table.league.rawValue):\(table.count)") }
        return String(hash, radix: 16)
    }
}
