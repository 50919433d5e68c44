import Foundation
import Hummingbird
import UseCases
import VisitStore

/// One place where a page that fails becomes a page saying why: a visit that is not there (deleted in another
/// window, a mistyped address) is a 404 page, an address whose query no page reads a 400, anything else a 500 page
/// with the fan's words for it. Errors that are answers already (the router's 404, a body too large) pass through.
struct ErrorPages: RouterMiddleware {
    typealias Context = BasicRequestContext
    let site: WebSite

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let missing as PageNotFound {
            return Reply.page(site.message(title: "Not found", missing.what), status: .notFound)
        } catch let bad as BadRequest {
            return Reply.page(site.message(title: "Not a page", bad.reason), status: .badRequest)
        } catch let card as CardFailure {
            return Reply.page(site.message(title: "No card", WebSite.words(for: card)), status: .badRequest)
        } catch let error as any HTTPResponseError {
            throw error
        } catch is URLEncodedFormError, is DecodingError {
            return Reply.page(
                site.message(title: "Not a page", "This address is not one of StadiumLog's pages: go back, or start from the overview."),
                status: .badRequest)
        } catch {
            return Reply.page(site.message(title: "Something went wrong", WebSite.words(for: error)), status: .internalServerError)
        }
    }
}

/// A page asked for with values it cannot take (a league the catalog does not know, a card of another size).
struct BadRequest: Error {
    var reason: String
}

/// A page for something that is not in the library (a visit deleted in another window, a mistyped address).
struct PageNotFound: Error {
    var what: String
}

struct MessageView {
    var page: Chrome
    var text: String
}

extension WebSite {
    /// An error in one sentence a fan can act on, with the step said in the web app's terms.
    static func words(for error: any Error) -> String {
        guard let error = error as? any FanFacingError else { return "\(error)" }
        let sentence = error.sentence { remedy in
            switch remedy {
            case .confirmReplacingOfficialScore: "tick “replace the official final” to replace it"
            case .findVisit: "find it on the Visits page"
            case .typeMoreOfTheId: "open it from its page"
            case .fileEvenIfFar: "check the team and the date, or file it from the command line with --force"
            case .moveToAnotherGame: "tick its photos and move them to the right game"
            case .findPendingMatch: "see the Confirm page"
            case .findGameOfDay, .checkTeamsAndDate: "find the game by team and date"
            case .findVenue: "check the venue's name"
            case .attachPhoto: "import or attach the photo first"
            case .tryAgain: "reload the page and try again"
            default: remedy.inGeneralWords
            }
        }
        return sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
    }

    /// A page with one message: a visit that is not there, a failure.
    func message(title: String, _ text: String) -> String {
        render("message", MessageView(page: chrome(title: title, current: ""), text: text))
    }

    /// The page shown instead of any other while no library can be opened at the served path: it was moved away or
    /// deleted (and nothing put in its place), or what is there now cannot be opened. Nothing of the library last open
    /// is shown.
    func libraryMissing(_ error: any Error) -> String {
        let path = followed.folder.path
        let text =
            if case .noLibrary = error as? LibraryError {
                "There is no library at \(path) any more: it was moved or deleted while this server ran. Nothing was changed. "
                    + "Put it back (or restore an export there) and reload this page, or stop the server and serve the library where it is now."
            } else {
                "The library at \(path) changed while this server ran and cannot be opened now: \(Self.words(for: error))"
            }
        let page = Chrome(
            title: "No library", token: formToken, readOnly: true, writable: false, notice: nil, noticeIsError: false, nav: [],
            lastChange: nil, back: "/")
        return render("message", MessageView(page: page, text: text))
    }

    /// Renders a template with a view.
    func render(_ template: String, _ view: Any) -> String {
        templates.render(view, withTemplate: template) ?? "template \(template) is missing"
    }
}
