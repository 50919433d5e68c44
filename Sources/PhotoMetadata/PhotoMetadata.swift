import TimeAndPlace

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What one photo file says about when and where it was taken, after every value has been checked.
///
/// Values that are present but impossible are nil here, and ``warnings`` says why.
public struct PhotoMetadata: Hashable, Sendable {
    /// The file's real format, from its content.
    public var format: ImageFormat
    /// The capture time, with its UTC offset when the file alone can tell it.
    public var capture: CaptureTime?
    /// Where the photo was taken; nil when missing, (0, 0), or invalid.
    public var location: GeoCoordinate?
    /// Metres above sea level (negative below).
    public var altitude: Double?
    /// The GPS receiver's UTC clock (GPSDateStamp + GPSTimeStamp).
    public var gpsTime: Date?
    /// The camera's maker as the file writes it (EXIF Make, or a video's `com.apple.quicktime.make`).
    public var make: String?
    /// The camera's model (EXIF Model, or a video's `com.apple.quicktime.model`); ``camera`` joins the two.
    public var model: String?
    /// The camera body's serial number (EXIF BodySerialNumber), which tells two bodies of one model apart.
    public var bodySerialNumber: String?
    /// EXIF orientation, 1 (upright) to 8.
    public var orientation: Int?
    /// The image's width in pixels, from the image data when it can be read, else from EXIF.
    public var pixelWidth: Int?
    /// The image's height in pixels, from the image data when it can be read, else from EXIF.
    public var pixelHeight: Int?
    /// Where in the file the EXIF thumbnail (IFD1, a small JPEG) lies: a thumbnail can be made from it without
    /// decoding the photo.
    public var embeddedPreview: Range<Int>?
    /// Where ``capture`` came from: the file itself, or a sidecar that filled what the file lacked.
    public var captureOrigin: MetadataOrigin?
    /// Where ``location`` came from.
    public var locationOrigin: MetadataOrigin?
    /// Values that were wrong or suspicious and were ignored, in the order found.
    public var warnings: [MetadataWarning]
    /// Seconds added to the camera's clock (``CameraOffset``, `--camera-offset`); nil when its clock was taken as it was.
    public var clockCorrection: Int?

    /// Creates metadata from values already checked; ``embeddedPreview``, ``captureOrigin`` and ``locationOrigin``
    /// start nil.
    public init(
        format: ImageFormat, capture: CaptureTime? = nil, location: GeoCoordinate? = nil,
        altitude: Double? = nil, gpsTime: Date? = nil, make: String? = nil, model: String? = nil,
        orientation: Int? = nil, pixelWidth: Int? = nil, pixelHeight: Int? = nil,
        warnings: [MetadataWarning] = []
    ) {
        self.format = format
        self.capture = capture
        self.location = location
        self.altitude = altitude
        self.gpsTime = gpsTime
        self.make = make
        self.model = model
        self.orientation = orientation
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.warnings = warnings
    }

    /// "Make Model" without the make repeated ("Canon Canon EOS 6D" reads "Canon EOS 6D").
    public var camera: String? {
        switch (make, model) {
        case (let make?, let model?): model.lowercased().hasPrefix(make.lowercased()) ? model : "\(make) \(model)"
        case (let make?, nil): make
        case (nil, let model?): model
        case (nil, nil): nil
        }
    }

    /// The camera, told apart from another body of its model by its serial number when the file gives one: one clock.
    public var cameraBody: String? {
        camera.map { camera in bodySerialNumber.map { "\(camera) #\($0)" } ?? camera }
    }
}

extension PhotoMetadata {
    /// Interprets raw EXIF values: the rules for dates, offsets and GPS live here.
    init(format: ImageFormat, exif: ExifFields) {
        self.init(format: format, make: exif.make, model: exif.model)
        bodySerialNumber = exif.bodySerialNumber.flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        if let value = exif.orientation {
            if (1...8).contains(value) { orientation = value } else { warnings.append(.invalidOrientation(value: value)) }
        }
        if let width = exif.pixelXDimension, let height = exif.pixelYDimension, width > 0, height > 0 {
            (pixelWidth, pixelHeight) = (width, height)
        }
        location = decodeLocation(exif)
        altitude = decodeAltitude(exif)
        gpsTime = decodeGPSTime(exif)
        capture = decodeCapture(exif)
        captureOrigin = capture == nil ? nil : .file
        locationOrigin = location == nil ? nil : .file
    }

    private mutating func decodeCapture(_ exif: ExifFields) -> CaptureTime? {
        let clocks: [(ClockTag, String, String?, String?)] = [
            (.dateTimeOriginal, "DateTimeOriginal", exif.dateTimeOriginal, exif.subSecTimeOriginal),
            (.dateTimeDigitized, "DateTimeDigitized", exif.dateTimeDigitized, exif.subSecTimeDigitized),
            (.dateTime, "DateTime", exif.dateTime, exif.subSecTime),
        ]
        // IFD0 DateTime is a last resort for files whose camera wrote no capture tags. When the capture tags exist
        // but hold an unset clock (`0000:00:00 00:00:00`), DateTime is only the day someone saved the file.
        var cameraClockUnset = false
        for (tag, name, text, subsecond) in clocks {
            guard let text else { continue }
            if tag == .dateTime && cameraClockUnset { break }
            guard var local = LocalDateTime(exifString: text) else {
                warnings.append(.invalidDate(tag: name, value: text))
                cameraClockUnset = true
                continue
            }
            if let subsecond {
                if let precise = local.with(subsecondDigits: subsecond) {
                    local = precise
                } else {
                    warnings.append(.invalidSubsecond(value: subsecond))
                }
            }
            return resolveOffset(of: local, tag: tag, exif: exif)
        }
        return nil
    }

    /// OffsetTimeOriginal (never OffsetTime, which belongs to the last edit), else the GPS clock, else unresolved.
    private mutating func resolveOffset(of local: LocalDateTime, tag: ClockTag, exif: ExifFields) -> CaptureTime {
        if tag == .dateTimeOriginal, let text = exif.offsetTimeOriginal {
            if let offset = UTCOffset(text) {
                return CaptureTime(local: local, utcOffset: offset, source: .offsetTimeOriginal, clockTag: tag)
            }
            warnings.append(.invalidOffset(value: text))
        }
        if let gpsTime {
            if let offset = UTCOffset(wallClock: local, at: gpsTime) {
                return CaptureTime(local: local, utcOffset: offset, source: .gpsClock, clockTag: tag)
            }
            warnings.append(.gpsClockRejected(hours: (local.wallClockSeconds - gpsTime.timeIntervalSince1970) / 3_600))
        }
        return CaptureTime(local: local, utcOffset: nil, source: .unresolved, clockTag: tag)
    }

    private mutating func decodeLocation(_ exif: ExifFields) -> GeoCoordinate? {
        guard exif.gpsLatitude != nil || exif.gpsLongitude != nil else { return nil }
        guard let latitudeParts = exif.gpsLatitude, let longitudeParts = exif.gpsLongitude else {
            warnings.append(.invalidGPSPosition(reason: "latitude or longitude is missing"))
            return nil
        }
        do throws(MetadataWarning) {
            let latitude = try Self.degrees(latitudeParts, limit: 90, name: "latitude")
            let longitude = try Self.degrees(longitudeParts, limit: 180, name: "longitude")
            if exif.gpsLatitudeRef == nil || exif.gpsLongitudeRef == nil { warnings.append(.missingGPSReference) }
            let south = exif.gpsLatitudeRef?.uppercased().hasPrefix("S") == true
            let west = exif.gpsLongitudeRef?.uppercased().hasPrefix("W") == true
            guard
                let coordinate = GeoCoordinate(
                    latitude: south ? -latitude : latitude,
                    longitude: west ? -longitude : longitude)
            else { throw MetadataWarning.invalidGPSPosition(reason: "out of range") }
            if coordinate.isNullIsland {
                warnings.append(.nullIslandGPS)
                return nil
            }
            return coordinate
        } catch {
            warnings.append(error)
            return nil
        }
    }

    /// Degrees from 1–3 rationals: degrees, minutes (possibly decimal, with 0 seconds) and seconds.
    private static func degrees(_ parts: [Rational], limit: Double, name: String) throws(MetadataWarning) -> Double {
        guard (1...3).contains(parts.count) else {
            throw .invalidGPSPosition(reason: "\(name) has \(parts.count) components")
        }
        var values: [Double] = []
        for part in parts {
            guard let value = part.value else { throw .invalidGPSPosition(reason: "\(name) has a zero denominator") }
            values.append(value)
        }
        let sign = values.contains { $0 < 0 } ? -1.0 : 1.0
        values = values.map(abs)
        let (degrees, minutes, seconds) = (values[0], values.count > 1 ? values[1] : 0, values.count > 2 ? values[2] : 0)
        guard minutes < 60, seconds < 60 else {
            throw .invalidGPSPosition(reason: "\(name) minutes or seconds are 60 or more")
        }
        let total = degrees + minutes / 60 + seconds / 3_600
        guard total <= limit else { throw .invalidGPSPosition(reason: "\(name) \(total) is beyond ±\(Int(limit))°") }
        return sign * total
    }

    /// Altitudes beyond this are a corrupt value (often a negative number written as unsigned).
    static let plausibleAltitude = -12_000.0...100_000.0

    private mutating func decodeAltitude(_ exif: ExifFields) -> Double? {
        guard let rational = exif.gpsAltitude else { return nil }
        guard let magnitude = rational.value else {
            warnings.append(.invalidAltitude(value: "\(rational.numerator)/0"))
            return nil
        }
        let altitude = exif.gpsAltitudeRef == 1 ? -magnitude : magnitude
        guard Self.plausibleAltitude.contains(altitude) else {
            warnings.append(.invalidAltitude(value: String(altitude)))
            return nil
        }
        return altitude
    }

    /// GPSDateStamp + GPSTimeStamp as a UTC instant; both are needed.
    private mutating func decodeGPSTime(_ exif: ExifFields) -> Date? {
        guard let dateText = exif.gpsDateStamp, let time = exif.gpsTimeStamp else { return nil }
        let timeText = time.map { "\($0.numerator)/\($0.denominator)" }.joined(separator: " ")
        guard let date = LocalDate(dateText), LocalDateTime.plausibleYears.contains(date.year) else {
            warnings.append(.invalidGPSTime(value: dateText))
            return nil
        }
        guard time.count == 3, let hours = time[0].value, let minutes = time[1].value, let seconds = time[2].value,
            (0..<24).contains(hours), (0..<60).contains(minutes), (0..<61).contains(seconds)
        else {
            warnings.append(.invalidGPSTime(value: "\(dateText) \(timeText)"))
            return nil
        }
        return Date(timeIntervalSince1970: Double(date.daysSinceEpoch * 86_400) + hours * 3_600 + minutes * 60 + seconds)
    }
}

extension MetadataWarning: Error {}
