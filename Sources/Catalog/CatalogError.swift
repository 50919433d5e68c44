import Foundation

/// Why the catalog could not be loaded. The bundled catalog is part of the program, so these mean a broken install
/// or a hand-edited resource; each message says which file is at fault.
public enum CatalogError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingResource(path: String)
    case unreadable(path: String, reason: String)
    case malformedGames(league: LeagueID, line: Int, reason: String)
    /// The library's catalog overlay (``CatalogOverlay``) cannot be read (its permissions); the reason says what to do.
    case unreadableOverlay(path: String, reason: String)
    /// The overlay is not one, or is damaged: the next update of the catalog writes it anew.
    case damagedOverlay(path: String, reason: String)
    /// The overlay was written by a later StadiumLog: it is neither read nor replaced.
    case newerOverlay(path: String, format: Int)

    /// The message for the user: which file is at fault and, where there is one, the fix.
    public var description: String {
        switch self {
        case .missingResource(let path):
            "the catalog file \(path) is missing; reinstall StadiumLog or rebuild it with Scripts/catalog/build.py"
        case .unreadable(let path, let reason): "the catalog file \(path) cannot be read: \(reason)"
        case .malformedGames(let league, let line, let reason): "games-\(league.rawValue).tsv line \(line): \(reason)"
        case .unreadableOverlay(let path, let reason): "the catalog overlay \(path) cannot be used: \(reason)"
        case .damagedOverlay(let path, let reason):
            "the catalog overlay \(path) cannot be used: \(reason); updating the catalog writes it again"
        case .newerOverlay(let path, let format):
            "the catalog overlay \(path) was written by a newer StadiumLog (format \(format)); update StadiumLog"
        }
    }
}
