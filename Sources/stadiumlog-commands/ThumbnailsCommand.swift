import ArgumentParser
import Foundation
import Thumbnails
import UseCases

/// `stadiumlog thumbnails`: make the library's thumbnails again.
struct ThumbnailsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "thumbnails", abstract: "Regenerate thumbnails; report photos whose originals moved.")

    @OptionGroup var library: LibraryOptions

    @Flag(help: "Only photos without a thumbnail file (the default), or all of them.")
    var which: Which = .missing

    @Option(help: "Pixels on the long side, \(Self.sizes.lowerBound) to \(Self.sizes.upperBound).")
    var size = 200

    static let sizes = 32...1024

    @Flag(inversion: .prefixedNo, help: "Make thumbnails from the previews cameras embed in photos when they are good enough.")
    var embeddedPreviews = true

    enum Which: String, EnumerableFlag { case missing, all }

    func validate() throws {
        guard Self.sizes.contains(size) else {
            throw ValidationError(
                "--size \(size) is not a thumbnail size; give \(Self.sizes.lowerBound) to \(Self.sizes.upperBound) pixels (the default is 200)"
            )
        }
    }

    func run() async throws {
        let result = try await library.importSession()
            .remakeThumbnails(all: which == .all, with: ThumbnailGenerator(longSide: size, usesEmbeddedPreviews: embeddedPreviews))
        print("\(result.made) thumbnails made, \(result.alreadyThere) already there, \(result.moved.count) originals moved")
        for path in result.moved { print("moved or changed: \(path)") }
        for failure in result.failures { print("failed: \(failure.path): \(failure.reason)") }
    }
}
