import ArgumentParser
import CommandLineBasics
import Foundation
import PhotoMetadata
import UseCases

/// `stadiumlog relink FOLDER…`: find photos that moved, by their content, and point the library at them again.
struct RelinkCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "relink",
        abstract: "Find photos that moved (a reorganised Pictures folder) by their content and update the library.",
        discussion: "Only photos whose files are gone are looked for; an import of the moved files does the same.")

    @Argument(help: "Folders to search.", completion: .directory) var folders: [String]
    @OptionGroup var walking: WalkOptions
    @OptionGroup var library: LibraryOptions

    func run() async throws {
        if let missing = folders.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            throw RuntimeError("\(missing): no such folder; check the path (nothing was changed)")
        }
        let result = try await library.importSession().relink(searching: folders, followingLinks: walking.followLinks)
        print(
            "\(counted(result.relinked, "photo")) relinked (\(counted(result.filesRead, "file")) read); "
                + "\(result.stillMissing.count) still missing")
        for path in result.stillMissing.prefix(20) { print("  still missing: \(ShownText.safe(path))") }
        if result.stillMissing.count > 20 { print("  … and \(result.stillMissing.count - 20) more") }
    }
}
