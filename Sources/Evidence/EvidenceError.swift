/// Why an evidence file could not be read: named with its place and what to do. The rest of an import goes on; the
/// file is read again next time, and nothing of it is kept.
public struct EvidenceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (inside a .zip: the archive's path, `#`, and the entry's).
    public var file: String
    /// Where in it, in words ("line 12", "byte 1,048,576").
    public var place: String?
    /// What is wrong.
    public var problem: String
    /// What the fan can do.
    public var remedy: String

    /// An error with its place and remedy.
    public init(file: String, place: String? = nil, problem: String, remedy: String) {
        self.file = file
        self.place = place
        self.problem = problem
        self.remedy = remedy
    }

    /// One line: file, place, problem, remedy.
    public var description: String {
        "\(file)\(place.map { " (\($0))" } ?? ""): \(problem); \(remedy)"
    }

    /// A JSON file that stops or goes wrong part way.
    static func json(_ file: String, _ error: JSONStreamError, format: EvidenceFormat) -> EvidenceError {
        EvidenceError(
            file: file, place: "line \(error.line), byte \(error.byte)", problem: error.problem,
            remedy: "export \(format.words) again (a download cut short leaves such a file); nothing of it was imported")
    }
}
