/// What the segment walk of a JPEG found before the image data: the EXIF payload and the frame size.
///
/// libexif's own file loader gives up when APP6–APP9 segments (written by Huawei and Motorola phones) precede APP1,
/// and reads whole files. Walking the segments ourselves fixes both: we stop at the frame header and hand only the
/// APP1 payload to `exif_data_load_data`.
struct JPEGStructure {
    /// The APP1 payload starting with `Exif\0\0`, if any.
    var exifPayload: ArraySlice<UInt8>?
    /// Where that payload starts in the file.
    var exifPayloadOffset = 0
    /// Width and height from the first SOFn frame header.
    var frameSize: (width: Int, height: Int)?
    /// The walk reached a frame header or scan: the file carries image data.
    var hasImageData = false
    /// The file ended (or its structure broke) before any image data.
    var endedEarly = false
    /// Why the walk stopped early, when the structure was broken rather than cut short.
    var structureProblem: String?

    private static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
    /// A JPEG has a few dozen segments before its image data; more means garbage.
    private static let segmentLimit = 1_000

    init<Source: ByteSource & ~Copyable>(reading file: borrowing Source) throws(PhotoMetadataError) {
        var offset = 2  // after SOI
        for _ in 0..<Self.segmentLimit {
            let markerBytes = try file.bytes(at: offset, count: 4)
            guard markerBytes.count >= 2 else {
                endedEarly = true
                return
            }
            let first = markerBytes[markerBytes.startIndex]
            let marker = markerBytes[markerBytes.startIndex + 1]
            guard first == 0xFF else {
                structureProblem = "expected a segment marker at byte \(offset)"
                return
            }
            switch marker {
            case 0xFF:  // fill byte before a marker
                offset += 1
                continue
            case 0x01, 0xD0...0xD7:  // stand-alone markers carry no length
                offset += 2
                continue
            case 0xD9:  // EOI before any frame: metadata only
                return
            case 0xDA:  // SOS
                hasImageData = true
                return
            default:
                break
            }
            guard markerBytes.count == 4 else {
                endedEarly = true
                return
            }
            let length = Int(markerBytes[markerBytes.startIndex + 2]) << 8 | Int(markerBytes[markerBytes.startIndex + 3])
            guard length >= 2 else {
                structureProblem = "segment at byte \(offset) has an impossible length"
                return
            }
            let payloadOffset = offset + 4
            let payloadLength = length - 2
            if marker == 0xE1, exifPayload == nil,
                try file.bytes(at: payloadOffset, count: Self.exifHeader.count).elementsEqual(Self.exifHeader)
            {
                let payload = try file.bytes(at: payloadOffset, count: payloadLength)
                guard payload.count == payloadLength else {
                    endedEarly = true
                    return
                }
                exifPayload = payload
                exifPayloadOffset = payloadOffset
            }
            if Self.isFrameHeader(marker) {
                let header = try file.bytes(at: payloadOffset, count: 5)
                guard header.count == 5 else {
                    endedEarly = true
                    return
                }
                let height = Int(header[header.startIndex + 1]) << 8 | Int(header[header.startIndex + 2])
                let width = Int(header[header.startIndex + 3]) << 8 | Int(header[header.startIndex + 4])
                frameSize = (width, height)
                hasImageData = true
                return
            }
            offset = payloadOffset + payloadLength
        }
        structureProblem = "more than \(Self.segmentLimit) segments before the image data"
    }

    /// SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC), which share the range.
    private static func isFrameHeader(_ marker: UInt8) -> Bool {
        (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker)
    }
}
