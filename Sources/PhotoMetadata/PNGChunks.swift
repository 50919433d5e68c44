/// The chunks of a PNG file that carry metadata: its size (`IHDR`) and its EXIF block (`eXIf`, PNG 1.5 / 2017).
///
/// Chunks are walked by their length fields, reading only the 8-byte headers of the others: a PNG's image data is
/// never read. A length running past the end of the file ends the walk.
struct PNGChunks {
    var width: Int?
    var height: Int?
    /// The `eXIf` chunk's content: a TIFF structure (`MM\\0*` or `II*\\0`), without the `Exif\\0\\0` prefix of JPEG.
    var exif: ArraySlice<UInt8>?
    /// The walk stopped at a chunk that runs past the end of the file.
    var truncated = false

    /// The largest `eXIf` chunk read (a real one is a few kilobytes).
    static let largestExif = 1 << 20

    init<Source: ByteSource & ~Copyable>(reading file: borrowing Source) throws(PhotoMetadataError) {
        var offset = 8  // the signature
        while offset + 8 <= file.size {
            let header = try file.bytes(at: offset, count: 8)
            guard header.count == 8 else { break }
            let length = header.prefix(4).reduce(0) { $0 << 8 | Int($1) }
            let type = String(decoding: header.suffix(4), as: UTF8.self)
            let data = offset + 8
            guard data + length + 4 <= file.size else {
                truncated = true
                break
            }
            switch type {
            case "IHDR" where length >= 8:
                let fields = try file.bytes(at: data, count: 8)
                width = fields.prefix(4).reduce(0) { $0 << 8 | Int($1) }
                height = fields.suffix(4).reduce(0) { $0 << 8 | Int($1) }
            case "eXIf" where length <= Self.largestExif && exif == nil:
                exif = try file.bytes(at: data, count: length)
            case "IEND":
                return
            default:
                break
            }
            offset = data + length + 4  // and the CRC
        }
    }
}
