import Foundation
import Hummingbird
import UseCases

/// Not imported: the files imports read and left out, counted by reason with examples, and how to file one by hand.
extension WebSite {
    struct NotImportedView {
        struct Reason {
            var reason: String
            var count: Int
            var examples: [String]
            var more: Int?
        }
        var page: Chrome
        var reasons: [Reason]
        var hasReasons: Bool
    }

    func notImported(_ request: Request) throws -> String {
        let fields = FormFields(request.uri.query ?? "")
        let reasons = try history.filesLeftOut(examples: 5).map {
            NotImportedView.Reason(
                reason: $0.reason, count: $0.count, examples: $0.paths, more: $0.count > $0.paths.count ? $0.count - $0.paths.count : nil)
        }
        let view = NotImportedView(
            page: chrome(title: "Not imported", current: "/not-imported", notice: fields["notice"], back: "/not-imported"),
            reasons: reasons, hasReasons: !reasons.isEmpty)
        return render("not-imported", view)
    }
}
