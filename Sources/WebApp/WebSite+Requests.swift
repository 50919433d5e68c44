import Foundation
import Hummingbird
import VisitStore

/// How pages and actions are answered: a page's errors become a page that says them; an action reads its form,
/// checks its token, runs one use case and redirects to the page to see (or back, saying what went wrong).
extension WebSite {
    /// Renders a page, or a page saying what went wrong.
    func page(_ render: () throws -> String) -> Response {
        do {
            return Reply.page(try render())
        } catch let failure as PageNotFound {
            return Reply.page(message(title: "Not found", failure.what), status: .notFound)
        } catch {
            return Reply.page(message(title: "Something went wrong", Self.words(for: error)), status: .internalServerError)
        }
    }

    /// Runs a change from a form and redirects: to the page the change names, with what it did; or back where the form
    /// was, with why nothing was done.
    func act(_ request: Request, _ action: (FormFields) throws -> (notice: String, next: String)) async throws -> Response {
        let body = try await request.body.collect(upTo: 1 << 20)
        let form = FormFields(String(buffer: body))
        guard let token = form["token"], AccessRules.same(token, formToken) else {
            return Reply.refused("This form is out of date or not from this server: reload the page and try again.")
        }
        let back = form["back"].flatMap { Reply.isLocal($0) ? $0 : nil } ?? "/"
        do {
            let (notice, next) = try action(form)
            return Reply.redirect(to: Self.path(next, notice: notices.keep(notice, isError: false)))
        } catch {
            return Reply.redirect(to: Self.path(back, notice: notices.keep(Self.words(for: error), isError: true)))
        }
    }

    static func path(_ path: String, notice: String) -> String {
        path + (path.contains("?") ? "&" : "?") + "notice=" + notice
    }

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

/// A page for something that is not in the library (a visit deleted in another window, a mistyped address).
struct PageNotFound: Error {
    var what: String
}

struct MessageView {
    var page: Chrome
    var text: String
}
