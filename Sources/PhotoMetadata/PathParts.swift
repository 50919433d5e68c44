/// The folder, name, stem and extension of a file path, split at its last `/` and its name's last `.` as `NSString`'s
/// path methods split them — which full Foundation alone has, and the modules `scan` runs on link FoundationEssentials.
struct PathParts {
    /// What comes before the last `/`: "" for a bare name, "/" for a file at the root.
    var folder: Substring
    /// What comes after the last `/`.
    var name: Substring

    init(_ path: String) {
        guard let slash = path.lastIndex(of: "/") else {
            (folder, name) = ("", path[...])
            return
        }
        folder = slash == path.startIndex ? path[...slash] : path[..<slash]
        name = path[path.index(after: slash)...]
    }

    /// The name without its extension (`IMG_1.JPG` → `IMG_1`); a name whose only dot leads it (`.hidden`) has none.
    var stem: Substring {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return name[..<dot]
    }

    /// The extension without its dot (`JPG`), "" when there is none.
    var pathExtension: Substring {
        name.dropFirst(stem.count + 1)
    }
}
