import TimeAndPlace

/// A name that was valid between two days (either end open): "SBC Park" from 2004-01-01 to 2005-12-31.
public struct DatedName: Hashable, Sendable, Codable, DatedValue {
    /// The name as written ("SBC Park").
    public var name: String
    /// The first day the name was valid; nil when the start is open.
    public var from: LocalDate?
    /// The last day the name was valid, included; nil while it is still in use.
    public var to: LocalDate?

    /// Creates a name valid from `from` through `to`, both days included; a nil end is open.
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
