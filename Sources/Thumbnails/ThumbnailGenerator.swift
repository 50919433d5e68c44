import Foundation
import JPEGCodec
import PhotoMetadata

/// Makes small, upright JPEG thumbnails of photos, with no metadata in them (no GPS leaves the library).
///
/// libjpeg decodes at the smallest DCT scale (n/8) whose result is still at least the target size, so a 12 MP photo
/// is decoded at 1/8 — an eighth of the work and a sixty-fourth of the memory — then a box filter brings it to the
/// exact size and the EXIF orientation is applied.
///
/// Cheaper still, most cameras store a small JPEG of the photo in its EXIF block (IFD1). When that preview is at
/// least the target size, has the photo's proportions and decodes without a single warning, it stands in for the
/// photo: a few kilobytes decoded instead of megabytes. Anything less — a 160 × 120 phone preview, a letterboxed
/// one, a damaged one — and the photo itself is decoded.
public struct ThumbnailGenerator: Sendable {
    /// Pixels on the long side.
    public var longSide: Int
    /// JPEG quality, 1-100. Shrink-on-load itself costs almost nothing (SSIM 0.993-0.999 against a full decode
    /// box-filtered to size); at 200 px the encoding is what shows, and 90 keeps it at SSIM ≈ 0.985 where 85 gives
    /// 0.97 (docs/PERFORMANCE.md), for about a kilobyte more per thumbnail.
    public var quality: Int
    /// Headers announcing more pixels than this are refused without decoding: memory stays bounded whatever a file
    /// claims (a 65,000 × 65,000 header would be 12 GB of pixels).
    public var maximumPixels: Int
    /// Whether an embedded preview may stand in for the photo (`--no-embedded-previews` turns this off).
    public var usesEmbeddedPreviews: Bool

    public init(longSide: Int = 200, quality: Int = 90, maximumPixels: Int = 200_000_000, usesEmbeddedPreviews: Bool = true) {
        self.longSide = longSide
        self.quality = quality
        self.maximumPixels = maximumPixels
        self.usesEmbeddedPreviews = usesEmbeddedPreviews
    }

    /// A thumbnail of the JPEG at `path`, turned upright for its EXIF `orientation` (1-8; nil or other values: as is),
    /// made from its `embeddedPreview` when that is good enough.
    public func thumbnail(ofJPEGAt path: String, orientation: Int? = nil,
                          embeddedPreview: EmbeddedPreview? = nil) throws(ThumbnailError) -> Thumbnail {
        if usesEmbeddedPreviews, let embeddedPreview, let thumbnail = thumbnail(of: embeddedPreview, inFileAt: path, orientation: orientation) {
            return thumbnail
        }
        return try thumbnail(orientation: orientation) { image, width, height, status in
            sl_jpeg_decode_scaled(path, Int32(longSide), UInt(maximumPixels), &image, &width, &height, &status)
        }
    }

    /// The thumbnail made from the preview, or nil when the preview cannot stand in for the photo.
    private func thumbnail(of preview: EmbeddedPreview, inFileAt path: String, orientation: Int?) -> Thumbnail? {
        guard preview.byteRange.count <= 4 << 20, preview.imageWidth > 0, preview.imageHeight > 0,
              let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard (try? handle.seek(toOffset: UInt64(preview.byteRange.lowerBound))) != nil,
              let data = try? handle.read(upToCount: preview.byteRange.count), data.count == preview.byteRange.count
        else { return nil }
        let bytes = [UInt8](data)
        // Judged right after decoding, before any resizing or encoding is spent on a preview that will be refused.
        let usable = { (width: Int, height: Int, status: sl_status) in
            status.warnings == 0 && max(width, height) >= longSide
                && Self.sameProportions((width, height), (preview.imageWidth, preview.imageHeight))
        }
        guard var thumbnail = try? thumbnail(ofBytes: bytes, orientation: orientation, accepting: usable) else { return nil }
        thumbnail.madeFromEmbeddedPreview = true
        return thumbnail
    }

    /// Within 2 %: a preview is a whole number of 8 × 8 blocks, so 4032 × 3024 gives 504 × 376, not 504 × 378.
    /// A letterboxed 160 × 120 preview of a 3:2 photo differs by 11 % and is refused.
    private static func sameProportions(_ a: (width: Int, height: Int), _ b: (width: Int, height: Int)) -> Bool {
        let ratio = (Double(a.width) / Double(a.height)) / (Double(b.width) / Double(b.height))
        return abs(ratio - 1) <= 0.02
    }

    /// A thumbnail of JPEG bytes already in memory.
    public func thumbnail(ofJPEGData data: Data, orientation: Int? = nil) throws(ThumbnailError) -> Thumbnail {
        try thumbnail(ofBytes: [UInt8](data), orientation: orientation)
    }

    private func thumbnail(ofBytes bytes: [UInt8], orientation: Int?,
                           accepting usable: (Int, Int, sl_status) -> Bool = { _, _, _ in true }) throws(ThumbnailError) -> Thumbnail {
        try thumbnail(orientation: orientation, accepting: usable) { image, width, height, status in
            sl_jpeg_decode_scaled_memory(bytes, UInt(bytes.count), Int32(longSide), UInt(maximumPixels), &image, &width,
                                         &height, &status)
        }
    }

    private func thumbnail(orientation: Int?, accepting usable: (Int, Int, sl_status) -> Bool = { _, _, _ in true },
                           decode: (inout sl_image, inout Int32, inout Int32, inout sl_status) -> Int32) throws(ThumbnailError) -> Thumbnail {
        var status = sl_status()
        var decoded = sl_image()
        var originalWidth: Int32 = 0, originalHeight: Int32 = 0
        guard decode(&decoded, &originalWidth, &originalHeight, &status) == 0 else {
            if Int(originalWidth) * Int(originalHeight) > maximumPixels {
                throw .tooLarge(width: Int(originalWidth), height: Int(originalHeight))
            }
            throw .undecodable(reason: Self.message(status))
        }
        defer { sl_image_free(&decoded) }
        guard usable(Int(originalWidth), Int(originalHeight), status) else {
            throw .undecodable(reason: "the image is not fit for this use")
        }
        let scale = min(1, Double(longSide) / Double(max(decoded.width, decoded.height)))
        var resized = sl_image()
        guard sl_image_resize_area(&decoded, max(1, Int32((Double(decoded.width) * scale).rounded())),
                                   max(1, Int32((Double(decoded.height) * scale).rounded())), &resized) == 0 else {
            throw .undecodable(reason: "out of memory")
        }
        defer { sl_image_free(&resized) }
        var upright = sl_image()
        guard sl_image_orient(&resized, Int32(orientation ?? 1), &upright) == 0 else {
            throw .undecodable(reason: "out of memory")
        }
        defer { sl_image_free(&upright) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        var encodeStatus = sl_status()
        guard sl_jpeg_encode(&upright, Int32(quality), &output, &size, &encodeStatus) == 0, let output else {
            throw .undecodable(reason: Self.message(encodeStatus))
        }
        defer { free(output) }
        return Thumbnail(jpeg: Data(bytes: output, count: Int(size)), width: Int(upright.width), height: Int(upright.height),
                         sourceWidth: Int(originalWidth), sourceHeight: Int(originalHeight),
                         warnings: status.warnings > 0 ? [Self.message(status)] : [])
    }

    private static func message(_ status: sl_status) -> String {
        withUnsafeBytes(of: status.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

/// A finished thumbnail: JPEG bytes and their size.
public struct Thumbnail: Hashable, Sendable {
    public var jpeg: Data
    public var width: Int
    public var height: Int
    /// The size of the image it was made from, before orientation.
    public var sourceWidth: Int
    public var sourceHeight: Int
    /// Made from the photo's embedded preview rather than the photo itself.
    public var madeFromEmbeddedPreview = false
    /// Corrupt data libjpeg worked around (a cut-short file still gives an image, with a warning).
    public var warnings: [String]
}

/// The small JPEG a camera stores inside a photo's EXIF block, and the photo's own size to check it against.
public struct EmbeddedPreview: Hashable, Sendable {
    /// Where the preview's bytes lie in the photo file.
    public var byteRange: Range<Int>
    /// The photo's pixel size (from its frame header), before orientation.
    public var imageWidth: Int
    public var imageHeight: Int

    public init(byteRange: Range<Int>, imageWidth: Int, imageHeight: Int) {
        self.byteRange = byteRange
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
    }

    /// The preview a photo's metadata points to; nil when it has none or its size is unknown.
    public init?(metadata: PhotoMetadata?) {
        guard let metadata, let range = metadata.embeddedPreview, let width = metadata.pixelWidth,
              let height = metadata.pixelHeight else { return nil }
        self.init(byteRange: range, imageWidth: width, imageHeight: height)
    }
}

public enum ThumbnailError: Error, Hashable, Sendable, CustomStringConvertible {
    case tooLarge(width: Int, height: Int)
    case undecodable(reason: String)

    public var description: String {
        switch self {
        case .tooLarge(let width, let height): "the image claims \(width)×\(height) pixels; refused without decoding"
        case .undecodable(let reason): "the image cannot be decoded: \(reason)"
        }
    }
}
