import Foundation
import TimeAndPlace

/// An iCalendar file (RFC 5545) as ticket sites and team schedules write it: its VEVENTs' SUMMARY, LOCATION and
/// DTSTART — lines unfolded, text unescaped, DTSTART in UTC (`Z`), in a `TZID` the system knows, floating, or a date.
enum CalendarFile {
    /// The events of a calendar; throws where the file is not one (no `BEGIN:VCALENDAR`, an event left open).
    static func events(_ data: Data, source: String) throws(EvidenceError) -> [CalendarEvent] {
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }  // a byte order mark, as Windows editors write
        var events: [CalendarEvent] = []
        var fields: [String: (parameters: [String: String], value: String)]?
        var line = 0
        var beganAt = 0
        for (number, content) in unfolded(text) {
            line = number
            let (name, parameters, value) = parse(content)
            switch (name, value.uppercased()) {
            case ("BEGIN", "VEVENT"):
                fields = [:]
                beganAt = number
            case ("END", "VEVENT"):
                if let start = fields?["DTSTART"], Self.start(start) == nil {
                    throw EvidenceError(
                        file: source, place: "line \(beganAt)",
                        problem: "the event begun here starts at '\(start.value)', which is no date",
                        remedy: "export the calendar again as .ics; nothing of it was imported")
                }
                if let event = fields.flatMap({ event(from: $0, source: source) }) { events.append(event) }
                fields = nil
            default:
                if fields != nil, ["SUMMARY", "LOCATION", "DTSTART", "TRANSP"].contains(name), fields?[name] == nil {
                    fields?[name] = (parameters, value)
                }
            }
        }
        guard text.hasPrefix("BEGIN:VCALENDAR") else {
            throw EvidenceError(
                file: source, place: "line 1", problem: "not an iCalendar file (it does not begin with BEGIN:VCALENDAR)",
                remedy: "export the calendar again as .ics")
        }
        guard fields == nil else {
            throw EvidenceError(
                file: source, place: "line \(beganAt)", problem: "an event begun here never ends (the file stops at line \(line))",
                remedy: "export the calendar again as .ics; nothing of it was imported")
        }
        return events
    }

    /// Content lines with their first line number, folded lines (a CRLF or LF then a space or tab) joined.
    private static func unfolded(_ text: String) -> [(Int, String)] {
        var lines: [(Int, String)] = []
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }).enumerated() {
            let line = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if let first = line.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1].1 += line.dropFirst()
            } else if !line.isEmpty {
                lines.append((index + 1, String(line)))
            }
        }
        return lines
    }

    /// `NAME;PARAM=VALUE;…:value`, the name upper-cased; a parameter's quotes removed.
    private static func parse(_ line: String) -> (name: String, parameters: [String: String], value: String) {
        var inQuotes = false
        var colon = line.endIndex
        for index in line.indices {
            if line[index] == "\"" { inQuotes.toggle() }
            if line[index] == ":" && !inQuotes {
                colon = index
                break
            }
        }
        let head = line[..<colon].split(separator: ";")
        let value = colon < line.endIndex ? String(line[line.index(after: colon)...]) : ""
        var parameters: [String: String] = [:]
        for parameter in head.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            if pair.count == 2 { parameters[pair[0].uppercased()] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        }
        return ((head.first.map(String.init) ?? "").uppercased(), parameters, value)
    }

    private static func event(
        from fields: [String: (parameters: [String: String], value: String)], source: String
    ) -> CalendarEvent? {
        guard let summary = fields["SUMMARY"].map({ unescape($0.value) }), let start = fields["DTSTART"], let when = self.start(start)
        else { return nil }
        let location = fields["LOCATION"].map { unescape($0.value) }
        var event = CalendarEvent(source: source, summary: summary, location: location?.isEmpty == true ? nil : location, start: when)
        event.isTransparent = fields["TRANSP"]?.value.uppercased() == "TRANSPARENT"
        return event
    }

    /// `\,` `\;` `\\` `\n` as RFC 5545 escapes text.
    private static func unescape(_ text: String) -> String {
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                result.append(character == "n" || character == "N" ? " " : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result.trimmingCharacters(in: .whitespaces)
    }

    private static func start(_ field: (parameters: [String: String], value: String)) -> CalendarEvent.Start? {
        // RFC 5545's forms only: a DATE (`20150615`) or a DATE-TIME (`20150615T191000`, `…Z`); anything else is refused
        // rather than read as a day.
        let value = Array(field.value.trimmingCharacters(in: .whitespaces))
        let isDigits = { (range: Range<Int>) in value[range].allSatisfy { $0.isASCII && $0.isNumber } }
        let number = { (range: Range<Int>) in Int(String(value[range])) ?? -1 }
        if value.count == 8, isDigits(0..<8) {
            return LocalDate(year: number(0..<4), month: number(4..<6), day: number(6..<8)).map { .day($0) }
        }
        guard value.count == 15 || value.count == 16 && value[15] == "Z", value[8] == "T", isDigits(0..<8), isDigits(9..<15),
            let local = LocalDateTime(
                year: number(0..<4), month: number(4..<6), day: number(6..<8), hour: number(9..<11), minute: number(11..<13),
                second: number(13..<15))
        else { return nil }
        if value.count == 16 {
            return .instant(Date(timeIntervalSince1970: local.wallClockSeconds))
        }
        if let zone = field.parameters["TZID"].flatMap(Self.zone), let instant = instant(local, in: zone) {
            return .instant(instant)
        }
        return .floating(local)
    }

    /// An IANA zone, or one Outlook names the Windows way ("Eastern Standard Time"); a `/`-prefixed TZID (a
    /// global one) read without its slash.
    private static func zone(_ name: String) -> TimeZone? {
        let name = name.hasPrefix("/") ? String(name.dropFirst()) : name
        if let zone = TimeZone(identifier: name) { return zone }
        let windows = [
            "Eastern Standard Time": "America/New_York", "Central Standard Time": "America/Chicago",
            "Mountain Standard Time": "America/Denver", "US Mountain Standard Time": "America/Phoenix",
            "Pacific Standard Time": "America/Los_Angeles", "Alaskan Standard Time": "America/Anchorage",
            "Hawaiian Standard Time": "Pacific/Honolulu", "Atlantic Standard Time": "America/Halifax",
        ]
        return windows[name].flatMap(TimeZone.init(identifier:))
    }

    /// The moment a wall clock reads in a zone (the earlier one, in the hour clocks go back).
    private static func instant(_ local: LocalDateTime, in zone: TimeZone) -> Date? {
        let guess = Date(timeIntervalSince1970: local.wallClockSeconds)
        let first = local.wallClockSeconds - Double(zone.secondsFromGMT(for: guess))
        let settled = local.wallClockSeconds - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: first)))
        return Date(timeIntervalSince1970: settled)
    }
}
