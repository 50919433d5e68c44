import CExif
import TimeAndPlace

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An unsigned or signed EXIF rational, kept exact until it is interpreted.
struct Rational: Hashable, Sendable {
    var numerator: Int64
    var denominator: Int64

    /// Nil for a zero denominator (`0/0` is common in real files and means "unknown", never zero).
    var value: Double? { denominator == 0 ? nil : Double(numerator) / Double(denominator) }
}

/// The raw EXIF values StadiumLog needs, read through libexif from an APP1 payload.
///
/// Values are kept as found (strings, rationals); judging them is ``PhotoMetadata``'s job, so the rules live in one
/// place and can be tested without libexif.
struct ExifFields {
    var make: String?
    var model: String?
    var bodySerialNumber: String?
    var orientation: Int?
    var dateTimeOriginal: String?
    var dateTimeDigitized: String?
    var dateTime: String?
    var subSecTimeOriginal: String?
    var subSecTimeDigitized: String?
    var subSecTime: String?
    var offsetTimeOriginal: String?
    var pixelXDimension: Int?
    var pixelYDimension: Int?
    var gpsLatitudeRef: String?
    var gpsLatitude: [Rational]?
    var gpsLongitudeRef: String?
    var gpsLongitude: [Rational]?
    var gpsAltitudeRef: Int?
    var gpsAltitude: Rational?
    var gpsTimeStamp: [Rational]?
    var gpsDateStamp: String?
    /// How many entries libexif loaded in all; zero means the block was unreadable.
    var entryCount = 0
    /// Where the IFD1 thumbnail (a small JPEG) lies in the payload, when libexif found one.
    var thumbnailRange: Range<Int>?

    /// Parses an APP1 payload that starts with `Exif\0\0`.
    init(payload: ArraySlice<UInt8>) {
        guard let data = exif_data_new() else { return }
        defer { exif_data_unref(data) }
        // Without this, libexif "fixes" files by inventing mandatory tags — including today's date as a
        // DateTime — which would be a silently wrong capture time.
        exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION)
        payload.withUnsafeBufferPointer { buffer in
            exif_data_load_data(data, buffer.baseAddress, UInt32(buffer.count))
        }
        let order = exif_data_get_byte_order(data)
        let ifds = data.pointee.ifd
        let ifd0 = IFD(content: ifds.0, order: order)
        let exif = IFD(content: ifds.2, order: order)
        let gps = IFD(content: ifds.3, order: order)
        entryCount = [ifds.0, ifds.1, ifds.2, ifds.3, ifds.4].reduce(0) { $0 + Int($1?.pointee.count ?? 0) }

        make = ifd0.string(0x010F)
        model = ifd0.string(0x0110)
        orientation = ifd0.integers(0x0112)?.first
        dateTime = ifd0.string(0x0132)
        dateTimeOriginal = exif.string(0x9003)
        dateTimeDigitized = exif.string(0x9004)
        offsetTimeOriginal = exif.string(0x9011)
        bodySerialNumber = exif.string(0xA431)
        subSecTime = exif.string(0x9290)
        subSecTimeOriginal = exif.string(0x9291)
        subSecTimeDigitized = exif.string(0x9292)
        pixelXDimension = exif.integers(0xA002)?.first
        pixelYDimension = exif.integers(0xA003)?.first
        gpsLatitudeRef = gps.string(0x0001)
        gpsLatitude = gps.rationals(0x0002)
        gpsLongitudeRef = gps.string(0x0003)
        gpsLongitude = gps.rationals(0x0004)
        gpsAltitudeRef = gps.integers(0x0005)?.first
        gpsAltitude = gps.rationals(0x0006)?.first
        gpsTimeStamp = gps.rationals(0x0007)
        gpsDateStamp = gps.string(0x001D)
        thumbnailRange = Self.locate(thumbnail: data.pointee.data, size: Int(data.pointee.size), in: payload)
    }

    /// libexif hands the IFD1 thumbnail over as a copy, having checked its offset and length against the block;
    /// finding that copy in the payload gives its position without parsing IFD1's offset tags a second time. Any
    /// occurrence is as good as another: the bytes are the same.
    private static func locate(
        thumbnail: UnsafeMutablePointer<UInt8>?, size: Int,
        in payload: ArraySlice<UInt8>
    ) -> Range<Int>? {
        guard let thumbnail, size > 0 else { return nil }
        return payload.withUnsafeBytes { buffer -> Range<Int>? in
            guard let base = buffer.baseAddress, size <= buffer.count else { return nil }
            var start = 0
            while let hit = memchr(base + start, Int32(thumbnail.pointee), buffer.count - size - start + 1) {
                let offset = base.distance(to: UnsafeRawPointer(hit))
                if memcmp(hit, thumbnail, size) == 0 { return offset..<(offset + size) }
                start = offset + 1
                if start > buffer.count - size { break }
            }
            return nil
        }
    }
}

/// Typed access to one libexif IFD, bounds-checked against each entry's real size.
private struct IFD {
    let content: UnsafeMutablePointer<ExifContent>?
    let order: ExifByteOrder

    private func entry(_ tag: UInt32) -> (entry: ExifEntry, bytes: UnsafeMutablePointer<UInt8>)? {
        guard let content, let pointer = exif_content_get_entry(content, ExifTag(rawValue: tag)),
            let bytes = pointer.pointee.data
        else { return nil }
        return (pointer.pointee, bytes)
    }

    /// An ASCII (or UNDEFINED) value up to its first NUL, trimmed; nil when empty.
    func string(_ tag: UInt32) -> String? {
        guard let (entry, bytes) = entry(tag),
            entry.format == EXIF_FORMAT_ASCII || entry.format == EXIF_FORMAT_UNDEFINED
        else { return nil }
        let buffer = UnsafeBufferPointer(start: bytes, count: Int(entry.size))
        let text = String(decoding: buffer.prefix { $0 != 0 }, as: UTF8.self).trimmingWhitespace()
        return text.isEmpty ? nil : text
    }

    /// BYTE, SHORT or LONG values (signed variants too).
    func integers(_ tag: UInt32) -> [Int]? {
        guard let (entry, bytes) = entry(tag) else { return nil }
        let width: Int
        let read: (UnsafeMutablePointer<UInt8>) -> Int
        switch entry.format {
        case EXIF_FORMAT_BYTE, EXIF_FORMAT_UNDEFINED: (width, read) = (1, { Int($0.pointee) })
        case EXIF_FORMAT_SHORT: (width, read) = (2, { Int(exif_get_short($0, order)) })
        case EXIF_FORMAT_SSHORT: (width, read) = (2, { Int(exif_get_sshort($0, order)) })
        case EXIF_FORMAT_LONG: (width, read) = (4, { Int(exif_get_long($0, order)) })
        case EXIF_FORMAT_SLONG: (width, read) = (4, { Int(exif_get_slong($0, order)) })
        default: return nil
        }
        let count = min(Int(entry.components), Int(entry.size) / width)
        guard count > 0 else { return nil }
        return (0..<count).map { read(bytes + $0 * width) }
    }

    /// RATIONAL or SRATIONAL values.
    func rationals(_ tag: UInt32) -> [Rational]? {
        guard let (entry, bytes) = entry(tag) else { return nil }
        let count = min(Int(entry.components), Int(entry.size) / 8)
        guard count > 0 else { return nil }
        switch entry.format {
        case EXIF_FORMAT_RATIONAL:
            return (0..<count).map {
                let value = exif_get_rational(bytes + $0 * 8, order)
                return Rational(numerator: Int64(value.numerator), denominator: Int64(value.denominator))
            }
        case EXIF_FORMAT_SRATIONAL:
            return (0..<count).map {
                let value = exif_get_srational(bytes + $0 * 8, order)
                return Rational(numerator: Int64(value.numerator), denominator: Int64(value.denominator))
            }
        default:
            return nil
        }
    }
}
