import Catalog
import Foundation
import HTMLReport
import Hummingbird
import Mustache
import PhotoMetadata
import TimeAndPlace
import UseCases
import VisitStore

/// Everything the pages and actions of one run share: the use cases over the library, the templates, and this run's
/// secrets. Nothing of the library is cached here: every request reads it afresh.
final class WebSite: Sendable {
    /// The library at the served path, followed when it is moved aside and another put in its place.
    let followed: FollowedLibrary
    let templates: MustacheLibrary
    /// Where the server listens: a loopback address of its own where the system has one (``LoopbackAddress``).
    let address: LoopbackAddress
    let readOnly: Bool
    /// The secret in the printed address; a browser that came in by it keeps it in a same-site, script-proof cookie
    /// that it sends to this address alone (``cookieName``).
    let secret: String
    /// The token every form carries: a write needs it and a same-origin `Origin`.
    let formToken: String
    /// Messages shown once after a change (post, redirect, get).
    let notices = Notices()

    init(library: VisitLibrary, catalog: Catalog, address: LoopbackAddress, readOnly: Bool) throws {
        followed = FollowedLibrary(library: library, catalog: catalog)
        do {
            templates = try PageTemplates.library(adding: Bundle.module)
        } catch {
            throw WebServerError.templates(reason: "\(error)")
        }
        self.address = address
        self.readOnly = readOnly
        secret = Self.randomToken()
        formToken = Self.randomToken()
    }

    // The use cases over the library open now (``FollowedLibrary/followPath()`` runs before every request).
    var library: VisitLibrary { followed.services.library }
    var catalog: Catalog { followed.services.catalog }
    var corrections: Corrections { followed.services.corrections }
    var history: FanHistory { followed.services.history }
    var previews: PhotoPreviews { followed.services.previews }
    var words: MatchWords { followed.services.words }

    /// The Host header the server answers: the address it listens on, with its port. Any other (a DNS name rebound to
    /// 127.0.0.1 by a web page, `localhost`) is refused.
    var host: String { address.authority }

    /// The cookie's name carries the port: where no address of its own could be had (127.0.0.1 is shared by every local
    /// server), a second `serve` in the same browser keeps its own cookie instead of overwriting this one's.
    var cookieName: String { "stadiumlog-\(address.port)" }

    /// 32 random bytes as hex, from the system's generator.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: .min ... .max, using: &generator)) }.joined()
    }

    /// Today, in the fan's own zone: what progress and seasons are measured to.
    var today: LocalDate { LocalDateTime(instant: Date(), in: .current)?.date ?? LocalDate(daysSinceEpoch: 0) }

    /// The routes, a controller per area: pages by GET, changes by POST, photos and assets; all behind ``AccessRules``,
    /// and every page's failure made a page by ``ErrorPages``.
    func router() -> Router<BasicRequestContext> {
        let router = Router()
        router.add(middleware: AccessRules(site: self))
        router.add(middleware: ErrorPages(site: self))
        OverviewController(site: self).addRoutes(to: router)
        VisitsController(site: self).addRoutes(to: router)
        VisitController(site: self).addRoutes(to: router)
        ConfirmController(site: self).addRoutes(to: router)
        AddGameController(site: self).addRoutes(to: router)
        NotImportedController(site: self).addRoutes(to: router)
        PlayersController(site: self).addRoutes(to: router)
        ShareController(site: self).addRoutes(to: router)
        UndoController(site: self).addRoutes(to: router)
        AssetsController(site: self).addRoutes(to: router)
        return router
    }
}

/// Messages shown once, on the page a change redirects to: kept here by a random key, never taken from the address.
final class Notices: @unchecked Sendable {
    private let lock = NSLock()
    private var messages: [String: (text: String, isError: Bool)] = [:]

    /// Keeps a message; returns the key the next page takes it by.
    func keep(_ text: String, isError: Bool) -> String {
        let key = String(WebSite.randomToken().prefix(16))
        lock.withLock {
            if messages.count > 100 { messages.removeAll() }
            messages[key] = (ShownText.safe(text), isError)
        }
        return key
    }

    /// The message kept under `key`, once.
    func take(_ key: String?) -> (text: String, isError: Bool)? {
        guard let key else { return nil }
        return lock.withLock { messages.removeValue(forKey: key) }
    }
}
