/// "1 photo", "6 photos".
func counted(_ count: Int, _ noun: String) -> String { count == 1 ? "1 \(noun)" : "\(count) \(noun)s" }

extension StringProtocol {
    /// The text with its first letter in capitals, for a sentence that starts with a value.
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
