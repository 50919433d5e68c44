import ArgumentParser
import Foundation
import PhotoMetadata

/// The photos named on a command line: folders walked, every file read, problems reported on standard error.
struct PhotoBatch {
    var photos: [(path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)]
    var skippedFiles: Int
    /// Photos not read, as `unchanged` said (unchanged since an import that settled them).
    var unchanged = 0

    /// Reads every photo under `paths`, except those `unchanged` names among the walked files that no sidecar could
    /// change (their folder has none). Throws `ExitCode.failure` when none of the paths could be used at all.
    static func read(_ paths: [String], followingLinks: Bool = false,
                     unchanged: (([String]) throws -> Set<String>)? = nil) throws -> PhotoBatch {
        try requireExisting(paths)
        let terminal = isatty(STDERR_FILENO) == 1
        var walker = PhotoFileWalker(followsLinks: followingLinks)
        if terminal { walker.progress = { found in FileHandle.standardError.write(Data("\rFinding photos: \(found) found".utf8)) } }
        let walk = walker.walk(paths)
        if terminal { FileHandle.standardError.write(Data("\n".utf8)) }
        for problem in walk.problems {
            printError("warning: \(problem)")
        }
        if walk.files.isEmpty && walk.problems.count >= paths.count {
            throw ExitCode.failure
        }
        let extractor = PhotoMetadataExtractor()
        // Folders' sidecars are known from the walk; a photo named on its own has its sidecars looked for on disk.
        let walked = Set(walk.files).subtracting(paths)
        let sidecarFolders = Set(walk.sidecars.map { ($0 as NSString).deletingLastPathComponent })
        let skipped = try unchanged?(walk.files.filter {
            walked.contains($0) && !sidecarFolders.contains(($0 as NSString).deletingLastPathComponent)
        }) ?? []
        let files = skipped.isEmpty ? walk.files : walk.files.filter { !skipped.contains($0) }
        let progress = ProgressBar(label: "Reading", enabled: terminal)
        let photos = files.enumerated().map { index, path in
            if index % 200 == 0 || index + 1 == files.count { progress.update(index + 1, files.count) }
            return (path, Result { () throws(PhotoMetadataError) in
                var metadata = try extractor.metadata(ofFileAt: path)
                Sidecars.fill(&metadata, forPhotoAt: path, among: walked.contains(path) ? walk.sidecars : nil)
                return metadata
            })
        }
        return PhotoBatch(photos: photos, skippedFiles: walk.skippedFiles, unchanged: skipped.count)
    }
}

extension PhotoBatch {
    /// A folder or file named on the command line that is not there is a mistake to fix, not a warning: said before
    /// anything is read or created.
    static func requireExisting(_ paths: [String]) throws {
        if let missing = paths.first(where: { !FileManager.default.fileExists(atPath: $0) }) {
            throw RuntimeError("\(missing): no such file or folder; check the path (nothing was read)")
        }
    }
}

/// `--follow-links`, shared by every command that walks photo folders.
struct WalkOptions: ParsableArguments {
    @Flag(help: "Follow symbolic links that lead out of the folders given (each real folder is still walked once).")
    var followLinks = false
}
