import PhotoMetadata
import TimeAndPlace

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// One line of `stadiumlog scan` output. Its JSON field names are a contract (see docs/REPORT.md).
struct ScanRow: Encodable, Sendable {
    var path: String
    var metadata: PhotoMetadata?
    var error: PhotoMetadataError?

    init(path: String, result: Result<PhotoMetadata, PhotoMetadataError>) {
        self.path = path
        switch result {
        case .success(let metadata): self.metadata = metadata
        case .failure(let error): self.error = error
        }
    }

    private var capture: CaptureTime? { metadata?.capture }

    enum CodingKeys: String, CodingKey {
        case path, format, captureLocal, captureSubsecond, utcOffset, timeSource, clockTag, captureUTC, captureOrigin
        case latitude, longitude, locationOrigin, altitude, make, model, orientation, width, height, warnings, error, errorReason
    }

    /// Every key is written, with `null` for missing values, so consumers never have to guess.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encode(metadata?.format.rawValue, forKey: .format)
        try container.encode(capture?.local.iso8601, forKey: .captureLocal)
        try container.encode(
            capture.map { Double($0.local.nanosecond) / 1e9 }.flatMap { $0 > 0 ? $0 : nil },
            forKey: .captureSubsecond)
        try container.encode(capture?.utcOffset?.description, forKey: .utcOffset)
        try container.encode((capture?.source ?? .unresolved).rawValue, forKey: .timeSource)
        try container.encode(capture?.clockTag.rawValue, forKey: .clockTag)
        try container.encode(capture?.instant.map(UTCTimestamp.string), forKey: .captureUTC)
        try container.encode(metadata?.captureOrigin, forKey: .captureOrigin)
        try container.encode(metadata?.location?.latitude, forKey: .latitude)
        try container.encode(metadata?.location?.longitude, forKey: .longitude)
        try container.encode(metadata?.locationOrigin, forKey: .locationOrigin)
        try container.encode(metadata?.altitude, forKey: .altitude)
        try container.encode(metadata?.make, forKey: .make)
        try container.encode(metadata?.model, forKey: .model)
        try container.encode(metadata?.orientation, forKey: .orientation)
        try container.encode(metadata?.pixelWidth, forKey: .width)
        try container.encode(metadata?.pixelHeight, forKey: .height)
        try container.encode((metadata?.warnings ?? []).map(\.description), forKey: .warnings)
        try container.encode(error?.description, forKey: .error)
        try container.encode(error?.reportReason, forKey: .errorReason)
    }

    // MARK: Text forms

    /// The table is for people: short columns, camera as one name, notes in words.
    static func table(_ rows: [[String]]) -> String {
        let header = ["PATH", "CAPTURED", "OFFSET", "SOURCE", "LATITUDE", "LONGITUDE", "CAMERA", "NOTES"]
        return TextTable(header: header, rows: rows).rendered
    }

    /// The row's cells in ``table(_:)`` (what a table of many photos keeps of each).
    var tableCells: [String] {
        let location = metadata?.location
        let notes = error.map { "error: \($0)" } ?? (metadata?.warnings ?? []).map(\.description).joined(separator: "; ")
        return [
            path,
            capture?.local.iso8601 ?? "",
            capture?.utcOffset?.description ?? "",
            capture.map { $0.source == .unresolved ? "" : $0.source.rawValue } ?? "",
            location.map { FixedPoint.string($0.latitude, places: 6) } ?? "",
            location.map { FixedPoint.string($0.longitude, places: 6) } ?? "",
            metadata?.camera ?? "",
            notes,
        ]
    }

    /// The CSV is for programs: the JSON contract's fields, full precision, empty for null.
    /// The CSV header line; each row is then one ``csvLine``.
    static let csvHeader =
        [
            "path", "captureLocal", "utcOffset", "timeSource", "latitude", "longitude", "make", "model", "error", "warnings",
        ].map(CSVField.quoted).joined(separator: ",") + "\n"

    /// The row as one CSV line, fields quoted when they need it.
    var csvLine: String { csvCells.map(CSVField.quoted).joined(separator: ",") + "\n" }

    private var csvCells: [String] {
        [
            path,
            capture?.local.iso8601 ?? "",
            capture?.utcOffset?.description ?? "",
            (capture?.source ?? .unresolved).rawValue,
            metadata?.location.map { "\($0.latitude)" } ?? "",
            metadata?.location.map { "\($0.longitude)" } ?? "",
            metadata?.make ?? "",
            metadata?.model ?? "",
            error?.description ?? "",
            (metadata?.warnings ?? []).map(\.description).joined(separator: "; "),
        ]
    }
}
