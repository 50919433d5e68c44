import PhotoMetadata

/// A plain-text table with left-aligned columns, sized to their content. Cells are made safe for a terminal first
/// (``ShownText``): a photo's EXIF text or file name cannot move the cursor or forge a row.
package struct TextTable {
    package var header: [String]
    package var rows: [[String]]

    package init(header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    /// The widest line's length.
    package var width: Int { Self.width(of: widths) }

    /// The length of a line whose columns have `widths`, two spaces between them.
    private static func width(of widths: [Int]) -> Int { widths.reduce(0, +) + 2 * max(0, widths.count - 1) }

    /// Every cell as printed.
    private var cells: [[String]] { ([header] + rows).map { $0.map(ShownText.safe) } }

    private var widths: [Int] {
        let cells = cells
        return header.indices.map { column in cells.map { $0[column].count }.max() ?? 0 }
    }

    /// Cuts the cells of `column` that keep the table wider than `limit`, with an ellipsis, down to `shortest`
    /// characters at most: for names that have other columns to tell them apart.
    package mutating func fit(_ limit: Int, cutting column: Int, shortest: Int = 12) {
        let widths = widths
        let room = max(shortest, widths[column] - (Self.width(of: widths) - limit))
        rows = rows.map { row in
            var row = row
            if row[column].count > room { row[column] = row[column].prefix(room - 1) + "…" }
            return row
        }
    }

    package var rendered: String {
        let widths = widths
        return cells.map { row in
            zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
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
