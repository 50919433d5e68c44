import Foundation
import Hummingbird
import VisitStore

/// A form a page of this server posts to make a change, decoded into typed values (``URLEncodedFormDecoder``): it
/// carries the page's token, without which nothing is read of it, and the page it came from, to go back to when the
/// change is refused.
protocol PostedForm: Decodable, Sendable {
    /// The token of the page the form was on (``WebSite/formToken``).
    var token: String { get }
    /// The page the form was on.
    var back: String? { get }
}

extension PostedForm {
    /// The page the form came from when it is one of this server's (``Reply/isLocal(_:)``), else nil.
    var localBack: String? { back.flatMap { Reply.isLocal($0) ? $0 : nil } }
}

/// What a change did, in a sentence, and the page to see it on.
struct Done {
    var notice: String
    var next: String
}

extension WebSite {
    /// Runs a change from a posted form and redirects: to the page the change names, with what it did; or back where
    /// the form was, with why nothing was done. A form without this run's token is refused before anything of it is
    /// decoded.
    func act<Form: PostedForm>(_ request: Request, _ form: Form.Type, _ change: (Form) throws -> Done) async throws -> Response {
        let body = String(buffer: try await request.body.collect(upTo: 1 << 20))
        let decoder = URLEncodedFormDecoder()
        guard let signed = try? decoder.decode(Signature.self, from: body), AccessRules.same(signed.token, formToken) else {
            return Reply.refused("This form is out of date or not from this server: reload the page and try again.")
        }
        let back = signed.localBack ?? "/"
        do {
            let form: Form
            do { form = try decoder.decode(Form.self, from: body) } catch { throw WebFormError.notThisPagesForm }
            let done = try change(form)
            return Reply.redirect(to: Self.path(done.next, notice: notices.keep(done.notice, isError: false)))
        } catch {
            return Reply.redirect(to: Self.path(back, notice: notices.keep(Self.words(for: error), isError: true)))
        }
    }

    /// `path` with the key of a notice to show once.
    static func path(_ path: String, notice: String) -> String {
        path + (path.contains("?") ? "&" : "?") + "notice=" + notice
    }

    /// The part of every form read before the rest: whether it is this run's, and where it came from.
    private struct Signature: PostedForm {
        var token: String
        var back: String?
    }
}

extension String {
    /// Nil for an empty or blank field (a text box left empty), else the text without surrounding space.
    var filled: String? {
        let trimmed = trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// A form filled in a way no change can be made from.
enum WebFormError: FanFacingError {
    case score, type, noPhotosTicked, noDestination, noGameChosen, noDecision, notThisPagesForm, notAtTheVenue

    var problem: String {
        switch self {
        case .score: "a score is two whole numbers from 0 to 1000"
        case .type: "a visit is a game, a tour or another visit"
        case .noPhotosTicked: "no photo was ticked"
        case .noDestination: "no destination was chosen"
        case .noGameChosen: "no game was chosen"
        case .noDecision: "no decision was made"
        case .notThisPagesForm: "the form was not filled in as its page asks"
        case .notAtTheVenue:
            "these photos were taken more than 500 m from the venue, near it but not at it: file them into a game, or, if "
                + "you toured it, with `stadiumlog attach PATH --venue VENUE --on DAY --tour`"
        }
    }
    var remedy: Remedy? { self == .notThisPagesForm ? .tryAgain : nil }
    var changedNothing: Bool { true }
}
