/// Text from photos, file names and the library, made fit to show — on a terminal or a page. A file name or an EXIF
/// field is written by anyone: control characters could set a terminal's title, clear its screen or start what looks
/// like another line, and bidirectional controls (U+202E) make `photo\u{202E}gpj.exe` read `photoexe.jpg`.
package enum ShownText {
    /// `text` with each control character, line or paragraph separator and bidirectional mark, embedding, override
    /// or isolate replaced by `?`.
    package static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isUnsafe($0) ? "?" : $0 }))
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        case .format:
            [0x061C, 0x200E, 0x200F].contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
                || (0x2066...0x2069).contains(scalar.value)
        default: false
        }
    }
}
