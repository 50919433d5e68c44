import Catalog
import Foundation
import Hummingbird
import PhotoMetadata
import TimeAndPlace
import UseCases
import VisitStore

/// A photo as pages show it: its time on the venue's own clock (a phone still on European time at a 20:50 game shows
/// 20:50), its thumbnail and preview by content hash, and whether its original is still where it was imported from.
struct PhotoView {
    var hash: String
    var thumbnail: String?
    var preview: String
    var time: String
    var path: String
    var missing: Bool

    /// The photo with content hash `hash`, by its hash's addresses, and whether its original is still at `originalPath`.
    init(_ hash: String, hasThumbnail: Bool, taken: String, path: String, originalPath: String) {
        self.hash = hash
        thumbnail = hasThumbnail ? "/thumbnails/\(hash)" : nil
        preview = "/photos/\(hash)/preview"
        time = taken
        self.path = path
        missing = !FileManager.default.fileExists(atPath: originalPath)
    }
}

/// A game offered on a page, in the words of its ``GameChoice``: the value the form posts, the key that chooses it
/// (1–9 on the confirm page), and the line the terminal prints for the same choice.
struct GameChoiceView {
    var gameId: String
    var key: Int?
    var label: String

    init(_ choice: GameChoice, key: Int? = nil) {
        gameId = choice.gameId.rawValue
        self.key = key
        label = choice.line
    }
}

extension WebSite {
    /// A photo of a pending moment, as its screen model tells it.
    func photoView(_ photo: PendingMoment.Photo) -> PhotoView {
        PhotoView(photo.sha256, hasThumbnail: photo.hasThumbnail, taken: photo.taken, path: photo.path, originalPath: photo.originalPath)
    }

    /// A photo of a visit, as its sheet tells it.
    func photoView(_ photo: VisitSheet.Photo) -> PhotoView {
        PhotoView(
            photo.sha256, hasThumbnail: photo.hasThumbnail, taken: photo.taken ?? "no time", path: photo.path,
            originalPath: photo.originalPath)
    }

    /// The games a team or venue, as typed ("Red Sox", "BOS", "Boston", "Jacobs Field"), had on a day; checked against
    /// the catalog, so only real games can be chosen.
    func gameChoices(team: String?, venue: String? = nil, on day: LocalDate) -> [GameChoiceView] {
        GameLookup(catalog: catalog).choices(team: team, venue: venue, on: day, library: library).map { GameChoiceView($0) }
    }

    /// The query of a page's address, decoded: an address with a query no page reads is answered by ``ErrorPages``.
    func query<Query: Decodable>(_ request: Request, as type: Query.Type) throws -> Query {
        try URLEncodedFormDecoder().decode(Query.self, from: request.uri.query ?? "")
    }

    /// A league the catalog knows, as an address names it (`mlb`, `NFL`); nil for none or any other text, so nothing
    /// but a league's own id goes back into the links a page makes.
    func league(named typed: String?) -> LeagueID? {
        guard let typed = typed?.filled?.lowercased() else { return nil }
        return catalog.leagueIds.first { $0.rawValue == typed }
    }

    /// Every league of the catalog as a filter's choices, `selected` chosen.
    func leagueOptions(selected: LeagueID?) -> [SelectOption] {
        catalog.leagues.map { SelectOption(value: $0.id.rawValue, label: $0.displayName, selected: $0.id == selected) }
    }
}

/// The query most pages read: the key of a notice left by the change that led there.
struct NoticeQuery: Decodable {
    var notice: String?
}

/// One choice of a filter's or picker's list.
struct SelectOption {
    var value: String
    var label: String
    var selected: Bool
}
