import Foundation
import Hummingbird

/// The answers pages and actions give.
enum Reply {
    /// A page of HTML.
    static func page(_ html: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// A refusal in one plain-text line (no page of ours is shown to a request that did not pass the rules).
    static func refused(_ reason: String, status: HTTPResponse.Status = .forbidden) -> Response {
        Response(
            status: status, headers: [.contentType: "text/plain; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: reason + "\n")))
    }

    /// "See other": the page to show after a change, or after the secret was taken out of the address. Only a path
    /// of this server: anything else (`//elsewhere`, a full address) goes to the overview.
    static func redirect(to path: String) -> Response {
        Response(status: .seeOther, headers: [.location: isLocal(path) ? path : "/"])
    }

    /// Whether `path` names a page of this server, never another site. Browsers drop tabs and line breaks from an
    /// address and read a backslash as a slash (`/\t/evil.example` is `//evil.example`, another site), so a path with
    /// any control character, white space or backslash is refused whole.
    static func isLocal(_ path: String) -> Bool {
        path.hasPrefix("/") && !path.hasPrefix("//")
            && !path.unicodeScalars.contains { $0.properties.isWhitespace || $0.properties.generalCategory == .control || $0 == "\\" }
    }

    /// Bytes of a given type, for thumbnails, previews and assets.
    static func file(_ data: Data, type: String, cache: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: cache],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
