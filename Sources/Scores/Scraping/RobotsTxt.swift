/// A site's robots.txt as it applies to StadiumLog (RFC 9309): which paths it may fetch and how long it should wait
/// between requests.
///
/// The rules of every group naming our product token apply, or else those of the `*` group; the longest matching
/// rule wins, and `Allow` wins a tie. `*` matches any run of characters and a final `$` anchors the end.
public struct RobotsTxt: Hashable, Sendable {
    private var rules: [Rule] = []
    /// The site's `Crawl-delay` in seconds, when it sets one for us.
    public private(set) var crawlDelay: Double?

    private struct Rule: Hashable, Sendable {
        var allows: Bool
        var pattern: String
    }

    /// Reads `text` for the robot whose product token is `robot` ("StadiumLog").
    public init(_ text: String, robot: String) {
        var groups: [(agents: [String], rules: [Rule], delay: Double?)] = []
        var lastWasAgent = false
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            let content = line.prefix { $0 != "#" }
            guard let colon = content.firstIndex(of: ":") else { continue }
            let field = content[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = content[content.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            switch field {
            case "user-agent":
                if !lastWasAgent || groups.isEmpty { groups.append(([], [], nil)) }
                groups[groups.count - 1].agents.append(value.lowercased())
                lastWasAgent = true
                continue
            case "allow", "disallow":
                guard !groups.isEmpty, !value.isEmpty else { break }
                groups[groups.count - 1].rules.append(Rule(allows: field == "allow", pattern: value))
            case "crawl-delay":
                guard !groups.isEmpty, let seconds = Double(value) else { break }
                groups[groups.count - 1].delay = seconds
            default:
                break
            }
            lastWasAgent = false
        }
        let token = robot.lowercased()
        var chosen = groups.filter { $0.agents.contains(token) }
        if chosen.isEmpty { chosen = groups.filter { $0.agents.contains("*") } }
        rules = chosen.flatMap(\.rules)
        crawlDelay = chosen.compactMap(\.delay).max()
    }

    /// Whether the robot may fetch `path` (with its query).
    public func allows(_ path: String) -> Bool {
        let matching = rules.filter { Self.matches(Substring(path), pattern: Substring($0.pattern)) }
        guard let longest = matching.map(\.pattern.count).max() else { return true }
        return matching.contains { $0.pattern.count == longest && $0.allows }
    }

    private static func matches(_ path: Substring, pattern: Substring) -> Bool {
        guard let first = pattern.first else { return true }
        switch first {
        case "*":
            let rest = pattern.dropFirst()
            return path.indices.contains { matches(path[$0...], pattern: rest) } || matches(path[path.endIndex...], pattern: rest)
        case "$" where pattern.count == 1:
            return path.isEmpty
        default:
            return path.first == first && matches(path.dropFirst(), pattern: pattern.dropFirst())
        }
    }
}
