import Foundation

/// Something a game's record proves happened in it — a no-hitter, a walk-off, overtime, a series won — worked out when
/// the catalog is built (`Scripts/catalog/moments.py`, docs/DATA.md "Moments"), never guessed at run time: a season
/// whose sources lack what a kind needs has no moment of that kind, rather than a wrong one.
public struct GameMoment: Hashable, Sendable, Codable {
    /// The kinds, named as the JSON names them (issue #43). A game has every kind that applies: a perfect game is also
    /// a no-hitter, a shootout also went to overtime.
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case noHitter, perfectGame, walkOff, extraInnings, overtime, shootout, shutout, postseason, clincher, superBowl
    }

    /// What kind of moment it is.
    public let kind: Kind
    /// Innings played (`extraInnings`), overtime periods (`overtime`; nil where the source says only that there was
    /// overtime), 2 for a game neither side scored in (`shutout`); nil otherwise.
    public let count: Int?
    /// The pitchers of a no-hitter or perfect game, in the order they pitched (empty where the source names none).
    public let people: [String]

    /// A moment as the catalog file states it.
    public init(kind: Kind, count: Int? = nil, people: [String] = []) {
        self.kind = kind
        self.count = count
        self.people = people
    }
}

/// The moments of every bundled game, read from `game-moments.tsv` the first time any is asked for: most commands
/// never ask, and a one-photo `match` must not pay for reading 73,000 lines.
final class MomentBook: @unchecked Sendable {  // `lock` guards `moments`
    static let file = "game-moments.tsv"
    private let url: URL
    private let lock = NSLock()
    private var moments: [GameID: [GameMoment]]?

    init(directory: URL) { url = directory.appendingPathComponent(Self.file) }

    /// The game's moments in the file's order (the kinds' order above), none for a game without any.
    func moments(of game: GameID) -> [GameMoment] {
        lock.withLock {
            if moments == nil { moments = Self.read(url) }
            return moments?[game] ?? []
        }
    }

    /// The file's rows by game: a header, then `game_id kind count people` tab separated (`-` for no count, people
    /// joined by `;`). A catalog directory without the file has no moments; a damaged file stops the program with
    /// its line, as a damaged game file does, rather than showing a moment it cannot read.
    private static func read(_ url: URL) -> [GameID: [GameMoment]] {
        guard let data = try? Data(contentsOf: url) else { return [:] }
        var moments: [GameID: [GameMoment]] = [:]
        for (number, line) in String(decoding: data, as: UTF8.self).split(separator: "\n").enumerated() where !line.hasPrefix("#") {
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count >= 3, let kind = GameMoment.Kind(rawValue: String(fields[1])), fields[2] == "-" || Int(fields[2]) != nil
            else {
                fatalError("StadiumLog's catalog is damaged (\(file) line \(number + 1)); reinstall StadiumLog")
            }
            let people = fields.count > 3 && !fields[3].isEmpty ? fields[3].split(separator: ";").map(String.init) : []
            moments[GameID(rawValue: String(fields[0])), default: []].append(
                GameMoment(kind: kind, count: Int(fields[2]), people: people))
        }
        return moments
    }
}

extension Catalog {
    /// What the record of a bundled game proves happened in it (``GameMoment``); none for a game the catalog has no
    /// moment for, or one a library's overlay added.
    public func moments(of game: GameID) -> [GameMoment] { momentBook.moments(of: game) }
}
