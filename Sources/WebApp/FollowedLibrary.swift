import Catalog
import Foundation
import Synchronization
import UseCases
import VisitStore

/// The library `serve` shows is the one at its path, not the file it opened first: a fan who moves a damaged library
/// aside and restores an export in its place (as StadiumLog tells them to) sees and changes the new one. Before every
/// request the database at the path is compared with the one open (by identity, not by name) and a new one is opened;
/// when none can be, the request is refused with the reason. A change never lands in a library moved away: the store
/// checks again inside every write transaction (``LibraryError/movedAway(path:)``).
final class FollowedLibrary: Sendable {
    /// The use cases over the library open now, made together so a request never mixes two libraries.
    struct Services: Sendable {
        let library: VisitLibrary
        let catalog: Catalog
        let corrections: Corrections
        let history: FanHistory
        let previews: PhotoPreviews
        let words: MatchWords

        init(library: VisitLibrary, catalog: Catalog) {
            self.library = library
            self.catalog = catalog
            corrections = Corrections(library: library, catalog: catalog)
            history = FanHistory(library: library, catalog: catalog)
            previews = PhotoPreviews(library: library)
            words = MatchWords(catalog: catalog)
        }
    }

    /// The folder served: what "the library" means for the whole run.
    let folder: URL
    private let access: VisitLibrary.Access
    private let open: Mutex<Services>

    init(library: VisitLibrary, catalog: Catalog) {
        folder = library.folder
        access = library.access
        open = Mutex(Services(library: library, catalog: catalog))
    }

    /// The services of the library open now (what ``followPath()`` last found).
    var services: Services { open.withLock { $0 } }

    /// Opens the library now at the path when it is not the one open; throws why none can be opened there (moved away,
    /// deleted, damaged, replaced by a newer StadiumLog's).
    func followPath() throws {
        if services.library.isInPlace { return }
        let library = try VisitLibrary(folder: folder, access: access, creating: false)
        let replacement = Services(library: library, catalog: try library.catalog())
        open.withLock { $0 = replacement }
    }
}
