import ArgumentParser
import Foundation
import PhotoMetadata

/// The photos named on a command line: folders walked, every file read, problems reported on standard error.
struct PhotoBatch {
    var photos: [(path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)]
    var skippedFiles: Int

    /// Reads every photo under `paths`. Throws `ExitCode.failure` when none of the paths could be used at all.
    static func read(_ paths: [String], followingLinks: Bool = false) throws -> PhotoBatch {
        // A folder or file named on the command line that is not there is a mistake to fix, not a warning.
        if let missing = paths.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            throw RuntimeError("\(missing): no such file or folder; check the path (nothing was read)")
        }
        let walk = PhotoFileWalker(followsLinks: followingLinks).walk(paths)
        for problem in walk.problems {
            printError("warning: \(problem)")
        }
        if walk.files.isEmpty && walk.problems.count >= paths.count {
            throw ExitCode.failure
        }
        let extractor = PhotoMetadataExtractor()
        // Folders' sidecars are known from the walk; a photo named on its own has its sidecars looked for on disk.
        let walked = Set(walk.files).subtracting(paths)
        let photos = walk.files.map { path in
            (path, Result { () throws(PhotoMetadataError) in
                var metadata = try extractor.metadata(ofFileAt: path)
                Sidecars.fill(&metadata, forPhotoAt: path, among: walked.contains(path) ? walk.sidecars : nil)
                return metadata
            })
        }
        return PhotoBatch(photos: photos, skippedFiles: walk.skippedFiles)
    }
}

/// `--follow-links`, shared by every command that walks photo folders.
struct WalkOptions: ParsableArguments {
    @Flag(help: "Follow symbolic links that lead out of the folders given (each real folder is still walked once).")
    var followLinks = false
}
