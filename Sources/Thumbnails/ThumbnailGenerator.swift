import CPNG
import Foundation
import HEIFCodec
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
    /// The most memory one decode may hold (output pixels, and a progressive JPEG's coefficients, which libjpeg keeps
    /// for the whole image whatever the output scale): a 712-byte file claiming 19999 × 10000 progressive pixels
    /// would take 600 MB, and is refused before decoding. Every decode also takes its memory from one budget for the
    /// whole process (`sl_memory_reserve`), so memory stays bounded however many cores decode side by side.
    public var maximumDecodeBytes: Int
    /// Whether an embedded preview may stand in for the photo (`--no-embedded-previews` turns this off).
    public var usesEmbeddedPreviews: Bool

    /// A generator with the library's defaults: a 200 px long side, quality 90, at most 200 million pixels, one decode
    /// allowed the whole process's memory budget (`sl_memory_budget()`), embedded previews used.
    public init(
        longSide: Int = 200, quality: Int = 90, maximumPixels: Int = 200_000_000,
        maximumDecodeBytes: Int = Int(sl_memory_budget()), usesEmbeddedPreviews: Bool = true
    ) {
        self.longSide = longSide
        self.quality = quality
        self.maximumPixels = maximumPixels
        self.maximumDecodeBytes = maximumDecodeBytes
        self.usesEmbeddedPreviews = usesEmbeddedPreviews
    }

    /// Decoded RGB images hold three bytes a pixel; libheif also holds the YCbCr planes it decodes from.
    private static let heifBytesPerPixel = 5

    /// A thumbnail of the photo at `path`, JPEG or HEIF, upright, using what its metadata says (its format, orientation
    /// and embedded preview); without metadata the format is sniffed from the file.
    public func thumbnail(ofPhotoAt path: String, metadata: PhotoMetadata?) throws(ThumbnailError) -> Thumbnail {
        let format =
            metadata?.format
            ?? FileHandle(forReadingAtPath: path).flatMap { handle in
                defer { try? handle.close() }
                return (try? handle.read(upToCount: 12)).map { ImageFormat(sniffing: [UInt8]($0)) }
            }
        if format == .heif { return try thumbnail(ofHEIFAt: path) }
        if format == .png { return try thumbnail(ofPNGAt: path) }
        if format == .quickTime { return try thumbnail(ofVideoAt: path, poster: metadata?.embeddedPreview) }
        return try thumbnail(ofJPEGAt: path, orientation: metadata?.orientation, embeddedPreview: EmbeddedPreview(metadata: metadata))
    }

    /// A thumbnail of the HEIF/HEIC file at `path`: from its own thumbnail item when that is large enough, else from the
    /// image; already upright (libheif applies the container's rotation and mirroring).
    public func thumbnail(ofHEIFAt path: String) throws(ThumbnailError) -> Thumbnail {
        var fromThumbnail = false
        var thumbnail = try thumbnail(orientation: nil) { image, width, height, status in
            do throws(HEIFError) {
                let file = try HEIFFile(path: path)
                (width, height) = (Int32(file.width), Int32(file.height))
                // Reserved for the primary image (the most an embedded thumbnail can need); decodes over the limit
                // are refused by their pixel count.
                let bytes = min(maximumDecodeBytes, file.width * file.height * Self.heifBytesPerPixel)
                guard sl_memory_reserve(bytes) == 0 else { return -1 }
                defer { sl_memory_release(bytes) }
                let decoded = try file.rgb(
                    longSideAtLeast: longSide,
                    maximumPixels: min(maximumPixels, maximumDecodeBytes / Self.heifBytesPerPixel))
                guard let pixels = malloc(decoded.rgb.count) else { return -1 }
                decoded.rgb.withUnsafeBytes { pixels.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                image = sl_image(
                    pixels: pixels.assumingMemoryBound(to: UInt8.self), width: Int32(decoded.width),
                    height: Int32(decoded.height))
                fromThumbnail = decoded.fromThumbnail
                return 0
            } catch {
                Self.describe(error, in: &status)
                return -1
            }
        }
        thumbnail.madeFromEmbeddedPreview = fromThumbnail
        return thumbnail
    }

    /// A video's thumbnail: its embedded cover (a JPEG `poster` inside the file) when it has one, else a placeholder —
    /// videos are never decoded.
    public func thumbnail(ofVideoAt path: String, poster: Range<Int>?) throws(ThumbnailError) -> Thumbnail {
        if let poster, poster.count <= 8 << 20, let handle = FileHandle(forReadingAtPath: path) {
            defer { try? handle.close() }
            if (try? handle.seek(toOffset: UInt64(poster.lowerBound))) != nil,
                let data = try? handle.read(upToCount: poster.count), data.count == poster.count,
                var thumbnail = try? thumbnail(ofJPEGData: data)
            {
                thumbnail.madeFromEmbeddedPreview = true
                return thumbnail
            }
        }
        var placeholder = try thumbnail(orientation: nil) { image, width, height, _ in
            Self.drawPlaceholder(longSide: longSide, into: &image)
            (width, height) = (image.width, image.height)
            return image.pixels == nil ? -1 : 0
        }
        placeholder.isPlaceholder = true
        return placeholder
    }

    /// A 16:9 slate with a white "play" triangle: what a video without a cover shows.
    private static func drawPlaceholder(longSide: Int, into image: inout sl_image) {
        let (width, height) = (longSide, longSide * 9 / 16)
        guard let pixels = malloc(width * height * 3)?.assumingMemoryBound(to: UInt8.self) else { return }
        let (centerX, centerY, size) = (Double(width) / 2, Double(height) / 2, Double(height) / 4)
        for y in 0..<height {
            for x in 0..<width {
                // Inside the triangle pointing right: left edge at centerX - size/2, tip at centerX + size.
                let dx = Double(x) - (centerX - size / 2)
                let dy = abs(Double(y) - centerY)
                let inside = dx >= 0 && dx <= size * 1.5 && dy <= size * (1 - dx / (size * 1.5))
                let shade: (UInt8, UInt8, UInt8) = inside ? (245, 245, 245) : (43, 52, 64)
                let offset = (y * width + x) * 3
                (pixels[offset], pixels[offset + 1], pixels[offset + 2]) = shade
            }
        }
        image = sl_image(pixels: pixels, width: Int32(width), height: Int32(height))
    }

    /// A thumbnail of the PNG at `path`, decoded whole by libpng (PNG has no reduced-size decoding), transparency
    /// composited on black.
    public func thumbnail(ofPNGAt path: String) throws(ThumbnailError) -> Thumbnail {
        try thumbnail(orientation: nil) { image, width, height, status in
            var png = png_image()
            png.version = UInt32(PNG_IMAGE_VERSION)
            defer { png_image_free(&png) }
            guard png_image_begin_read_from_file(&png, path) != 0 else {
                Self.describe(Self.message(png), in: &status)
                return -1
            }
            (width, height) = (Int32(png.width), Int32(png.height))
            // PNG has no reduced-size decoding: the whole image is held, so it is what is counted.
            let bytes = Int(png.width) * Int(png.height) * 3
            guard Int(png.width) * Int(png.height) <= maximumPixels, bytes <= maximumDecodeBytes,
                sl_memory_reserve(bytes) == 0
            else { return -1 }
            defer { sl_memory_release(bytes) }
            png.format = UInt32(PNG_FORMAT_RGB)
            guard let pixels = malloc(bytes) else { return -1 }
            guard png_image_finish_read(&png, nil, pixels, 0, nil) != 0 else {
                free(pixels)
                Self.describe(Self.message(png), in: &status)
                return -1
            }
            image = sl_image(pixels: pixels.assumingMemoryBound(to: UInt8.self), width: width, height: height)
            return 0
        }
    }

    private static func message(_ png: png_image) -> String {
        withUnsafeBytes(of: png.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    private static func describe(_ error: HEIFError, in status: inout sl_status) { describe(error.description, in: &status) }

    private static func describe(_ text: String, in status: inout sl_status) {
        withUnsafeMutableBytes(of: &status.message) { buffer in
            buffer.copyBytes(from: Array(text.utf8.prefix(buffer.count - 1)) + [0])
        }
    }

    /// A thumbnail of the JPEG at `path`, turned upright for its EXIF `orientation` (1-8; nil or other values: as is),
    /// made from its `embeddedPreview` when that is good enough.
    public func thumbnail(
        ofJPEGAt path: String, orientation: Int? = nil,
        embeddedPreview: EmbeddedPreview? = nil
    ) throws(ThumbnailError) -> Thumbnail {
        if usesEmbeddedPreviews, let embeddedPreview,
            let thumbnail = thumbnail(of: embeddedPreview, inFileAt: path, orientation: orientation)
        {
            return thumbnail
        }
        return try thumbnail(orientation: orientation) { image, width, height, status in
            sl_jpeg_decode_scaled(path, Int32(longSide), UInt(maximumPixels), maximumDecodeBytes, &image, &width, &height, &status)
        }
    }

    /// The thumbnail made from the preview, or nil when the preview cannot stand in for the photo.
    private func thumbnail(of preview: EmbeddedPreview, inFileAt path: String, orientation: Int?) -> Thumbnail? {
        guard preview.byteRange.count <= 4 << 20, preview.imageWidth > 0, preview.imageHeight > 0,
            let handle = FileHandle(forReadingAtPath: path)
        else { return nil }
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

    private func thumbnail(
        ofBytes bytes: [UInt8], orientation: Int?,
        accepting usable: (Int, Int, sl_status) -> Bool = { _, _, _ in true }
    ) throws(ThumbnailError) -> Thumbnail {
        try thumbnail(orientation: orientation, accepting: usable) { image, width, height, status in
            sl_jpeg_decode_scaled_memory(
                bytes, UInt(bytes.count), Int32(longSide), UInt(maximumPixels), maximumDecodeBytes, &image, &width,
                &height, &status)
        }
    }

    private func thumbnail(
        orientation: Int?, accepting usable: (Int, Int, sl_status) -> Bool = { _, _, _ in true },
        decode: (inout sl_image, inout Int32, inout Int32, inout sl_status) -> Int32
    ) throws(ThumbnailError) -> Thumbnail {
        var status = sl_status()
        var decoded = sl_image()
        var originalWidth: Int32 = 0
        var originalHeight: Int32 = 0
        guard decode(&decoded, &originalWidth, &originalHeight, &status) == 0 else {
            if status.refused != 0 || Int(originalWidth) * Int(originalHeight) > maximumPixels
                || Int(originalWidth) * Int(originalHeight) * 3 > maximumDecodeBytes
            {
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
        guard
            sl_image_resize_area(
                &decoded, max(1, Int32((Double(decoded.width) * scale).rounded())),
                max(1, Int32((Double(decoded.height) * scale).rounded())), &resized) == 0
        else {
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
        return Thumbnail(
            jpeg: Data(bytes: output, count: Int(size)), width: Int(upright.width), height: Int(upright.height),
            sourceWidth: Int(originalWidth), sourceHeight: Int(originalHeight),
            warnings: status.warnings > 0 ? [Self.message(status)] : [])
    }

    private static func message(_ status: sl_status) -> String {
        withUnsafeBytes(of: status.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

/// A finished thumbnail: JPEG bytes and their size.
public struct Thumbnail: Hashable, Sendable {
    /// The encoded thumbnail, with no EXIF: nothing of the photo but its pixels (no GPS, no camera).
    public var jpeg: Data
    /// Its width in pixels, upright; the long side is the generator's `longSide`, or less when the image was smaller.
    public var width: Int
    /// Its height in pixels, upright.
    public var height: Int
    /// The size of the image it was made from, before orientation.
    public var sourceWidth: Int
    /// The height of the image it was made from, before orientation (with `sourceWidth`).
    public var sourceHeight: Int
    /// Made from the photo's embedded preview rather than the photo itself.
    public var madeFromEmbeddedPreview = false
    /// A stand-in (a video without a cover), not a picture of the photo.
    public var isPlaceholder = false
    /// Corrupt data libjpeg worked around (a cut-short file still gives an image, with a warning).
    public var warnings: [String]
}

/// The small JPEG a camera stores inside a photo's EXIF block, and the photo's own size to check it against.
public struct EmbeddedPreview: Hashable, Sendable {
    /// Where the preview's bytes lie in the photo file.
    public var byteRange: Range<Int>
    /// The photo's pixel size (from its frame header), before orientation.
    public var imageWidth: Int
    /// The photo's pixel height (from its frame header), before orientation.
    public var imageHeight: Int

    /// The preview at `byteRange` of a photo of `imageWidth` × `imageHeight` pixels (before orientation).
    public init(byteRange: Range<Int>, imageWidth: Int, imageHeight: Int) {
        self.byteRange = byteRange
        self.imageWidth = imageWidth
        self.imageHeight = imageHeight
    }

    /// The preview a photo's metadata points to; nil when it has none or its size is unknown.
    public init?(metadata: PhotoMetadata?) {
        guard let metadata, let range = metadata.embeddedPreview, let width = metadata.pixelWidth,
            let height = metadata.pixelHeight
        else { return nil }
        self.init(byteRange: range, imageWidth: width, imageHeight: height)
    }
}

/// Why no thumbnail could be made: an image too large to decode safely, or one that cannot be decoded.
public enum ThumbnailError: Error, Hashable, Sendable, CustomStringConvertible {
    case tooLarge(width: Int, height: Int)
    case undecodable(reason: String)

    /// The reason in a sentence, as import reports list it (`thumbnailFailures`).
    public var description: String {
        switch self {
        case .tooLarge(let width, let height):
            "the image claims \(width)×\(height) pixels, more than a thumbnail may decode; refused without decoding"
        case .undecodable(let reason): "the image cannot be decoded: \(reason)"
        }
    }
}
