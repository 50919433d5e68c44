import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore

/// The rules every request passes before it reaches a page: a local server holds a private photo history, and any web
/// page the fan visits can send requests to 127.0.0.1.
///
/// - The Host must be the loopback address the server listens on, with its port: a foreign name (a DNS-rebinding page
///   that resolves its own name to 127.0.0.1) is refused.
/// - The secret printed at start must come with the request: once in the address (`?key=`), which sets a cookie the
///   browser sends to this address alone (``LoopbackAddress``) and no script can read, and redirects to the same page
///   without it.
/// - The library must still be at its path, or another be there to follow (``FollowedLibrary``).
/// - A change is a POST carrying the page's form token, from a page of this origin (`Origin`); never a GET.
/// - A read-only server refuses every change, saying why.
/// - Every answer forbids framing, sniffing, referrers to other sites and any script or style not served by us: the
///   router's own "not found" and a body too large too.
struct AccessRules: RouterMiddleware {
    typealias Context = BasicRequestContext
    let site: WebSite

    /// A second Host header (the first is the authority): two answers to "which site" is no answer.
    static let hostField = HTTPField.Name("Host")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response: Response
        do {
            response = try await decide(request, context: context, next: next)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        response.headers[.contentSecurityPolicy] =
            "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; form-action 'self'; "
            + "frame-ancestors 'none'; base-uri 'none'"
        response.headers[.xContentTypeOptions] = "nosniff"
        // Same-origin, not no-referrer: under no-referrer Chromium sends `Origin: null` with a form, which the
        // write rule refuses; other sites still get no referrer.
        response.headers[.referrerPolicy] = "same-origin"
        response.headers[.xFrameOptions] = "DENY"
        if response.headers[.cacheControl] == nil { response.headers[.cacheControl] = "no-store" }
        return response
    }

    private func decide(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // The refusal does not say the address: a rebound page could read it.
        guard let host = request.head.authority, host.lowercased() == site.host, request.headers[Self.hostField] == nil else {
            return Reply.refused("This server answers only at the address it printed.")
        }
        if let key = request.uri.queryParameters.get("key") {
            guard Self.same(key, site.secret) else { return Reply.refused(Self.needsSecret) }
            // The secret leaves the address at once: not in the history, not in a bookmark, not in a screenshot.
            var response = Reply.redirect(to: Self.withoutKey(request.uri))
            response.setCookie(.init(name: site.cookieName, value: site.secret, path: "/", httpOnly: true, sameSite: .strict))
            return response
        }
        guard let cookie = request.cookies[site.cookieName]?.value, Self.same(cookie, site.secret) else {
            return Reply.refused(Self.needsSecret)
        }
        do {
            try site.followed.followPath()
        } catch {
            return Reply.page(site.libraryMissing(error), status: .serviceUnavailable)
        }
        switch request.method {
        case .get, .head:
            return try await next(request, context)
        case .post:
            guard request.headers[.origin] == "http://\(host)" else {
                return Reply.refused("A change must come from a page of this server.")
            }
            if site.readOnly {
                return Reply.refused(
                    "This library is open read-only (`--read-only`, or a library this user cannot change): nothing was changed. "
                        + "Stop the server and run `stadiumlog serve` without `--read-only` on a writable library to make changes.")
            }
            return try await next(request, context)
        default:
            return Reply.refused("Only pages (GET) and forms (POST) are served.", status: .methodNotAllowed)
        }
    }

    /// The address without its `key` parameter, the rest of its query as it was.
    static func withoutKey(_ uri: URI) -> String {
        let rest = (uri.query ?? "").split(separator: "&").filter { !$0.hasPrefix("key=") && $0 != "key" }
        return uri.path + (rest.isEmpty ? "" : "?" + rest.joined(separator: "&"))
    }

    static let needsSecret = "Open the address `stadiumlog serve` printed (it carries this run's secret)."

    /// Compares without stopping at the first difference, so the time taken tells nothing about the secret.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

extension HTTPField.Name {
    static let contentSecurityPolicy = Self("Content-Security-Policy")!
    static let xContentTypeOptions = Self("X-Content-Type-Options")!
    static let referrerPolicy = Self("Referrer-Policy")!
    static let xFrameOptions = Self("X-Frame-Options")!
}
