import ArgumentParser
import Catalog
import CommandLineBasics
import Foundation
import PhotoMetadata
import TimeAndPlace
import UseCases

/// `stadiumlog attach`: file photos the import could not match, by hand.
struct AttachCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "attach",
        abstract: "Attach photos to a game or a venue visit by hand (for photos the import left unmatched).",
        discussion: """
            stadiumlog attach IMG_0001.JPG --game game_mlb_2015_bos_atl_0615
            stadiumlog attach IMG_0002.JPG --venue stadium_mlb_fenway_park --on 2015-06-20 --tour
            """
    )

    @Argument(help: "Photo files.", completion: .file())
    var photos: [String]

    @OptionGroup var library: LibraryOptions

    @Option(help: "A game id (stadiumlog games).") var game: GameID?
    @Option(help: "A venue id or name, for a tour.") var venue: String?
    @Option(
        name: [.customLong("on"), .customLong("date")], help: ArgumentHelp("The date of the visit, with --venue.", valueName: "YYYY-MM-DD"),
        transform: parseLocalDate) var on: LocalDate?
    @Flag(help: "Not a game: a stadium tour, with --venue and --on.") var tour = false
    @Flag(help: "File into --game even when it is far from where or when the photos were taken, without asking.")
    var force = false

    func validate() throws {
        guard (game != nil) != tour else { throw ValidationError("give either --game or --tour (with --venue and --on)") }
        if tour && (venue == nil || on == nil) { throw ValidationError("--tour needs --venue and --on") }
    }

    func run() throws {
        let catalog = try library.catalog()
        var venueId: String?
        if let venue { venueId = try TypedNames.venue(venue, on: on, in: catalog) }
        let corrections = Corrections(library: try library.openOrCreate(), catalog: catalog)
        let attached = try FanQuestion.filingEvenIfFar(force: force) { evenIfFar in
            try corrections.attach(photos, game.map { .game($0, evenIfFar: evenIfFar) } ?? .tour, venueId: venueId, on: on)
        }
        guard let attached else { return print("Nothing was changed.") }
        for (photo, outcome) in attached.value {
            switch outcome {
            case .attached(let visit): print("\(ShownText.safe(photo)): attached to \(visit.summary)")
            case .alreadyIn(let visit):
                print(
                    "\(ShownText.safe(photo)): already in \(visit.summary); nothing changed "
                        + "(`stadiumlog visits move` moves it)")
            }
        }
        announce(attached.achievements)
    }
}
