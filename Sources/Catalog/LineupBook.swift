import Foundation

/// The bundled lineups (`lineups/LEAGUE-SEASON.tsv`, format in `Scripts/catalog/lineups.py`), read a season at a
/// time the first time one of its games is asked for, with the league's honours (`honours-LEAGUE.tsv`): a fan's
/// history touches a few seasons, and a one-photo `match` none.
final class LineupBook: @unchecked Sendable {  // `lock` guards `seasons` and `honours`
    private let directory: URL
    private let lock = NSLock()
    private var seasons: [String: LineupSeason?] = [:]
    private var honours: [String: [String: [GameLineup.Honour]]] = [:]

    init(directory: URL) { self.directory = directory }

    func lineup(of game: GameID) -> GameLineup? {
        // game_{league}_{season}_{rest}
        let parts = game.rawValue.split(separator: "_", maxSplits: 3)
        guard parts.count == 4, parts[0] == "game", Int(parts[2]) != nil else { return nil }
        let league = String(parts[1])
        let name = "\(league)-\(parts[2])"
        return lock.withLock {
            if seasons[name] == nil {
                let url = directory.appendingPathComponent("lineups").appendingPathComponent(name + ".tsv")
                seasons[name] = .some(LineupSeason(url, honours: honours(of: league)))
            }
            return seasons[name]??.lineup(of: String(parts[3]))
        }
    }

    /// Retrosheet id → honours, from `honours-LEAGUE.tsv` (none for a league without the file).
    private func honours(of league: String) -> [String: [GameLineup.Honour]] {
        if let known = honours[league] { return known }
        var found: [String: [GameLineup.Honour]] = [:]
        let url = directory.appendingPathComponent("honours-\(league).tsv")
        if let data = try? Data(contentsOf: url) {
            for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated()
            where !line.hasPrefix("#") {
                let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
                guard fields.count == 4, let kind = GameLineup.Honour.Kind(rawValue: String(fields[1])),
                    let year = Int(fields[2])
                else { damaged(url, line: number + 1) }
                found[String(fields[0]), default: []].append(.init(kind: kind, year: year, what: String(fields[3])))
            }
        }
        for key in found.keys { found[key]?.sort { ($0.year, $0.kind.rawValue) < ($1.year, $1.kind.rawValue) } }
        honours[league] = found
        return found
    }
}

/// One season's file: its people and roles parsed, its games kept as lines until one is asked for, then kept parsed
/// (a page that lists everyone a fan saw reads each of their games on every visit to it). Guarded by the book's lock.
private final class LineupSeason {
    let url: URL
    let people: [GameLineup.Person]
    let roles: GameLineup.Roles
    let positions: [Character: String]
    let source: String
    let rows: [Substring: Substring]
    var parsed: [Substring: GameLineup] = [:]

    /// Nil when the season has no file (a season the sources name nobody in).
    init?(_ url: URL, honours: [String: [GameLineup.Honour]]) {
        guard let data = try? Data(contentsOf: url) else { return nil }
        self.url = url
        let text = String(decoding: data, as: UTF8.self)
        var people: [GameLineup.Person] = []
        var words: [Substring: String] = [:]
        var positions: [Character: String] = [:]
        var source = ""
        var rows: [Substring: Substring] = [:]
        // Split on bytes: a season is a few hundred kilobytes, and most of its lines are only indexed by their key.
        for (number, bytes) in text.utf8.split(separator: UInt8(ascii: "\n")).enumerated() {
            let line = Substring(bytes)
            if line.hasPrefix("#") { continue }
            guard line.hasPrefix("@") else {
                guard let tab = line.utf8.firstIndex(of: UInt8(ascii: "\t")) else { damaged(url, line: number + 1) }
                rows[line[..<tab]] = line
                continue
            }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            switch fields[0] {
            case "@person" where fields.count == 3:
                let id = String(fields[1])
                people.append(.init(id: id, name: String(fields[2]), honours: honours[id] ?? []))
            case "@roles", "@positions":
                for pair in fields.dropFirst() {
                    let (key, value) = (pair.prefix { $0 != "=" }, String(pair.drop { $0 != "=" }.dropFirst()))
                    if fields[0] == "@roles" { words[key] = value } else if let code = key.first { positions[code] = value }
                }
            case "@source" where fields.count == 2: source = String(fields[1])
            default: damaged(url, line: number + 1)
            }
        }
        guard let starter = words["starter"], let manager = words["manager"] else { damaged(url, line: 2) }
        self.people = people
        self.roles = GameLineup.Roles(starter: starter, manager: manager, win: words["win"], loss: words["loss"], save: words["save"])
        self.positions = positions
        self.source = source
        self.rows = rows
    }

    func lineup(of key: String) -> GameLineup? {
        if let known = parsed[Substring(key)] { return known }
        guard let line = rows[Substring(key)] else { return nil }
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 12 else { damaged(url, key: key) }
        func person(_ field: Substring) -> GameLineup.Person? {
            guard !field.isEmpty else { return nil }
            guard let index = Int(field), people.indices.contains(index) else { damaged(url, key: key) }
            return people[index]
        }
        func lineup(_ numbers: Substring, _ codes: Substring) -> [GameLineup.Batter] {
            let batters = numbers.split(separator: " ")
            guard batters.count == codes.count else { damaged(url, key: key) }
            return zip(batters, codes).map { number, code in
                guard let player = person(number), let position = positions[code] else { damaged(url, key: key) }
                return .init(person: player, position: position)
            }
        }
        let found = GameLineup(
            away: .init(starter: person(fields[1]), manager: person(fields[3]), lineup: lineup(fields[8], fields[9])),
            home: .init(starter: person(fields[2]), manager: person(fields[4]), lineup: lineup(fields[10], fields[11])),
            winner: person(fields[5]), loser: person(fields[6]), save: person(fields[7]), roles: roles, source: source)
        parsed[Substring(key)] = found
        return found
    }
}

/// A damaged lineup file stops the program with its place, as a damaged game file does, rather than naming the
/// wrong people.
private func damaged(_ url: URL, line: Int? = nil, key: String? = nil) -> Never {
    let place = line.map { "line \($0)" } ?? "game \(key ?? "?")"
    fatalError("StadiumLog's catalog is damaged (\(url.lastPathComponent) \(place)); reinstall StadiumLog")
}
