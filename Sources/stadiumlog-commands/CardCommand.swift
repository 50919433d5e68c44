import ArgumentParser
import Catalog
import Foundation
import ShareCard
import TimeAndPlace
import UseCases
import VisitStore

extension CardDrawing.Size: ExpressibleByArgument {}

/// `stadiumlog card OUT.png`: the progress card to share — a league's (or every league's) venues, games and map, or
/// a season in review.
struct CardCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "card",
        abstract: "Make a PNG to share: your progress card, or a season in review.",
        discussion: """
            A phone story (1080×1920) or a square (1080×1080) with the league's name and colour, the ring of its \
            venues, your games, venues, leagues and seasons and a map. With --season, that season's games, new venues, \
            longest trip, busiest month, moments, first and last game. It shows venue names, dates and counts — never \
            where you live, a photo's position or a time of day; a photo you add is redrawn without its metadata.
            """
    )

    @OptionGroup var library: LibraryOptions

    @Argument(help: "The PNG file to write.", completion: .file(extensions: ["png"])) var path: String
    @Option(name: [.customLong("league"), .customLong("sport")], help: "One league, or all (the default).")
    var league: String = "all"
    @Option(help: "A season in review (its first year: 2019, or 2019 for 2019-20).") var season: Int?
    @Option(help: "Your name on the card (at most 60 characters).") var name: String?
    @Flag(help: "Leave the map off.") var noMap = false
    @Option(help: "story (1080×1920) or square (1080×1080).") var size: CardDrawing.Size = .story
    @Option(help: "A photo of the library to show, by its hash (`visits show ID` lists them).") var photo: String?
    @Option(help: .hidden, transform: parseLocalDate) var today: LocalDate?

    func validate() throws {
        guard path.lowercased().hasSuffix(".png") else {
            throw ValidationError("the card is a PNG: give a file name ending in .png, not \(path)")
        }
    }

    func run() throws {
        let library = try library.openForReading()
        let catalog = try library.catalog()
        let chosen: LeagueID? = league.lowercased() == "all" ? nil : LeagueID(argument: league)
        guard league.lowercased() == "all" || chosen != nil else {
            throw ValidationError(
                "there is no league \(league): --league takes all or one of \(LeagueID.allValueStrings.joined(separator: ", "))")
        }
        let request = CardRequest(league: chosen, season: season, name: name, map: !noMap, size: size, photo: photo)
        let png = try ShareCards(library: library, catalog: catalog).png(request, today: today ?? ProgressCommand.localToday)
        try PrivateFile.write(png, to: URL(fileURLWithPath: path))
        print("Card written to \(path) (\(size.width)×\(size.height)).")
    }
}
