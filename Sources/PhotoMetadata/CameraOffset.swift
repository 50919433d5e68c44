import Foundation
import TimeAndPlace

/// A camera whose clock was off, and by how much: `--camera-offset "Canon EOS 6D=+1h"` adds an hour to the clock of
/// every photo that camera took before it is matched (a clock left on winter time, or on home time on a trip). The
/// correction travels with the photo (``PhotoMetadata/clockCorrection``) and is shown wherever its time is.
public struct CameraOffset: Hashable, Sendable {
    /// The camera as typed: make and model, as `scan` shows them ("Canon EOS 6D").
    public var camera: String
    /// Seconds added to the camera's clock.
    public var seconds: Int

    /// Reads `MAKE MODEL=±OFFSET`, the offset in hours, minutes and seconds (`+1h`, `-30m`, `+1h30m`, `-2h0m15s`).
    public init(parsing text: String) throws(CameraOffsetError) {
        guard let equals = text.lastIndex(of: "=") else { throw .malformed(text) }
        let camera = text[..<equals].trimmingCharacters(in: .whitespaces)
        var rest = Substring(text[text.index(after: equals)...].trimmingCharacters(in: .whitespaces))
        guard !camera.isEmpty, let sign = rest.first, sign == "+" || sign == "-" else { throw .malformed(text) }
        rest = rest.dropFirst()
        var seconds = 0
        var number = ""
        for character in rest {
            if character.isASCII && character.isNumber {
                number.append(character)
                continue
            }
            guard let value = Int(number), let unit = ["h": 3_600, "m": 60, "s": 1][character.lowercased()] else { throw .malformed(text) }
            seconds += value * unit
            number = ""
        }
        guard number.isEmpty, seconds > 0, seconds <= 48 * 3_600 else { throw .malformed(text) }
        self.camera = camera
        self.seconds = sign == "-" ? -seconds : seconds
    }

    /// "+1h", "-1h30m": the offset as typed back.
    public var offsetText: String { Self.text(seconds) }

    /// "+1h", "-1h30m", "+45s".
    public static func text(_ seconds: Int) -> String {
        let size = abs(seconds)
        let parts = [(size / 3_600, "h"), (size % 3_600 / 60, "m"), (size % 60, "s")].filter { $0.0 > 0 }.map { "\($0.0)\($0.1)" }
        return (seconds < 0 ? "-" : "+") + (parts.isEmpty ? "0m" : parts.joined())
    }

    /// Whether a photo's camera is this one: make and model, case, spaces and punctuation ignored (the make may be
    /// left out when the model names it).
    func isCamera(of metadata: PhotoMetadata) -> Bool {
        let key = { (text: String) in text.lowercased().filter { $0.isLetter || $0.isNumber } }
        let wanted = key(camera)
        return [metadata.camera, metadata.model, metadata.make.flatMap { make in metadata.model.map { "\(make) \($0)" } }]
            .compactMap { $0 }.contains { key($0) == wanted }
    }

    /// The photos with every correction that names their camera applied to their clock (and to their moment, when
    /// the file gave one: the clock was wrong, not the zone).
    public static func apply(
        _ offsets: [CameraOffset], to photos: [(path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)]
    ) -> [(path: String, metadata: Result<PhotoMetadata, PhotoMetadataError>)] {
        guard !offsets.isEmpty else { return photos }
        return photos.map { photo in
            guard case .success(var metadata) = photo.metadata, var capture = metadata.capture,
                let offset = offsets.first(where: { $0.isCamera(of: metadata) }), let local = capture.local.adding(seconds: offset.seconds)
            else { return photo }
            capture.local = local
            (metadata.capture, metadata.clockCorrection) = (capture, offset.seconds)
            return (photo.path, .success(metadata))
        }
    }
}

/// Why a `--camera-offset` was refused.
public enum CameraOffsetError: Error, Hashable, Sendable, CustomStringConvertible {
    case malformed(String)

    /// One line saying what to type.
    public var description: String {
        switch self {
        case .malformed(let text):
            "'\(text)' is not a camera offset: write the camera as `scan` shows it, '=', and the time to add to its clock, "
                + "e.g. \"Canon EOS 6D=+1h\" or \"NIKON D750=-1h30m\" (at most 48h)"
        }
    }
}
