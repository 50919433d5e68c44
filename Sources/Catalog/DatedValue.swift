import TimeAndPlace

/// Something valid between two days, either end open: a name, an alias, a tenancy.
public protocol DatedValue {
    var from: LocalDate? { get }
    var to: LocalDate? { get }
}

extension DatedValue {
    /// Whether the value held on `day`: both ends are included, and a nil end is open.
    public func isValid(on day: LocalDate) -> Bool {
        (from.map { $0 <= day } ?? true) && (to.map { day <= $0 } ?? true)
    }
}
