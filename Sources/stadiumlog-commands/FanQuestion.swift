import CommandLineBasics
import Foundation
import PhotoMetadata
import UseCases

/// The questions a command asks the fan at a terminal before it does something they may not mean; a script, which
/// cannot answer, is refused with the flag that says yes.
enum FanQuestion {
    /// Asks `question` with "[y/N]"; true only for a typed "y".
    static func yes(_ question: String) -> Bool {
        print(question + " [y/N] ", terminator: "")
        return readLine()?.trimmingCharacters(in: .whitespaces).lowercased() == "y"
    }

    /// Whether a score typed by hand may replace a visit's official final (the index's or a provider's): yes with
    /// `--force` or when it has none; else the fan is asked on a terminal, and a script is refused with the flag to use.
    static func mayReplaceOfficialScore(ofVisit visit: String, force: Bool, corrections: Corrections) throws -> Bool {
        guard !force, let official = try corrections.editor.officialScore(ofVisit: visit) else { return true }
        guard isatty(STDIN_FILENO) == 1 else { throw CorrectionError.officialScore(visit: visit, score: official) }
        return yes("Visit \(visit) has an official final score (\(official)). Replace it with yours?")
    }

    /// Runs `file` as the fan said, for a game chosen by id that is far from where or when a photo was taken: at
    /// once with `force`; else once without, and — when the game is far and a person is at the terminal — again after
    /// a yes. Nil when they said no.
    static func filingEvenIfFar<T>(force: Bool, _ file: (_ evenIfFar: Bool) throws -> T) throws -> T? {
        do {
            return try file(force)
        } catch CorrectionError.farFromPhoto(let photo, let game, let far) where isatty(STDIN_FILENO) == 1 {
            guard yes(ShownText.safe("\(photo) was taken \(far) (\(game)). File it there anyway?")) else { return nil }
            return try file(true)
        }
    }
}
