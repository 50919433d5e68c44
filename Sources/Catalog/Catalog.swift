import Foundation
import Parallel
import TimeAndPlace

/// Everything StadiumLog knows about venues, teams and past games, loaded from the bundled `Sources/Catalog/Resources/Catalog`.
///
/// ```swift
/// let catalog = try Catalog.bundled()
/// let park = catalog.venues(named: "SBC Park", on: LocalDate("2005-06-15")!).first   // the Giants' park
/// let games = catalog.games(atVenue: park!.id, on: LocalDate("2005-06-15")!)
/// ```
///
/// A catalog is immutable and `Sendable`; every query is a pure function of its arguments.
public struct Catalog: Sendable {
    /// All venues, sorted by id.
    public let venues: [Venue]
    /// All teams, sorted by id.
    public let teams: [Team]
    /// Every league, sorted by id: names, seasons, providers, conferences and divisions by season.
    public let leagues: [League]

    let venueIndex: [String: Int]
    let teamIndex: [String: Int]
    /// League id -> its position in ``leagues`` and in ``tables``.
    let leagueIndex: [LeagueID: Int]
    /// The games of each league, in the order of ``leagues``.
    var tables: [GameTable]
    /// Each team's code (`bos` of `team_mlb_bos`), by team position, for building game ids.
    let teamCodes: [String]
    /// Name key -> the venues that carried that name (or alias), with the dates.
    let venueNames: [String: [(venue: Int, name: DatedName)]]
    /// Alias key -> the teams that used it, with the dates.
    let teamAliases: [String: [(team: Int, alias: TeamAlias)]]
    let grid: VenueGrid
    /// Team id -> its home tenancies, with the venue's position.
    let homeTenancies: [TeamID: [(venue: Int, tenancy: Tenancy)]]
    /// Game id -> where its final score came from, for scores a library's overlay supplied (empty when bundled only).
    var scoreProvenance: [GameID: ScoreProvenance] = [:]
    /// Game id -> where its start time came from, for bundled games whose start an overlay supplied.
    var startProvenance: [GameID: ScoreProvenance] = [:]
    /// Game id -> the later part of a game suspended and finished on another day (`game-resumptions.tsv`).
    let resumptions: [GameID: GameResumption]
    /// Venue position -> the later parts of suspended games finished there: the matcher finds a game at either part.
    let resumptionsAtVenue: [Int: [GameResumption]]
    /// The bundled games' moments, read on first use (``moments(of:)``).
    let momentBook: MomentBook
    /// The bundled games' lineups, read a season at a time on first use (``lineup(of:)``).
    let lineupBook: LineupBook

    /// The catalog bundled with StadiumLog, loaded once per process (it is immutable, and a run that reads it for
    /// matching, for an update and for a library's overlay need not parse it three times).
    public static func bundled() throws(CatalogError) -> Catalog { try loadedBundle.get() }

    private static let loadedBundle = Result { () throws(CatalogError) -> Catalog in
        try Catalog(directory: try bundledDirectory()) { () throws(CatalogError) in try bundledLeagues() }
    }

    /// The folder of the bundled catalog's files (what ``bundled()`` loads; a benchmark loads it afresh from here).
    public static func bundledDirectory() throws(CatalogError) -> URL {
        guard let directory = Bundle.module.url(forResource: "Catalog", withExtension: nil) else {
            throw .missingResource(path: "Catalog")
        }
        return directory
    }

    /// The bundled catalog's leagues alone, read without its games: what a command's help and argument checks need.
    public static func bundledLeagues() throws(CatalogError) -> [League] { try loadedLeagues.get() }

    private static let loadedLeagues = Result { () throws(CatalogError) -> [League] in
        try leagues(in: try bundledDirectory())
    }

    /// The ids of the bundled catalog's leagues, known from its game files without reading the league records: what
    /// the command line offers for `--league` at every start.
    public static func bundledLeagueIDs() throws(CatalogError) -> [LeagueID] { try loadedLeagueIDs.get() }

    private static let loadedLeagueIDs = Result { () throws(CatalogError) -> [LeagueID] in
        try leagueIDs(in: try bundledDirectory())
    }

    /// The ids of the leagues whose games a catalog directory holds (`games-<league>.tsv`, one per league), sorted.
    static func leagueIDs(in directory: URL) throws(CatalogError) -> [LeagueID] {
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory.path) } catch {
            throw .unreadable(path: directory.lastPathComponent, reason: systemReason(opening: directory) ?? error.localizedDescription)
        }
        return names.compactMap { name in
            name.hasPrefix("games-") && name.hasSuffix(".tsv") ? LeagueID(String(name.dropFirst(6).dropLast(4))) : nil
        }
        .sorted()
    }

    /// The league records of a catalog directory, sorted by id.
    static func leagues(in directory: URL) throws(CatalogError) -> [League] {
        let data = try read(directory.appendingPathComponent("leagues.json"))
        do { return try JSONDecoder().decode([League].self, from: data).sorted { $0.id < $1.id } } catch {
            throw .unreadable(path: "leagues.json", reason: String(describing: error))
        }
    }

    /// Loads a catalog directory as written by `Scripts/catalog/build.py`; its files are read at once, one per core.
    public init(directory: URL) throws(CatalogError) {
        try self.init(directory: directory) { () throws(CatalogError) in try Self.leagues(in: directory) }
    }

    /// Loads a catalog directory, its league records read by `readLeagues` beside the other files (the bundled ones
    /// may be read already, for the command line).
    private init(directory: URL, leagues readLeagues: @Sendable () throws(CatalogError) -> [League]) throws(CatalogError) {
        let ids = try Self.leagueIDs(in: directory)
        let parts = try sideBySide(ids.count + 4) { job throws(CatalogError) -> Part in
            switch job {
            case 0: return .leagues(try readLeagues())
            case 1: return .venues(try Self.decode([Venue].self, directory, "venues.json"))
            case 2: return .teams(try Self.decode([Team].self, directory, "teams.json"))
            case 3: return .resumptions(try Self.resumptions(in: directory))
            default:
                let league = ids[job - 4]
                let file = directory.appendingPathComponent("games-\(league.rawValue).tsv")
                return .games(try GameFile(league: league, data: try Self.read(file, mapped: true)))
            }
        }
        var leagues: [League] = []
        var venues: [Venue] = []
        var teams: [Team] = []
        var files: [GameFile] = []
        var resumptions: [GameResumption] = []
        for part in parts {
            switch part {
            case .leagues(let value): leagues = value
            case .venues(let value): venues = value
            case .teams(let value): teams = value
            case .resumptions(let value): resumptions = value
            case .games(let file): files.append(file)
            }
        }
        if let missing = leagues.first(where: { !ids.contains($0.id) }) {
            throw .missingResource(path: "games-\(missing.id.rawValue).tsv")
        }
        if let extra = ids.first(where: { id in !leagues.contains { $0.id == id } }) {
            throw .unreadable(path: "games-\(extra.rawValue).tsv", reason: "leagues.json has no league \(extra.rawValue)")
        }
        self.leagues = leagues
        self.venues = venues
        self.teams = teams
        leagueIndex = Dictionary(uniqueKeysWithValues: leagues.enumerated().map { ($1.id, $0) })
        let venueIndex = Dictionary(uniqueKeysWithValues: venues.enumerated().map { ($1.id, $0) })
        let teamIndex = Dictionary(uniqueKeysWithValues: teams.enumerated().map { ($1.id.rawValue, $0) })
        self.venueIndex = venueIndex
        self.teamIndex = teamIndex
        self.resumptions = Dictionary(resumptions.map { ($0.game, $0) }) { first, _ in first }
        var atVenue: [Int: [GameResumption]] = [:]
        for resumption in resumptions {
            guard let venue = venueIndex[resumption.venueId] else {
                throw .unreadable(
                    path: Self.resumptionsFile, reason: "\(resumption.game) resumes at an unknown venue \(resumption.venueId)")
            }
            atVenue[venue, default: []].append(resumption)
        }
        resumptionsAtVenue = atVenue
        momentBook = MomentBook(directory: directory)
        lineupBook = LineupBook(directory: directory)
        tables = try files.map { file throws(CatalogError) in
            try GameTable(file: file, venueIndex: venueIndex, teamIndex: teamIndex)
        }
        teamCodes = teams.map(\.code)
        var names: [String: [(venue: Int, name: DatedName)]] = [:]
        for (index, venue) in venues.enumerated() {
            for name in venue.names + venue.aliases {
                names[NameKey.make(name.name), default: []].append((index, name))
            }
        }
        venueNames = names
        var aliases: [String: [(team: Int, alias: TeamAlias)]] = [:]
        for (index, team) in teams.enumerated() {
            for alias in team.aliases {
                aliases[NameKey.make(alias.alias), default: []].append((index, alias))
            }
        }
        teamAliases = aliases
        grid = VenueGrid(venues: venues)
        var homes: [TeamID: [(venue: Int, tenancy: Tenancy)]] = [:]
        for (index, venue) in venues.enumerated() {
            for tenancy in venue.tenants where tenancy.isHome {
                if let team = tenancy.teamId { homes[team, default: []].append((index, tenancy)) }
            }
        }
        homeTenancies = homes
    }

    /// One of the files a catalog directory is loaded from.
    private enum Part: Sendable {
        case leagues([League])
        case venues([Venue])
        case teams([Team])
        case resumptions([GameResumption])
        case games(GameFile)
    }

    /// The suspended games' later parts, in a file of their own (a catalog directory written without one has none).
    static let resumptionsFile = "game-resumptions.tsv"

    private static func resumptions(in directory: URL) throws(CatalogError) -> [GameResumption] {
        do {
            return try GameResumption.rows(of: try read(directory.appendingPathComponent(resumptionsFile)), file: resumptionsFile)
        } catch .missingResource {
            return []
        }
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ directory: URL, _ name: String) throws(CatalogError) -> T {
        let data = try read(directory.appendingPathComponent(name))
        do { return try JSONDecoder().decode(type, from: data) } catch {
            throw .unreadable(path: name, reason: String(describing: error))
        }
    }

    /// A file's bytes; `mapped` maps a large file rather than copying it (the game files are parsed a year at a time,
    /// as queries reach them).
    ///
    /// Through a descriptor of its own, so that a failure is said with the system's own reason: out of descriptors is
    /// something the fan can mend, so it says how. (Foundation words it only as "the operation could not be
    /// completed", and asking the system again afterwards could find a descriptor free: the files are read side by
    /// side.)
    private static func read(_ url: URL, mapped: Bool = false) throws(CatalogError) -> Data {
        let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .missingResource(path: url.lastPathComponent) }
            throw .unreadable(path: url.lastPathComponent, reason: reason(code))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .unreadable(path: url.lastPathComponent, reason: reason(errno)) }
        let size = Int(status.st_size)
        guard size > 0 else { return Data() }
        if mapped {
            guard let start = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), start != MAP_FAILED else {
                throw .unreadable(path: url.lastPathComponent, reason: reason(errno))
            }
            return Data(bytesNoCopy: start, count: size, deallocator: .custom { start, size in munmap(start, size) })
        }
        var data = Data(count: size)
        var done = 0
        while done < size {
            let count = data.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, size - done, off_t(done)) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw .unreadable(path: url.lastPathComponent, reason: count < 0 ? reason(errno) : "it ended early") }
            done += count
        }
        return data
    }

    /// Why the system will not open `url` (the bundled folder, when it cannot be listed); nil when it will.
    private static func systemReason(opening url: URL) -> String? {
        let descriptor = open(url.path, O_RDONLY)
        guard descriptor < 0 else {
            close(descriptor)
            return nil
        }
        return reason(errno)
    }

    /// The system's words for `code`, with how to mend being out of descriptors.
    private static func reason(_ code: Int32) -> String {
        let words = String(cString: strerror(code))
        return code == EMFILE || code == ENFILE ? words + "; raise the open-file limit (`ulimit -n 4096`) and run again" : words
    }
}

extension Catalog: CustomStringConvertible {
    /// A one-line summary for logs and debugging: how many venues, teams and games the catalog holds.
    public var description: String {
        "Catalog(\(venues.count) venues, \(teams.count) teams, \(tables.reduce(0) { $0 + $1.count }) games)"
    }
}
