import TimeAndPlace

/// Whether a place name or a calendar event names a venue or a team — how evidence that names its place is checked
/// against the catalog (a check-in at "Bleacher Bar" is not at Fenway Park, however close its pin).
extension Venue {
    /// One of the building's names or aliases, at any time, is in the text ("Fenway Park - Gate A", "AT&T Park" for
    /// Oracle Park): services keep a place's name as it was, or rename it since. Names under 5 letters are not
    /// looked for.
    public func isNamed(in text: String) -> Bool {
        let key = NameKey.make(text)
        return (names + aliases).contains { name in
            let wanted = NameKey.make(name.name)
            return wanted.count >= 5 && key.contains(wanted)
        }
    }
}

extension Team {
    /// The team's name that day, or its nickname (the name without its city: "Red Sox", "Patriots"), is in the text as
    /// whole words ("Atlanta Braves at Boston Red Sox", "Dolphins at Patriots").
    public func isNamed(in text: String, on day: LocalDate) -> Bool {
        let words = Self.words(text)
        let dated = names.first { $0.isValid(on: day) } ?? names.last
        guard let dated else { return false }
        let full = Self.words(dated.name)
        let city = dated.city.map(Self.words) ?? []
        let nickname = full.starts(with: city) && full.count > city.count ? Array(full.dropFirst(city.count)) : full
        return Self.contains(words, full) || Self.contains(words, nickname)
    }

    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { NameKey.make(String($0)) }.filter { !$0.isEmpty }
    }

    private static func contains(_ words: [String], _ run: [String]) -> Bool {
        guard !run.isEmpty, words.count >= run.count else { return false }
        return (0...(words.count - run.count)).contains { words[$0..<($0 + run.count)].elementsEqual(run) }
    }
}
