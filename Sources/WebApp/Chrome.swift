import Foundation
import VisitStore

/// What every page shows around its content: the navigation, the last change with its undo, the message a change
/// left, and the form token every form carries.
struct Chrome {
    struct Link {
        var label: String
        var href: String
        var current: Bool
        var count: String?
    }
    var title: String
    var token: String
    var readOnly: Bool
    /// Stored, not computed: the templates read values through reflection, which sees stored properties only.
    var writable: Bool
    var notice: String?
    var noticeIsError: Bool
    var nav: [Link]
    /// The change `undo` would take back, in words.
    var lastChange: String?
    /// Where this page is, for a form that comes back to it.
    var back: String
}

extension WebSite {
    /// The chrome of a page titled `title`, with `current` marked in the navigation.
    func chrome(title: String, current: String, notice key: String? = nil, back: String = "/") -> Chrome {
        let notice = notices.take(key)
        let pending = (try? corrections.confirmer.pendingCount()) ?? 0
        let links = [
            ("Overview", "/"), ("Visits", "/visits"), ("Confirm", "/confirm"), ("Add a game", "/add"), ("Not imported", "/not-imported"),
            ("Players", "/players"),
        ]
        return Chrome(
            title: title, token: formToken, readOnly: readOnly, writable: !readOnly, notice: notice?.text,
            noticeIsError: notice?.isError ?? false,
            nav: links.map { label, href in
                Chrome.Link(
                    label: label, href: href, current: href == current, count: href == "/confirm" && pending > 0 ? "\(pending)" : nil)
            },
            lastChange: (try? corrections.lastChange())?.summary, back: back)
    }
}
