import HEIFCodec
import TimeAndPlace

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Reads capture time, position and camera from photo files.
///
/// ```swift
/// let metadata = try PhotoMetadataExtractor().metadata(ofFileAt: "/photos/IMG_0001.JPG")
/// print(metadata.capture?.local, metadata.location)
/// ```
///
/// Only the head of each file is read — normally one 64 KiB `pread` — never the image data.
public struct PhotoMetadataExtractor: Sendable {
    /// An extractor; it keeps no state, so one serves every file, on any thread.
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
        case .heif: return try heifMetadata(of: file)
        case .png: return try pngMetadata(of: file)
        case .quickTime: return try videoMetadata(of: file)
        case .unknown: throw file.head.count < 3 ? .truncated : .notAnImage
        default: throw .unsupportedFormat(format)
        }
        let structure = try JPEGStructure(reading: file)
        guard let payload = structure.exifPayload else {
            if let problem = structure.structureProblem { throw .malformedJPEG(reason: problem) }
            if structure.endedEarly || !structure.hasImageData { throw .truncated }
            return PhotoMetadata(
                format: .jpeg, pixelWidth: structure.frameSize?.width,
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

    /// HEIF files are read whole (a phone's are a few megabytes) and opened with libheif; the EXIF item goes through
    /// the same libexif path as a JPEG's APP1 block.
    private func heifMetadata<Source: ByteSource & ~Copyable>(of file: borrowing Source) throws(PhotoMetadataError) -> PhotoMetadata {
        guard file.size <= Self.largestHEIF else {
            throw .unreadable(reason: "a HEIF file of \(file.size >> 20) MB; the limit is \(Self.largestHEIF >> 20) MB")
        }
        let bytes = try file.bytes(at: 0, count: file.size)
        guard bytes.count == file.size else { throw .truncated }
        let read = bytes.withUnsafeBytes { buffer in
            Result { () throws(HEIFError) -> PhotoMetadata in
                let heif = try HEIFFile(bytes: buffer)
                var metadata = PhotoMetadata(format: .heif)
                if let payload = heif.exifPayload {
                    let exif = ExifFields(payload: payload[...])
                    metadata = PhotoMetadata(format: .heif, exif: exif)
                    if exif.entryCount == 0 { metadata.warnings.insert(.unreadableExif, at: 0) }
                } else {
                    metadata.warnings.append(.noExif)
                }
                // The container's rotation is applied by libheif when it decodes; EXIF's would turn the photo twice.
                metadata.orientation = nil
                (metadata.pixelWidth, metadata.pixelHeight) = (heif.width, heif.height)
                return metadata
            }
        }
        // Without libheif the file is not broken: the message says what to install.
        return try read.mapError { error in
            if case .libraryMissing = error { return PhotoMetadataError.unreadable(reason: error.description) }
            return PhotoMetadataError.unreadableHEIF(reason: error.description)
        }.get()
    }

    /// A PNG's size and its `eXIf` chunk, read through the same libexif path as a JPEG's APP1 block.
    private func pngMetadata<Source: ByteSource & ~Copyable>(of file: borrowing Source) throws(PhotoMetadataError) -> PhotoMetadata {
        let chunks = try PNGChunks(reading: file)
        guard let width = chunks.width, let height = chunks.height else { throw .truncated }
        var metadata = PhotoMetadata(format: .png)
        if let tiff = chunks.exif {
            let exif = ExifFields(payload: (Array("Exif\0\0".utf8) + tiff)[...])
            metadata = PhotoMetadata(format: .png, exif: exif)
            if exif.entryCount == 0 { metadata.warnings.insert(.unreadableExif, at: 0) }
        } else {
            metadata.warnings.append(.noExif)
        }
        (metadata.pixelWidth, metadata.pixelHeight) = (width, height)
        if chunks.truncated { metadata.warnings.append(.noImageData) }
        return metadata
    }

    /// A video's capture time, place, camera and embedded cover, from its atoms (``QuickTimeAtoms``).
    private func videoMetadata<Source: ByteSource & ~Copyable>(of file: borrowing Source) throws(PhotoMetadataError) -> PhotoMetadata {
        let atoms = try QuickTimeAtoms(reading: file)
        guard atoms.hasMovie else { throw .videoWithoutMovieHeader }
        var metadata = PhotoMetadata(
            format: .quickTime, make: atoms.make, model: atoms.model, pixelWidth: atoms.width,
            pixelHeight: atoms.height)
        if let text = atoms.creationDate, let date = ISODateTime(text) {
            metadata.capture = CaptureTime(
                local: date.local, utcOffset: date.offset, source: .offsetTimeOriginal,
                clockTag: .creationDate)
        } else if let seconds = atoms.movieHeaderTime, let utc = UTCOffset(seconds: 0),
            let local = LocalDateTime(instant: Date(timeIntervalSince1970: seconds), offset: utc)
        {
            metadata.capture = CaptureTime(local: local, utcOffset: utc, source: .gpsClock, clockTag: .movieHeader)
        }
        if let text = atoms.location {
            if let point = QuickTimeAtoms.coordinate(iso6709: text), !point.isNullIsland {
                metadata.location = point
            } else {
                metadata.warnings.append(.invalidGPSPosition(reason: "ISO 6709 position \"\(text)\""))
            }
        }
        metadata.captureOrigin = metadata.capture == nil ? nil : .file
        metadata.locationOrigin = metadata.location == nil ? nil : .file
        metadata.embeddedPreview = atoms.poster
        return metadata
    }

    /// HEIF files larger than this are not read into memory.
    static let largestHEIF = 256 << 20
}
