import Foundation
import Mustache

/// The Mustache templates the fan's pages are rendered from — the static report's and the web app's — and the styles
/// they share. `{{…}}` escapes every character that could start markup or end an attribute, so a visit's notes, a
/// seat or an EXIF text typed by anyone can never become part of a page; `{{{…}}}` is kept for markup we made.
public enum PageTemplates {
    /// The templates of this target (the report, a visit card, the map, the rings, the badges) and every `.mustache`
    /// resource of `bundle`, each named by its file name without the extension; a name in `bundle` replaces ours.
    public static func library(adding bundle: Bundle? = nil) throws -> MustacheLibrary {
        var library = MustacheLibrary()
        for source in [Bundle.module, bundle].compactMap({ $0 }) {
            let folder = source.resourceURL ?? source.bundleURL
            let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".mustache") }
            for name in names.sorted() {
                let url = folder.appendingPathComponent(name)
                try library.register(String(contentsOf: url, encoding: .utf8), named: url.deletingPathExtension().lastPathComponent)
            }
        }
        return library
    }

    /// The styles of the report's map, rings, badges and cards.
    public static let style: String = resource("report", "css")

    static func resource(_ name: String, _ ext: String) -> String {
        Bundle.module.url(forResource: name, withExtension: ext).flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
    }
}
