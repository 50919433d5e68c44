import Foundation

/// New record ids (visits, pending matches): random version-4 UUIDs in their usual text form.
///
/// Not Foundation's `UUID()`: on Linux it reads `/dev/urandom`, and when the process has no descriptor left it
/// returns 00000000-0000-4000-8000-000000000000 every time, so a second visit or question made then would collide
/// with the first, or replace it. The system generator here is `getrandom(2)`, which needs no descriptor.
public enum RecordID {
    /// A fresh random id.
    public static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = (0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80  // RFC 4122 variant
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10],
                bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            )
        ).uuidString
    }
}
