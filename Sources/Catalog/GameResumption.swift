import Foundation
import TimeAndPlace

/// The later part of a suspended game: the day, the building and, when a source gives it, the clock at which it was
/// finished. A suspended game is one game in two parts, and its id keeps the day it began —
/// `game_mlb_2019_det_athletics_0519` was suspended in Detroit and finished in Oakland on 2019-09-06 — so a fan at
/// either part finds it.
public struct GameResumption: Hashable, Sendable {
    /// The game, by the id of the day it began.
    public let game: GameID
    /// The local date at the venue where it was finished.
    public let localDate: LocalDate
    /// Where it was finished (another park than where it began, for six of the 54 of 2000–2024).
    public let venueId: String
    /// When play resumed, when a source gives it.
    public let startUTC: Date?
}

extension GameResumption {
    /// The rows of `game-resumptions.tsv` (docs/DATA.md): a header, then `gameId date venue startUTC source`, tab
    /// separated. A row that cannot be read is named by its line: the build writes none such.
    static func rows(of data: Data, file: String) throws(CatalogError) -> [GameResumption] {
        var resumptions: [GameResumption] = []
        for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated().dropFirst() {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count >= 4, let date = LocalDate(fields[1]), fields[3].isEmpty || Int64(fields[3]) != nil else {
                throw .unreadable(path: file, reason: "line \(number + 1) is not gameId, date, venue, startUTC, source")
            }
            resumptions.append(
                GameResumption(
                    game: GameID(rawValue: fields[0]), localDate: date, venueId: fields[2],
                    startUTC: Int64(fields[3]).map { Date(timeIntervalSince1970: Double($0)) }))
        }
        return resumptions
    }
}

extension Catalog {
    /// The later part of a game suspended and finished on another day, if it was.
    public func resumption(of game: GameID) -> GameResumption? { resumptions[game] }
}
