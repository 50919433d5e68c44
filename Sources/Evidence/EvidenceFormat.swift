/// The files `import` reads beside photos, told apart by what they hold — never by their folders' names, which Takeout
/// writes in the fan's language (docs/EVIDENCE.md).
public enum EvidenceFormat: String, Hashable, Sendable, CaseIterable {
    /// Takeout's `Semantic Location History/YEAR/YEAR_MONTH.json`.
    case semanticHistory
    /// Takeout's `Records.json` of raw points.
    case rawPoints
    /// Android's on-device Timeline export, `Timeline.json`.
    case androidTimeline
    /// iOS's on-device Timeline export, `location-history.json`.
    case iOSTimeline
    /// A Swarm / Foursquare check-ins export.
    case swarm
    /// An iCalendar file.
    case calendar
    /// A GPX track.
    case gpx

    /// The extensions of files that may be evidence (a `.json` is looked into before it is taken for one).
    public static let extensions: Set<String> = ["json", "ics", "ical", "gpx", "zip"]

    /// What the fan would export again.
    var words: String {
        switch self {
        case .semanticHistory, .rawPoints: "your location history from Google Takeout"
        case .androidTimeline, .iOSTimeline: "your Timeline from the phone's location settings"
        case .swarm: "your Swarm check-ins"
        case .calendar: "the calendar"
        case .gpx: "the track"
        }
    }

    /// The format a file's first bytes show, or nil (a photo's sidecar, any other JSON).
    static func sniff(_ prefix: some Collection<UInt8>) -> EvidenceFormat? {
        let bytes = Array(prefix.drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF || $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
        guard let first = bytes.first else { return nil }
        let text = String(decoding: bytes.prefix(4_096), as: UTF8.self)
        switch first {
        case UInt8(ascii: "<"): return text.contains("<gpx") ? .gpx : nil
        case UInt8(ascii: "B"): return text.hasPrefix("BEGIN:VCALENDAR") ? .calendar : nil
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var stream = JSONStream(handler: TopKeys())
            try? bytes.withUnsafeBytes { try stream.feed($0) }
            let keys = stream.handler.keys
            if keys.contains("timelineObjects") { return .semanticHistory }
            if keys.contains("locations") { return .rawPoints }
            if !keys.isDisjoint(with: ["semanticSegments", "rawSignals", "userLocationProfile"]) { return .androidTimeline }
            if first == UInt8(ascii: "["), keys.contains("startTime"),
                !keys.isDisjoint(with: ["visit", "activity", "timelinePath", "timelineMemory"])
            {
                return .iOSTimeline
            }
            if keys.contains("items") || keys.contains("response") && text.contains("\"checkins\""),
                String(decoding: bytes, as: UTF8.self).contains("\"venue\"")
            {
                return .swarm
            }
            return nil
        default: return nil
        }
    }

    /// The keys of the top object, or of the objects of a top list.
    private struct TopKeys: JSONStreamHandler {
        var keys: Set<String> = []
        mutating func code(ofKey key: UnsafeBufferPointer<UInt8>, parent: Int) -> Int {
            if parent == 0 { keys.insert(String(decoding: key, as: UTF8.self)) }
            return 1
        }
        func value(_ bytes: UnsafeBufferPointer<UInt8>, code: Int, isString: Bool) {}
        func closeObject(code: Int) {}
    }
}
