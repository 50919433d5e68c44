import Foundation
import JPEGCodec

/// Makes small, upright JPEG thumbnails of photos, with no metadata in them (no GPS leaves the library).
///
/// libjpeg decodes at the smallest DCT scale (n/8) whose result is still at least the target size, so a 12 MP photo
/// is decoded at 1/8 — an eighth of the work and a sixty-fourth of the memory — then a box filter brings it to the
/// exact size and the EXIF orientation is applied.
public struct ThumbnailGenerator: Sendable {
    /// Pixels on the long side.
    public var longSide: Int
    /// JPEG quality, 1-100.
    public var quality: Int
    /// Headers announcing more pixels than this are refused without decoding: memory stays bounded whatever a file
    /// claims (a 65,000 × 65,000 header would be 12 GB of pixels).
    public var maximumPixels: Int

    public init(longSide: Int = 200, quality: Int = 85, maximumPixels: Int = 200_000_000) {
        self.longSide = longSide
        self.quality = quality
        self.maximumPixels = maximumPixels
    }

    /// A thumbnail of the JPEG at `path`, turned upright for its EXIF `orientation` (1-8; nil or other values: as is).
    public func thumbnail(ofJPEGAt path: String, orientation: Int? = nil) throws(ThumbnailError) -> Thumbnail {
        try thumbnail(orientation: orientation) { image, width, height, status in
            sl_jpeg_decode_scaled(path, Int32(longSide), UInt(maximumPixels), &image, &width, &height, &status)
        }
    }

    /// A thumbnail of JPEG bytes already in memory.
    public func thumbnail(ofJPEGData data: Data, orientation: Int? = nil) throws(ThumbnailError) -> Thumbnail {
        let bytes = [UInt8](data)
        return try thumbnail(orientation: orientation) { image, width, height, status in
            sl_jpeg_decode_scaled_memory(bytes, UInt(bytes.count), Int32(longSide), UInt(maximumPixels), &image, &width,
                                         &height, &status)
        }
    }

    private func thumbnail(orientation: Int?,
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
    /// Corrupt data libjpeg worked around (a cut-short file still gives an image, with a warning).
    public var warnings: [String]
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
