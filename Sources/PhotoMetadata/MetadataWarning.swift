/// Something in a file's metadata that was wrong or suspicious and was therefore ignored.
///
/// A warning never stops a file from being read: the bad value is treated as missing and the warning says why, so
/// nothing is silently wrong and nothing silently disappears.
public enum MetadataWarning: Hashable, Sendable, CustomStringConvertible {
    /// The file has no EXIF block.
    case noExif
    /// An EXIF block exists but libexif could read nothing from it.
    case unreadableExif
    /// A date tag is present but is not a real date (an unset clock writes `0000:00:00 00:00:00`).
    case invalidDate(tag: String, value: String)
    /// A SubSecTime tag that is not digits.
    case invalidSubsecond(value: String)
    /// OffsetTimeOriginal that is not `±HH:MM` within ±14 h.
    case invalidOffset(value: String)
    /// The GPS clock was present but disagrees with the camera clock by more than any time zone can.
    case gpsClockRejected(hours: Double)
    /// GPSDateStamp or GPSTimeStamp is malformed.
    case invalidGPSTime(value: String)
    /// The GPS latitude/longitude could not be decoded (zero denominators, minutes or seconds ≥ 60, out of range).
    case invalidGPSPosition(reason: String)
    /// GPS (0, 0): the receiver had no fix.
    case nullIslandGPS
    /// A GPS latitude or longitude without its N/S/E/W reference; read as north/east.
    case missingGPSReference
    /// A GPS altitude that cannot be real.
    case invalidAltitude(value: String)
    /// An Orientation value outside 1...8.
    case invalidOrientation(value: Int)
    /// A file that holds metadata but no (whole) image data: a JPEG without a frame header, a PNG cut short.
    case noImageData
    /// A sidecar beside the photo that could not be read for a reason of this machine (libxml2 missing), not of the file.
    case unreadableSidecar(reason: String)

    /// The warning in words for the user, saying what was ignored and why.
    public var description: String {
        switch self {
        case .noExif: "no EXIF metadata"
        case .unreadableExif: "EXIF block present but unreadable"
        case .invalidDate(let tag, let value): "\(tag) '\(value)' is not a valid date; ignored"
        case .invalidSubsecond(let value): "SubSecTime '\(value)' is not a number; ignored"
        case .invalidOffset(let value): "OffsetTimeOriginal '\(value)' is not a valid UTC offset; ignored"
        case .gpsClockRejected(let hours):
            "GPS clock differs from the camera clock by \(Self.format(hours)) h, more than any time zone; not used"
        case .invalidGPSTime(let value): "GPS date/time '\(value)' is malformed; ignored"
        case .invalidGPSPosition(let reason): "GPS position ignored: \(reason)"
        case .nullIslandGPS: "GPS position is (0, 0), which means no fix; treated as missing"
        case .missingGPSReference: "GPS position has no N/S/E/W reference; read as north/east"
        case .invalidAltitude(let value): "GPS altitude \(value) m is impossible; ignored"
        case .invalidOrientation(let value): "Orientation \(value) is not 1-8; ignored"
        case .noImageData: "the file has metadata but no image data"
        case .unreadableSidecar(let reason): "its XMP sidecar was not read: \(reason)"
        }
    }

    private static func format(_ hours: Double) -> String {
        let rounded = (hours * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
