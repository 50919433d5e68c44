/// Reads capture time, position and camera from photo files.
///
/// ```swift
/// let metadata = try PhotoMetadataExtractor().metadata(ofFileAt: "/photos/IMG_0001.JPG")
/// print(metadata.capture?.local, metadata.location)
/// ```
///
/// Only the head of each file is read — normally one 64 KiB `pread` — never the image data.
public struct PhotoMetadataExtractor: Sendable {
    public init() {}

    /// The metadata of the file at `path`, or a typed error saying why it cannot be read.
    public func metadata(ofFileAt path: String) throws(PhotoMetadataError) -> PhotoMetadata {
        try metadata(of: PhotoFile(path: path))
    }

    /// The metadata of a photo already in memory (an image's bytes, as a file would hold them).
    public func metadata(ofBytes bytes: [UInt8]) throws(PhotoMetadataError) -> PhotoMetadata {
        try metadata(of: MemoryBytes(data: bytes))
    }

    private func metadata<Source: ByteSource & ~Copyable>(of file: borrowing Source) throws(PhotoMetadataError) -> PhotoMetadata {
        guard file.size > 0 else { throw .empty }
        let format = ImageFormat(sniffing: file.head)
        switch format {
        case .jpeg: break
        case .unknown: throw file.head.count < 3 ? .truncated : .notAnImage
        default: throw .unsupportedFormat(format)
        }
        let structure = try JPEGStructure(reading: file)
        guard let payload = structure.exifPayload else {
            if let problem = structure.structureProblem { throw .malformedJPEG(reason: problem) }
            if structure.endedEarly || !structure.hasImageData { throw .truncated }
            return PhotoMetadata(format: .jpeg, pixelWidth: structure.frameSize?.width,
                                 pixelHeight: structure.frameSize?.height, warnings: [.noExif])
        }
        let exif = ExifFields(payload: payload)
        var metadata = PhotoMetadata(format: .jpeg, exif: exif)
        if exif.entryCount == 0 { metadata.warnings.insert(.unreadableExif, at: 0) }
        if let frame = structure.frameSize, frame.width > 0, frame.height > 0 {
            (metadata.pixelWidth, metadata.pixelHeight) = (frame.width, frame.height)
        }
        if let range = exif.thumbnailRange {
            metadata.embeddedPreview = (range.lowerBound + structure.exifPayloadOffset)..<(range.upperBound + structure.exifPayloadOffset)
        }
        if !structure.hasImageData { metadata.warnings.append(.noImageData) }
        return metadata
    }
}
