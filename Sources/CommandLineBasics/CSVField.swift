/// One CSV field: RFC 4180 quoting, and no formulas.
package enum CSVField {
    /// A cell a spreadsheet would run as a formula (it starts with `=`, `+`, `-`, `@`, a tab or a carriage return) is
    /// prefixed with an apostrophe, the usual neutralisation; numbers, times and offsets (`-71.09`, `-04:00`: digits,
    /// signs, points and colons only, which can call nothing) stay as they are.
    package static func quoted(_ field: String) -> String {
        var field = field
        if let first = field.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first),
            !field.unicodeScalars.allSatisfy({ "0123456789+-.:".unicodeScalars.contains($0) })
        {
            field = "'" + field
        }
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
    }
}
