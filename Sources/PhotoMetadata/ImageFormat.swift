/// What a file is, judged by its first bytes, never by its name.
public enum ImageFormat: String, Hashable, Sendable, Codable {
    case jpeg, heif, png, tiff, gif, webp, quickTime, unknown

    /// Sniffs the format from a file's first bytes (12 are enough).
    public init(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(12))
        func starts(_ magic: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + magic.count && Array(head[offset..<offset + magic.count]) == magic
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("II*\0".utf8)) || starts(Array("MM\0*".utf8)) {
            self = .tiff
        } else if starts(Array("GIF8".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("ftyp".utf8), at: 4) {
            let brand = String(decoding: head[8..<min(12, head.count)], as: UTF8.self)
            self = ["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "msf1", "avif"].contains(brand) ? .heif : .quickTime
        } else if ["moov", "mdat", "wide", "free", "skip", "pnot"].contains(where: { starts(Array($0.utf8), at: 4) }) {
            self = .quickTime  // a QuickTime movie from before `ftyp`
        } else {
            self = .unknown
        }
    }

    /// The name a user knows the format by.
    public var displayName: String {
        switch self {
        case .jpeg: "JPEG"
        case .heif: "HEIC/HEIF"
        case .png: "PNG"
        case .tiff: "TIFF (or camera raw)"
        case .gif: "GIF"
        case .webp: "WebP"
        case .quickTime: "QuickTime/MP4 video"
        case .unknown: "unknown"
        }
    }
}
