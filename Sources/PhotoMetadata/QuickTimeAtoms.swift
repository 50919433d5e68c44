import TimeAndPlace

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The metadata of a QuickTime or MP4 video, read by walking its atoms ourselves: only atom headers and the few
/// small atoms that carry metadata are read, never the media data, and the walk is bounded in depth and count.
///
/// - Time: Apple's `com.apple.quicktime.creationdate` key (local time with its zone), else the movie header's
///   (`mvhd`) creation time, which is UTC.
/// - Place: the `com.apple.quicktime.location.ISO6709` key, else the user-data `©xyz` atom (Android, older Apple).
/// - Poster: an embedded cover image (`covr`, JPEG), when there is one.
struct QuickTimeAtoms {
    var creationDate: String?
    var location: String?
    var make: String?
    var model: String?
    /// Seconds since 1970 from `mvhd`; nil when unset (0).
    var movieHeaderTime: Double?
    var width: Int?
    var height: Int?
    /// Where an embedded JPEG cover lies in the file.
    var poster: Range<Int>?
    /// No `moov` atom was found (a file cut short, or not a movie).
    var hasMovie = false

    /// Atoms larger than this are not read whole (a `keys` or `©xyz` atom is a few hundred bytes).
    static let largestMetadataAtom = 1 << 20
    /// Seconds from 1904-01-01 (QuickTime's epoch) to 1970-01-01.
    static let epochOffset = 2_082_844_800.0

    private var keys: [String] = []
    private var atoms = 0

    init<Source: ByteSource & ~Copyable>(reading file: borrowing Source) throws(PhotoMetadataError) {
        try walk(file, from: 0, to: file.size, depth: 0, parent: "")
    }

    private mutating func walk<Source: ByteSource & ~Copyable>(
        _ file: borrowing Source, from start: Int, to end: Int,
        depth: Int, parent: String
    ) throws(PhotoMetadataError) {
        var offset = start
        while offset + 8 <= end, depth < 8, atoms < 10_000 {
            atoms += 1
            let header = try file.bytes(at: offset, count: 16)
            guard header.count >= 8 else { return }
            var size = Self.integer(header.prefix(4))
            // Latin-1, byte for byte: `©xyz` starts with 0xA9, and keyed items are named by a binary index.
            let type = String(header.dropFirst(4).prefix(4).map { Character(Unicode.Scalar($0)) })
            var headerSize = 8
            if size == 1, header.count == 16 {
                size = Self.integer(header.suffix(8))
                headerSize = 16
            } else if size == 0 {
                size = end - offset  // to the end of its container
            }
            // Cut short (or a size no file can have): keep what was read. Compared without adding, so no size overflows.
            guard size >= headerSize, size <= end - offset else { return }
            let content = (offset + headerSize)..<(offset + size)
            try visit(type, content, in: file, depth: depth, parent: parent)
            offset += size
        }
    }

    private mutating func visit<Source: ByteSource & ~Copyable>(
        _ type: String, _ content: Range<Int>,
        in file: borrowing Source, depth: Int,
        parent: String
    ) throws(PhotoMetadataError) {
        switch type {
        case "moov":
            hasMovie = true
            try walk(file, from: content.lowerBound, to: content.upperBound, depth: depth + 1, parent: type)
        case "udta", "trak":
            try walk(file, from: content.lowerBound, to: content.upperBound, depth: depth + 1, parent: type)
        case "meta":
            // QuickTime's `meta` holds atoms at once; ISO's (MP4) starts with 4 bytes of version and flags.
            let first = try file.bytes(at: content.lowerBound, count: 4)
            let skip = first.count == 4 && Self.integer(first) == 0 ? 4 : 0
            try walk(file, from: content.lowerBound + skip, to: content.upperBound, depth: depth + 1, parent: type)
        case "ilst":
            try walk(file, from: content.lowerBound, to: content.upperBound, depth: depth + 1, parent: type)
        case "mvhd":
            let body = try file.bytes(at: content.lowerBound, count: 12)
            guard body.count == 12 else { return }
            let seconds = body.first == 1 ? Self.integer(body.dropFirst(4).prefix(8)) : Self.integer(body.dropFirst(4).prefix(4))
            // Unset (0) or impossible (before 1970, after 2100) clocks are no capture time.
            let unix = Double(seconds) - Self.epochOffset
            if (0...4_102_444_800).contains(unix) { movieHeaderTime = unix }
        case "tkhd" where width == nil && content.count >= 8:
            // Width and height are the last 8 bytes, 16.16 fixed point; audio tracks have zero.
            let tail = try file.bytes(at: content.upperBound - 8, count: 8)
            let (w, h) = (Self.integer(tail.prefix(4)) >> 16, Self.integer(tail.suffix(4)) >> 16)
            if tail.count == 8, w > 0, h > 0 { (width, height) = (w, h) }
        case "keys" where content.count <= Self.largestMetadataAtom:
            keys = Self.keyNames(try file.bytes(at: content.lowerBound, count: content.count))
        case "\u{A9}xyz" where parent == "udta" && content.count <= Self.largestMetadataAtom:
            // A 2-byte length and a 2-byte language, then the text.
            let body = try file.bytes(at: content.lowerBound, count: content.count)
            let length = Self.integer(body.prefix(2))
            if location == nil, body.count >= 4 + length {
                location = String(decoding: body.dropFirst(4).prefix(length), as: UTF8.self)
            }
        default:
            guard parent == "ilst" else { return }
            try item(type, content, in: file)
        }
    }

    /// One metadata item of `ilst`: named by its index into `keys` (QuickTime) or by its own type (`covr`).
    private mutating func item<Source: ByteSource & ~Copyable>(
        _ type: String, _ content: Range<Int>,
        in file: borrowing Source
    ) throws(PhotoMetadataError) {
        let header = try file.bytes(at: content.lowerBound, count: 16)
        guard header.count == 16, String(decoding: header.dropFirst(4).prefix(4), as: UTF8.self) == "data" else { return }
        let dataSize = Self.integer(header.prefix(4))
        let kind = Self.integer(header.dropFirst(8).prefix(4)) & 0xFF_FFFF
        // The data atom's size is the file's word: one smaller than its own header, or than the item, says nothing.
        let end = min(content.upperBound, content.lowerBound + dataSize)
        guard end > content.lowerBound + 16 else { return }
        let value = (content.lowerBound + 16)..<end
        if type == "covr", kind == 13 {  // 13: JPEG
            poster = value
            return
        }
        let index = Self.integer(Array(type.unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) })[...])
        guard kind == 1, index >= 1, index <= keys.count, value.count <= 4096 else { return }  // 1: UTF-8
        let text = String(decoding: try file.bytes(at: value.lowerBound, count: value.count), as: UTF8.self)
        switch keys[index - 1] {
        case "com.apple.quicktime.creationdate": creationDate = text
        case "com.apple.quicktime.location.ISO6709": location = text
        case "com.apple.quicktime.make": make = text
        case "com.apple.quicktime.model": model = text
        default: break
        }
    }

    /// The names of a `keys` atom: version and flags, a count, then (size, namespace, name) entries.
    private static func keyNames(_ body: ArraySlice<UInt8>) -> [String] {
        var names: [String] = []
        var offset = body.startIndex + 8
        while offset + 8 <= body.endIndex, names.count < 1_000 {
            let size = integer(body[offset..<offset + 4])
            guard size >= 8, offset + size <= body.endIndex else { break }
            names.append(String(decoding: body[(offset + 8)..<(offset + size)], as: UTF8.self))
            offset += size
        }
        return names
    }

    private static func integer(_ bytes: some Collection<UInt8>) -> Int {
        bytes.reduce(0) { $0 << 8 | Int($1) }
    }

    /// An ISO 6709 position (`+40.7484-073.9857+010.000/`): degrees (`±DD.DDD`), degrees and minutes (`±DDMM.MMM`)
    /// or degrees, minutes and seconds (`±DDMMSS.S`), latitude then longitude.
    static func coordinate(iso6709 text: String) -> GeoCoordinate? {
        var numbers: [Substring] = []
        var start = text.startIndex
        for index in text.indices.dropFirst() where "+-/".contains(text[index]) {
            numbers.append(text[start..<index])
            start = index
        }
        guard numbers.count >= 2, let latitude = degrees(numbers[0], degreeDigits: 2),
            let longitude = degrees(numbers[1], degreeDigits: 3)
        else { return nil }
        return GeoCoordinate(latitude: latitude, longitude: longitude)
    }

    private static func degrees(_ text: Substring, degreeDigits: Int) -> Double? {
        guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
        let number = text.dropFirst()
        let whole = number.prefix { $0 != "." }
        guard !whole.isEmpty, whole.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Double(number) else { return nil }
        var result: Double
        switch whole.count - degreeDigits {
        case 0: result = value
        case 2: result = (value / 100).rounded(.down) + value.truncatingRemainder(dividingBy: 100) / 60
        case 4:
            let degrees = (value / 10_000).rounded(.down)
            let minutes = ((value - degrees * 10_000) / 100).rounded(.down)
            result = degrees + minutes / 60 + (value - degrees * 10_000 - minutes * 100) / 3_600
        default: return nil
        }
        return sign == "-" ? -result : result
    }
}
