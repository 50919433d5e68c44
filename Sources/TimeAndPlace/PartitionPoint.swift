extension RandomAccessCollection {
    /// The index of the first element for which `isAfter` holds, in a collection where it holds for a suffix
    /// (`endIndex` when it holds for none): a binary search. The catalog's games and venues and a time zone's changes
    /// are sorted arrays searched this way, for every photo.
    @inlinable
    public func partitionPoint(where isAfter: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex
        var count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try isAfter(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}
