import Catalog
import Evidence
import Foundation
import PhotoMetadata
import TimeAndPlace

/// Decides which game a stay or a calendar event is evidence of, by the rules photos follow (docs/EVIDENCE.md).
///
/// A stay is looked at every ``MatchingRules/stayStep`` of it, each moment matched as a photo taken there then would
/// be (``GameMatcher``): it counts for a game only when those moments give that one game and no other, for at least
/// ``MatchingRules/shortStay`` (a check-in: its one moment), at a place its name (if it has one) calls the venue, and
/// the service did not doubt it. A short stay, a whole day's stay, a doubted one or several games are questions; a
/// stay at a usual place of the fan's on days without a game (home by a park) is nothing. A calendar event counts only
/// as a ticket — the game's teams, its venue and its time — and is a question with the teams and a day alone.
public struct EvidenceMatcher: Sendable {
    /// The photo rules every moment is matched by.
    public let matcher: GameMatcher
    private var catalog: Catalog { matcher.catalog }
    private var rules: MatchingRules { matcher.rules }

    /// A calendar naming this many games of one team or more, at least a third of them at home and a third away, is
    /// the team's schedule: a fan's tickets are mostly home games, a season ticket's all of them.
    static let scheduleGames = 8

    /// Whether the games a calendar's events name (one per event) are a team's schedule.
    static func isSchedule(_ games: [Game]) -> Bool {
        let teams = Set(games.flatMap { [$0.homeTeamId, $0.awayTeamId] })
        return teams.contains { team in
            // Events, not games: a schedule lists both games of a doubleheader, which its times may not tell apart.
            let home = games.filter { $0.homeTeamId == team }.count
            let away = games.filter { $0.awayTeamId == team }.count
            return home + away >= scheduleGames && 3 * home >= home + away && 3 * away >= home + away
        }
    }

    /// A matcher over `matcher`'s catalog, rules and league.
    public init(matcher: GameMatcher) { self.matcher = matcher }

    /// The venues of a catalog as a location history is read for them: kept within the low radius, dwelt at within
    /// the high one.
    public static func places(of catalog: Catalog, rules: MatchingRules = MatchingRules()) -> PlacesOfInterest {
        PlacesOfInterest(catalog.venues.map(\.coordinate), reach: rules.lowRadius, dwellRadius: rules.highRadius)
    }

    /// Every stay and event found, matched; stays at the fan's usual places (where unnamed stays gather on ``UsualPlaces/days``
    /// days without a game in their window) are nothing.
    public func match(_ found: EvidenceReader.Found) -> [EvidenceMatch] {
        var matches = found.sightings.map(match) + found.events.map(match)
        // A team's schedule is not the fan's plans: a calendar naming many of one team's games, home and away alike, or a
        // timed event marked as not taking the fan's time (calendars mark all-day events so by default: those stay
        // questions).
        let schedules = Set(
            Dictionary(grouping: matches.filter { $0.kind == .calendar && $0.reason != .noGameNamed }, by: \.source)
                .filter { Self.isSchedule($0.value.compactMap { $0.game ?? $0.candidates.first }) }.keys)
        for index in matches.indices where matches[index].kind == .calendar && matches[index].reason != .noGameNamed {
            guard case .event(let event) = matches[index].item, event.isTransparent && event.hasTime || schedules.contains(event.source)
            else { continue }
            (matches[index].status, matches[index].reason, matches[index].game, matches[index].candidates) = (
                .unmatched, .schedule, nil, []
            )
        }
        let usual = UsualPlaces(
            matches.compactMap { match -> UsualPlaces.Sighting? in
                guard case .stay(let stay) = match.item, stay.placeName == nil, stay.kind != .checkIn,
                    match.reason == .noGamesOnDate || match.reason == .outsideWindow, let day = day(of: stay.start, at: match.venue)
                else { return nil }
                return UsualPlaces.Sighting(path: stay.source, location: stay.location, day: day)
            })
        for index in matches.indices where matches[index].status != .unmatched {
            guard case .stay(let stay) = matches[index].item, stay.placeName == nil, stay.kind != .checkIn,
                usual.days(at: stay.location) != nil
            else { continue }
            (matches[index].status, matches[index].reason, matches[index].game, matches[index].candidates) = (
                .unmatched, .usualPlace, nil, []
            )
        }
        return matches
    }

    // MARK: Stays

    /// One stay, by its moments.
    public func match(_ stay: Sighting) -> EvidenceMatch {
        var result = EvidenceMatch(item: .stay(stay), status: .unmatched, candidates: [])
        let moments =
            stay.kind == .checkIn
            ? [stay.start] : Array(stride(from: stay.start, through: stay.end, by: rules.stayStep)) + [stay.end]
        let photos = moments.map { matcher.match(path: stay.source, metadata: .success(Self.metadata(at: $0, stay.location))) }
        result.venue = photos.lazy.compactMap(\.venue).first
        guard let nearest = result.venue else {
            result.reason = .noVenueNearby
            return result
        }
        // A named place is the venue only if its name says so (a name in a script the catalog does not write tells
        // nothing either way).
        let name = stay.placeName.flatMap { Venue.canCompare($0) ? $0 : nil }
        let named = { (venueId: String) in name.map { catalog.venue(id: venueId)?.isNamed(in: $0) ?? false } ?? true }
        var held: [GameID: (game: Game, moments: Int)] = [:]
        var asked: [Game] = []
        for photo in photos {
            if photo.status == .matched, let game = photo.game, named(game.venueId) {
                held[game.id, default: (game, 0)].moments += 1
            } else if photo.status == .needsConfirmation {
                asked += photo.candidates.filter { $0.duringGame && named($0.game.venueId) }.map(\.game)
            }
        }
        let games = Self.unique(held.values.sorted { $0.game.id.rawValue < $1.game.id.rawValue }.map(\.game) + asked)
        guard let first = games.first else {
            result.reason =
                !named(nearest.id)
                ? .anotherPlace
                : photos.contains { $0.reason == .lowConfidence }
                    ? .outsideWindow
                    : photos.contains { $0.reason == .noGamesOnDate } ? .noGamesOnDate : .noVenueNearby
            return result
        }
        result.venue = hit(at: first.venueId, from: stay.location, on: first.localDate) ?? nearest
        guard games.count == 1, let moments = held[first.id]?.moments else {
            (result.status, result.candidates, result.reason) = (.needsConfirmation, games, games.count > 1 ? .severalGames : .nearGame)
            return result
        }
        let covered = stay.kind == .checkIn ? rules.shortStay : Double(moments) * rules.stayStep
        let doubt: EvidenceReason? =
            !stay.isSure
            ? .doubtful
            : stay.kind == .placeVisit && name == nil && (result.venue?.distanceMeters ?? 0) > rules.unnamedPlaceReach
                ? .placeNotNamed
                : covered < rules.shortStay || stay.duration < rules.shortStay && stay.kind != .checkIn
                    ? .shortStay
                    : stay.duration > rules.longestStay ? .longStay : nil
        if let doubt {
            (result.status, result.candidates, result.reason) = (.needsConfirmation, [first], doubt)
        } else {
            (result.status, result.game) = (.matched, first)
        }
        return result
    }

    // MARK: Calendar events

    /// One calendar event: a ticket (teams, venue, time) counts; teams and a day ask; anything else is nothing.
    public func match(_ event: CalendarEvent) -> EvidenceMatch {
        var result = EvidenceMatch(item: .event(event), status: .unmatched, candidates: [])
        let days: [LocalDate]
        switch event.start {
        case .day(let day): days = [day]
        case .floating(let local): days = [local.date]
        case .instant(let date):
            let utc = LocalDate(daysSinceEpoch: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
            days = [utc.adding(days: -1), utc, utc.adding(days: 1)]
        }
        var games = days.flatMap { day in
            catalog.games(on: day, league: matcher.league).filter { game in
                [game.homeTeamId, game.awayTeamId].allSatisfy { catalog.team(id: $0)?.isNamed(in: event.summary, on: day) ?? false }
            }
        }
        if case .instant(let date) = event.start {
            games = games.filter { self.day(of: date, at: catalog.venue(id: $0.venueId)) == $0.localDate }
        }
        guard let first = games.first else {
            result.reason = .noGameNamed
            return result
        }
        let venue = catalog.venue(id: first.venueId)
        result.venue = venue?.coordinate.flatMap { hit(at: first.venueId, from: $0, on: first.localDate) }
        let atVenue = games.filter { game in event.location.map { catalog.venue(id: game.venueId)?.isNamed(in: $0) ?? false } ?? false }
        result.moment = moment(of: event.start, at: venue)
        // A ticket: the one game at the venue it names that starts within an hour of its time (a ticket gives the
        // start: one game of a doubleheader), else the game a photo there at its time would be matched to.
        let starting = result.moment.map { moment in atVenue.filter { starts($0, at: moment) } }
        let ticket =
            starting?.count == 1
            ? starting?.first
            : result.moment.flatMap { moment in
                atVenue.first { game in
                    guard let position = catalog.venue(id: game.venueId)?.coordinate else { return false }
                    return matcher.match(path: event.source, metadata: .success(Self.metadata(at: moment, position))).game?.id == game.id
                }
            }
        if let ticket {
            (result.status, result.game) = (.matched, ticket)
            result.venue = catalog.venue(id: ticket.venueId)?.coordinate.flatMap { hit(at: ticket.venueId, from: $0, on: ticket.localDate) }
        } else {
            let reason: EvidenceReason = games.count > 1 && !atVenue.isEmpty && result.moment != nil ? .severalGames : .teamsAndDateOnly
            (result.status, result.candidates, result.reason) = (.needsConfirmation, games, reason)
        }
        return result
    }

    /// Whether a ticket's time is a game's start: within an hour of its known start, or, when only its day/night flag
    /// is known, in the hours such games start at the venue (``MatchingRules/dayGameStarts``, ``MatchingRules/nightGameStarts``).
    private func starts(_ game: Game, at moment: Date) -> Bool {
        if let start = game.startUTC { return abs(start.timeIntervalSince(moment)) <= 3_600 }
        let flag = game.dayNight?.prefix(1).uppercased()
        let hours = flag == "D" ? rules.dayGameStarts : flag == "N" ? rules.nightGameStarts : nil
        guard let hours, let zone = catalog.venue(id: game.venueId).flatMap({ TimeZone(identifier: $0.timeZone) }) else { return false }
        let local = moment.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: moment))
        return hours.contains(local - (local / 86_400).rounded(.down) * 86_400)
    }

    /// An event's moment: its instant, or its wall clock read at the venue.
    private func moment(of start: CalendarEvent.Start, at venue: Venue?) -> Date? {
        switch start {
        case .instant(let date): return date
        case .day: return nil
        case .floating(let local):
            guard let zone = venue.flatMap({ TimeZone(identifier: $0.timeZone) }) else { return nil }
            let guess = local.wallClockSeconds - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: local.wallClockSeconds)))
            return Date(
                timeIntervalSince1970: local.wallClockSeconds - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess))))
        }
    }

    // MARK: Helpers

    /// A moment at a place, as a photo's metadata: what ``GameMatcher`` reads.
    static func metadata(at moment: Date, _ location: GeoCoordinate) -> PhotoMetadata {
        let utc = UTCOffset(seconds: 0)
        let local = utc.flatMap { LocalDateTime(instant: moment, offset: $0) }
        return PhotoMetadata(
            format: .unknown,
            capture: local.map { CaptureTime(local: $0, utcOffset: utc, source: .gpsClock, clockTag: .recordedInstant) },
            location: location)
    }

    /// The venue's local day at a moment.
    private func day(of moment: Date, at venue: VenueHit?) -> LocalDate? {
        day(of: moment, at: venue.flatMap { catalog.venue(id: $0.id) })
    }

    private func day(of moment: Date, at venue: Venue?) -> LocalDate? {
        guard let zone = venue.flatMap({ TimeZone(identifier: $0.timeZone) }) else { return nil }
        let seconds = moment.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: moment))
        return LocalDate(daysSinceEpoch: Int((seconds / 86_400).rounded(.down)))
    }

    private func hit(at venueId: String, from location: GeoCoordinate, on day: LocalDate) -> VenueHit? {
        guard let venue = catalog.venue(id: venueId) else { return nil }
        return VenueHit(
            id: venue.id, name: venue.name(on: day), currentName: venue.currentName,
            distanceMeters: venue.coordinate.map { $0.distance(to: location) })
    }

    private static func unique(_ games: [Game]) -> [Game] {
        var seen: Set<GameID> = []
        return games.filter { seen.insert($0.id).inserted }
    }
}
