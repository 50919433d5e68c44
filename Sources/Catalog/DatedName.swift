import TimeAndPlace

/// A name that was valid between two days (either end open): "SBC Park" from 2004-01-01 to 2005-12-31.
public struct DatedName: Hashable, Sendable, Codable, DatedValue {
    public var name: String
    public var from: LocalDate?
    public var to: LocalDate?

    public init(name: String, from: LocalDate?, to: LocalDate?) {
        self.name = name
        self.from = from
        self.to = to
    }
}

extension Array where Element == DatedName {
    /// The name valid on a day; before the first name the first, after the last the last.
    func name(on day: LocalDate) -> String? {
        if let valid = last(where: { $0.isValid(on: day) }) { return valid.name }
        if let first, let from = first.from, day < from { return first.name }
        return last?.name
    }
}
