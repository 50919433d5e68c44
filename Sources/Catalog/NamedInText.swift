import TimeAndPlace

/// Whether a place name or a calendar event names a venue or a team — how evidence that names its place is checked
/// against the catalog (a check-in at "Bleacher Bar" is not at Fenway Park, however close its pin).
extension Venue {
    /// One of the building's names or aliases, at any time, is in the text ("Fenway Park - Gate A", "AT&T Park" for
    /// Oracle Park): services keep a place's name as it was, or rename it since. Names under 5 letters are not
    /// looked for.
    ///
    /// Services also shorten a name ("Angel Stadium" for Angel Stadium of Anaheim, "Oakland Coliseum" for
    /// Oakland-Alameda County Coliseum): a text whose every word is a word of one of the names counts too, when the
    /// words the name has beside the kind of building ("stadium", "park", "field" …) make at least 4 letters.
    public func isNamed(in text: String) -> Bool {
        let key = NameKey.make(text)
        let words = Set(Team.words(text))
        let own = words.subtracting(Self.kindsOfPlace)
        return (names + aliases).contains { name in
            let wanted = NameKey.make(name.name)
            return wanted.count >= 5 && key.contains(wanted)
                || own.reduce(0, { $0 + $1.count }) >= 4 && words.isSubset(of: Team.words(name.name))
        }
    }

    /// Whether a place name can be compared with the catalog's names at all: one written only in another script
    /// ("ドジャー・スタジアム", as a service writes it in the account's language) cannot, and tells nothing.
    public static func canCompare(_ name: String) -> Bool { !NameKey.make(name).isEmpty }

    /// Words that say what kind of place a name is, not which.
    private static let kindsOfPlace: Set<String> = [
        "the", "at", "of", "and", "stadium", "park", "field", "arena", "center", "centre", "ballpark", "dome", "garden",
        "coliseum", "place", "grounds",
    ]
}

extension Team {
    /// The team's name that day, or a shorter form of it — without its city ("Red Sox"), or its last word or two
    /// ("Rays" for the Tampa Bay Rays of St. Petersburg, "Angels" for the Los Angeles Angels of Anaheim) — is in the text
    /// as whole words ("Atlanta Braves at Boston Red Sox", "Dolphins at Patriots", "Mariners at Angels").
    public func isNamed(in text: String, on day: LocalDate) -> Bool {
        let words = Self.words(text)
        let dated = names.first { $0.isValid(on: day) } ?? names.last
        guard let dated else { return false }
        let full = Self.words(dated.name)
        let city = dated.city.map(Self.words) ?? []
        // "Los Angeles Angels of Anaheim", "Mighty Ducks of Anaheim": the name before its "of".
        let core = full.firstIndex(of: "of").map { Array(full[..<$0]) }.flatMap { $0.isEmpty ? nil : $0 } ?? full
        let withoutCity = core.starts(with: city) && core.count > city.count ? Array(core.dropFirst(city.count)) : core
        return [full, withoutCity, Array(core.suffix(1)), Array(core.suffix(2))].contains { Self.contains(words, $0) }
    }

    static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { NameKey.make(String($0)) }.filter { !$0.isEmpty }
    }

    private static func contains(_ words: [String], _ run: [String]) -> Bool {
        guard !run.isEmpty, words.count >= run.count else { return false }
        return (0...(words.count - run.count)).contains { words[$0..<($0 + run.count)].elementsEqual(run) }
    }
}
