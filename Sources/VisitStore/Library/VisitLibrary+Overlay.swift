import Catalog
import Foundation

extension VisitLibrary {
    /// The games `stadiumlog catalog update` fetched for this library (``CatalogOverlay``); nil before the first.
    public func catalogOverlay() throws(CatalogError) -> CatalogOverlay? {
        try CatalogOverlay.load(fromFolder: folder)
    }

    /// Replaces the overlay whole (written beside it and renamed: a reader sees the old file or the new one).
    public func save(_ overlay: CatalogOverlay) throws(LibraryError) {
        do {
            try PrivateFile.write(overlay.encoded(), to: folder.appendingPathComponent(CatalogOverlay.fileName))
        } catch {
            throw LibraryFolder.whyUnusable(folder) ?? .cannotWrite(reason: "cannot write the catalog overlay: \(error)")
        }
    }

    /// The bundled catalog with the overlay of the library in `folder`, when it has one. Reads one file and never
    /// creates anything, so commands that only read can use it on any folder.
    public static func catalog(forFolder folder: URL) throws(CatalogError) -> Catalog {
        let bundled = try Catalog.bundled()
        guard let overlay = try CatalogOverlay.load(fromFolder: folder) else { return bundled }
        return bundled.applying(overlay)
    }
}

extension VisitLibrary {
    /// The bundled catalog with this library's overlay.
    public func catalog() throws(CatalogError) -> Catalog { try Self.catalog(forFolder: folder) }
}
