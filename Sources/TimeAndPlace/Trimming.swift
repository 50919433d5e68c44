extension StringProtocol {
    /// The text without the white space (spaces, tabs, line ends) around it, as metadata fields are compared.
    ///
    /// Here rather than Foundation's `trimmingCharacters(in:)`: the modules `scan` runs on link FoundationEssentials
    /// alone, which lacks it (see `Package.swift` on the quick commands).
    public func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
        else { return "" }
        return String(self[first...last])
    }
}
