import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import VisitStore

@testable import WebApp

/// The web app in this process: the real router, middleware and templates over a library made by the real
/// `stadiumlog import`, asked through Hummingbird's router tester — no server, no browser. The site answers at
/// `localhost`, as the tester names it, with this run's secret in its cookie.
final class InProcessSite: Sendable {
    let folder: URL
    let site: WebSite

    /// Imports `photos` (under TestImages) into a new library, or opens `folder`, and makes its site.
    init(photos: String? = "TestImages/matching", folder: URL? = nil, readOnly: Bool = false) throws {
        if let folder {
            self.folder = folder
        } else if let photos {
            self.folder = try ServedLibrary.importedLibrary(photos)
        } else {
            self.folder = FileManager.default.temporaryDirectory.appendingPathComponent("in-process-\(UUID().uuidString)")
        }
        let library = try VisitLibrary(folder: self.folder, access: readOnly ? .readOnly : .readWrite, creating: true)
        site = try WebSite(
            library: library, catalog: try library.catalog(), address: LoopbackAddress(ip: "localhost", port: 80), readOnly: readOnly)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// What a browser that came in by the printed address sends with every request.
    var cookie: HTTPFields { [.cookie: "\(site.cookieName)=\(site.secret)"] }

    /// Runs `body` with a client of the router.
    func test<Value>(_ body: @Sendable (any TestClientProtocol) async throws -> Value) async throws -> Value {
        try await Application(router: site.router()).test(.router, body)
    }
}

/// An answer, read.
struct Page {
    let status: HTTPResponse.Status
    let headers: HTTPFields
    /// The body with the five characters the templates escape put back.
    let text: String

    init(_ response: TestResponse) {
        status = response.status
        headers = response.headers
        text = String(buffer: response.body)
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Where a redirect goes.
    var location: String { headers[.location] ?? "" }
}

extension TestClientProtocol {
    /// A page as the fan's browser asks for it.
    func get(_ path: String, _ site: InProcessSite) async throws -> Page {
        try await execute(uri: path, method: .get, headers: site.cookie) { Page($0) }
    }

    /// A form posted from a page of the site: its cookie, its origin, the page's token; `token` nil leaves it out.
    func post(_ path: String, _ fields: [(String, String)], _ site: InProcessSite, token: String? = "") async throws -> Page {
        var form = fields
        if let token { form.append(("token", token.isEmpty ? site.site.formToken : token)) }
        var components = URLComponents()
        components.queryItems = form.map { URLQueryItem(name: $0.0, value: $0.1) }
        let body = (components.percentEncodedQuery ?? "").replacingOccurrences(of: "+", with: "%2B")
        var headers = site.cookie
        headers[.origin] = "http://localhost"
        headers[.contentType] = "application/x-www-form-urlencoded"
        return try await execute(uri: path, method: .post, headers: headers, body: ByteBuffer(string: body)) { Page($0) }
    }

    /// The notice a redirect left, as the page it leads to shows it.
    func notice(after answer: Page, _ site: InProcessSite) async throws -> String {
        let page = try await get(answer.location, site)
        guard let start = page.text.range(of: "id=\"notice\">"), let end = page.text[start.upperBound...].range(of: "</p>") else {
            return ""
        }
        return String(page.text[start.upperBound..<end.lowerBound])
    }
}
