import Foundation
import HTMLReport
import Hummingbird
import PhotoMetadata
import UseCases
import VisitStore

/// Photos by content hash only — thumbnails from the library's thumbnail store, previews made from the original the library
/// records after checking its content — and the web app's own styles and script. No path is ever taken from a request.
struct AssetsController {
    let site: WebSite

    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get("/thumbnails/:hash") { _, context in thumbnail(hash: context.parameters.get("hash") ?? "") }
        router.get("/photos/:hash/preview") { _, context in preview(hash: context.parameters.get("hash") ?? "") }
        router.get("/assets/:name") { _, context in asset(named: context.parameters.get("name") ?? "") }
    }

    func thumbnail(hash: String) -> Response {
        let library = site.library
        guard VisitPhoto.isContentHash(hash), (try? library.storedPaths(ofPhotos: [hash]))?[hash] != nil,
            let data = try? library.thumbnails.jpeg(ofPhoto: hash)
        else { return Reply.refused("No thumbnail for that photo.", status: .notFound) }
        // Named by content: the same address always shows the same photo.
        return Reply.file(data, type: "image/jpeg", cache: "private, max-age=86400")
    }

    func preview(hash: String) -> Response {
        do {
            return Reply.file(try site.previews.preview(ofPhoto: hash), type: "image/jpeg", cache: "private, max-age=3600")
        } catch PhotoPreviews.Failure.originalMissing(let path) {
            return Reply.refused(
                "The original is missing (\(ShownText.safe(path))): `stadiumlog relink FOLDER` finds it where it moved.", status: .notFound)
        } catch {
            return Reply.refused("No preview of that photo.", status: .notFound)
        }
    }

    func asset(named name: String) -> Response {
        let types = ["css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8"]
        let parts = name.split(separator: ".")
        guard parts.count == 2, let type = types[String(parts[1])],
            parts[0].allSatisfy({ $0.isLetter || $0 == "-" }),
            let data = Self.asset(String(parts[0]), String(parts[1]))
        else { return Reply.refused("No such file.", status: .notFound) }
        return Reply.file(data, type: type, cache: "private, max-age=3600")
    }

    /// The web app's assets, and the report's styles it shares.
    private static func asset(_ name: String, _ ext: String) -> Data? {
        if name == "report", ext == "css" { return Data(PageTemplates.style.utf8) }
        return Bundle.module.url(forResource: name, withExtension: ext).flatMap { try? Data(contentsOf: $0) }
    }
}
