/// The version `stadiumlog --version` prints, for both of its programs (see `Sources/stadiumlog/QuickCommands.swift`).
package enum StadiumLogVersion {
    package static let current = "0.1.0"
}
