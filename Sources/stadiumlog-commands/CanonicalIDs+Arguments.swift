import ArgumentParser
import Catalog

/// Game ids as the command line takes them (`--game game_mlb_2015_bos_nyy_0615`); the catalog says whether it knows
/// one, with a sentence naming the command that lists a day's games.
extension GameID: ExpressibleByArgument {
    /// Any text: an id the catalog does not have is refused by the use case, not the parser.
    public init?(argument: String) { self.init(rawValue: argument) }
}
