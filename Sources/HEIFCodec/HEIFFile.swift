import CHeif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A HEIF/HEIC file read with libheif: the primary image's size as displayed, its EXIF block, and its pixels — from
/// the smallest embedded thumbnail that is large enough, else from the image itself.
///
/// libheif applies the container's rotation and mirroring (`irot`, `imir`) when it decodes, and reports sizes after
/// them, so nothing downstream turns a HEIC photo again: its EXIF orientation describes the stored pixels and is
/// not to be applied a second time.
public final class HEIFFile {
    private let heif: LibHeif
    private let context: OpaquePointer
    private let primary: OpaquePointer
    /// Pixels the primary image shows, after rotation.
    public let width: Int
    /// Its height in pixels, after rotation (like `width`).
    public let height: Int

    /// The largest image side libheif will allocate for (a header cannot make it reserve more).
    public static let maximumSide = 32_768

    /// Opens the file at `path`; libheif reads the boxes it needs, not the image data.
    public convenience init(path: String) throws(HEIFError) {
        try self.init { heif, context in heif.readFromFile(context, path, nil) }
    }

    /// Opens HEIF bytes in memory; `bytes` must outlive the file (it is not copied).
    public convenience init(bytes: UnsafeRawBufferPointer) throws(HEIFError) {
        try self.init { heif, context in heif.readFromMemoryWithoutCopy(context, bytes.baseAddress, bytes.count, nil) }
    }

    private init(reading read: (LibHeif, OpaquePointer) -> heif_error) throws(HEIFError) {
        let heif = try LibHeif.loaded()
        guard let context = heif.contextAlloc() else { throw .unreadable(reason: "out of memory") }
        heif.setMaximumImageSizeLimit(context, Int32(Self.maximumSide))
        var handle: OpaquePointer?
        var error = read(heif, context)
        if error.code == heif_error_Ok { error = heif.primaryImageHandle(context, &handle) }
        guard error.code == heif_error_Ok, let handle else {
            let reason = Self.message(error)  // the message lives in the context
            heif.contextFree(context)
            throw .unreadable(reason: reason)
        }
        self.heif = heif
        self.context = context
        primary = handle
        width = Int(heif.handleWidth(handle))
        height = Int(heif.handleHeight(handle))
    }

    deinit {
        heif.handleRelease(primary)
        heif.contextFree(context)
    }

    /// The primary image's EXIF block as a JPEG APP1 payload (`Exif\0\0` and the TIFF structure), ready for libexif;
    /// nil when it has none or it is malformed.
    public var exifPayload: [UInt8]? {
        var id: heif_item_id = 0
        guard heif.metadataBlockIDs(primary, "Exif", &id, 1) == 1 else { return nil }
        let size = heif.metadataSize(primary, id)
        guard size > 4, size < 16 << 20 else { return nil }
        var block = [UInt8](repeating: 0, count: size)
        guard heif.metadata(primary, id, &block).code == heif_error_Ok else { return nil }
        // A 4-byte big-endian offset from its own end to the TIFF header (6 when `Exif\0\0` comes first).
        let offset = block[0..<4].reduce(0) { $0 << 8 | Int($1) }
        guard offset < size - 4 else { return nil }
        return Array("Exif\0\0".utf8) + block[(4 + offset)...]
    }

    /// Decoded pixels, upright, as 8-bit RGB rows without padding: from the smallest embedded thumbnail whose long
    /// side is at least `longSide`, else the primary image. Images over `maximumPixels` are refused before decoding.
    public func rgb(longSideAtLeast longSide: Int, maximumPixels: Int) throws(HEIFError) -> DecodedImage {
        var source = primary
        var thumbnail: OpaquePointer?
        defer { if let thumbnail { heif.handleRelease(thumbnail) } }
        let count = Int(heif.numberOfThumbnails(primary))
        if count > 0 {
            var ids = [heif_item_id](repeating: 0, count: count)
            let listed = Int(heif.thumbnailIDs(primary, &ids, Int32(count)))
            var best: (handle: OpaquePointer, pixels: Int)?
            for id in ids.prefix(listed) {
                var handle: OpaquePointer?
                guard heif.thumbnail(primary, id, &handle).code == heif_error_Ok, let handle else { continue }
                let (w, h) = (Int(heif.handleWidth(handle)), Int(heif.handleHeight(handle)))
                if max(w, h) >= longSide, best.map({ w * h < $0.pixels }) ?? true {
                    if let previous = best { heif.handleRelease(previous.handle) }
                    best = (handle, w * h)
                } else {
                    heif.handleRelease(handle)
                }
            }
            if let best {
                thumbnail = best.handle
                source = best.handle
            }
        }
        let (w, h) = (Int(heif.handleWidth(source)), Int(heif.handleHeight(source)))
        guard w > 0, h > 0, w * h <= maximumPixels else { throw .tooLarge(width: w, height: h) }
        var image: OpaquePointer?
        let error = heif.decodeImage(source, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil)
        guard error.code == heif_error_Ok, let image else { throw .undecodable(reason: Self.message(error)) }
        defer { heif.imageRelease(image) }
        var stride: Int32 = 0
        guard let plane = heif.planeReadonly(image, heif_channel_interleaved, &stride) else {
            throw .undecodable(reason: "no pixels")
        }
        let (decodedWidth, decodedHeight) = (
            Int(heif.imageWidth(image, heif_channel_interleaved)),
            Int(heif.imageHeight(image, heif_channel_interleaved))
        )
        var pixels = [UInt8](repeating: 0, count: decodedWidth * decodedHeight * 3)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for row in 0..<decodedHeight {
                (buffer.baseAddress! + row * decodedWidth * 3)
                    .update(from: plane + row * Int(stride), count: decodedWidth * 3)
            }
        }
        return DecodedImage(rgb: pixels, width: decodedWidth, height: decodedHeight, fromThumbnail: thumbnail != nil)
    }

    private static func message(_ error: heif_error) -> String {
        error.message.map { String(cString: $0) } ?? "libheif error \(error.code.rawValue)"
    }
}

/// Pixels decoded from a HEIF image.
public struct DecodedImage: Sendable {
    /// 8-bit RGB, rows top to bottom, no padding.
    public var rgb: [UInt8]
    /// Pixels per row of `rgb` (the embedded thumbnail's width when `fromThumbnail`).
    public var width: Int
    /// Rows in `rgb`.
    public var height: Int
    /// Made from an embedded thumbnail rather than the image itself.
    public var fromThumbnail: Bool
}

/// Why a HEIF file could not be used.
public enum HEIFError: Error, Hashable, Sendable, CustomStringConvertible {
    case unreadable(reason: String)
    case tooLarge(width: Int, height: Int)
    case undecodable(reason: String)
    /// libheif is not installed, not where it is looked for, or too old to have every function used: JPEG and PNG
    /// photos are read all the same.
    case libraryMissing

    /// The reason in a sentence, with libheif's own message when it gave one.
    public var description: String {
        switch self {
        case .unreadable(let reason): "libheif cannot read the file: \(reason)"
        case .tooLarge(let width, let height): "the image claims \(width)×\(height) pixels; refused without decoding"
        case .undecodable(let reason): "libheif cannot decode the image: \(reason)"
        case .libraryMissing:
            "HEIF photos need libheif 1.x, which is missing or too old: install it (Debian: apt-get install libheif1; macOS: brew install libheif)"
        }
    }
}
