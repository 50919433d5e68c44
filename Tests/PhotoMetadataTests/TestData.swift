import Foundation

/// Where the test inputs live: the project's own `TestImages/` and the shared real-photo corpus beside the clone.
enum TestData {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let edgeCases = packageRoot.appendingPathComponent("TestImages/edge-cases")

    /// `../shared/data/real-photos`, or `$STADIUMLOG_SHARED/data/real-photos`.
    static let realPhotos: URL = {
        let shared =
            ProcessInfo.processInfo.environment["STADIUMLOG_SHARED"].map(URL.init(fileURLWithPath:))
            ?? packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return shared.appendingPathComponent("data/real-photos")
    }()

    static func edgeCase(_ name: String) -> String { edgeCases.appendingPathComponent(name).path }
}
