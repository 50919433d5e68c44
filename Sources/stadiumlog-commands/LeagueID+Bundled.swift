import ArgumentParser
import Catalog

/// The bundled catalog's league records, for what commands print and accept: leagues are data, so names, season
/// labels and the values `--league` takes come from `leagues.json`, never from a list in the code.
extension LeagueID: ExpressibleByArgument {
    /// A league the bundled catalog knows, written in any case (`nfl`, `NFL`).
    public init?(argument: String) {
        guard let id = LeagueID(argument.lowercased()), Self.record(id) != nil else { return nil }
        self = id
    }

    /// The bundled leagues' ids, which the help lists and shells complete: asked at every start, so read from the
    /// game files' names rather than the league records.
    public static var allValueStrings: [String] { all.map(\.rawValue) }

    /// Every league of the bundled catalog, by id.
    static var all: [LeagueID] { (try? Catalog.bundledLeagueIDs()) ?? [] }

    /// The league's short name (`NFL`).
    var displayName: String { Self.record(self)?.displayName ?? rawValue.uppercased() }

    /// A season of the league as fans write it (`2015`, `2015-16`).
    func label(_ season: Int) -> String { Self.record(self)?.seasonLabel(season) ?? "\(season)" }

    private static var bundled: [League] { (try? Catalog.bundledLeagues()) ?? [] }

    private static func record(_ id: LeagueID) -> League? { bundled.first { $0.id == id } }
}
