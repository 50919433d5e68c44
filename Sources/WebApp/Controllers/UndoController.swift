import Foundation
import Hummingbird

/// Undo, from every page's bar: takes back the last change and shows the page the fan was on (or the visits, when the
/// undo removed the visit that page showed).
struct UndoController {
    let site: WebSite

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.post("/undo") { request, _ in try await site.act(request, UndoForm.self, undo) }
    }

    struct UndoForm: PostedForm {
        var token: String
        var back: String?
    }

    func undo(_ form: UndoForm) throws -> Done {
        let correction = try site.corrections.undo().value
        let back = form.localBack ?? "/"
        // The page the form was on may be a visit the undo removed: the visits are always there.
        let removed = back.hasPrefix("/visits/") && (try? site.library.visit(id: String(back.dropFirst(8)))) == nil
        return Done(notice: "Took back: \(correction.summary)", next: removed ? "/visits" : back)
    }
}
