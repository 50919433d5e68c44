import Foundation

/// A plain-text table with left-aligned columns, sized to their content. Cells are made safe for a terminal first
/// (``TerminalText``): a photo's EXIF text or file name cannot move the cursor or forge a row.
struct TextTable {
    var header: [String]
    var rows: [[String]]

    var rendered: String {
        let all = ([header] + rows).map { $0.map(TerminalText.safe) }
        let widths = header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in
            zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
                .trimmingTrailingSpaces() + "\n"
        }.joined()
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}

/// Text from photos, files and the library, made fit to print on a terminal.
enum TerminalText {
    /// Control characters (escape sequences, newlines, carriage returns, bidirectional overrides) become `?`:
    /// they could set the terminal's title, clear the screen, or start what looks like another line.
    static func safe(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.map { isUnsafe($0) ? "?" : $0 }))
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        case .format: (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value)
        default: false
        }
    }
}
