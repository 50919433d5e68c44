extension StadiumVisit {
    /// The order every list of visits is in, one rule for all: by day (the newest first, or the oldest), and within a
    /// day a doubleheader's game 1 before its game 2, whichever way the days run, then as they were filed.
    public static func inOrder(newestFirst: Bool) -> @Sendable (StadiumVisit, StadiumVisit) -> Bool {
        { a, b in
            if a.localDate != b.localDate { return newestFirst ? a.localDate > b.localDate : a.localDate < b.localDate }
            return (a.gameId?.rawValue ?? "", a.createdAt) < (b.gameId?.rawValue ?? "", b.createdAt)
        }
    }
}
