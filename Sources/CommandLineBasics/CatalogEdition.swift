// Written by Scripts/catalog/build.py with the catalog it describes: do not edit.

/// What the bundled catalog holds, for `stadiumlog --version`: the last day with a final score in each league.
package enum CatalogEdition {
    package static let summary = "catalog of 2026-08-21: MLB to 2026-08-21, NBA to 2026-06-13, NFL to 2025-12-07, NHL to 2026-06-14"
}
