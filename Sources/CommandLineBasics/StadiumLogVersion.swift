/// The version `stadiumlog --version` prints, for both of its programs (see `Sources/stadiumlog/QuickCommands.swift`).
package enum StadiumLogVersion {
    package static let current = "0.1.0"
    /// What `--version` says: the version, and what the bundled catalog holds, so a fan knows what an update would bring
    /// (`0.1.0 (catalog of 2026-08-21: MLB to 2026-08-21, …)`).
    package static let described = "\(current) (\(CatalogEdition.summary))"
}
