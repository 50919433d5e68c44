import Catalog
import TimeAndPlace
import VisitStore

/// What a front end reads to put a decision to the fan: the pending matches, grouped by moment, and their candidates.
extension MatchConfirmer {
    /// Pending matches waiting for the user, oldest first.
    public func pending() throws -> [PendingMatch] { try matches(in: [.pending]) }

    /// How many photos wait for the user (every page's "Confirm" count).
    public func pendingCount() throws -> Int { try library.pendingCount(.pending) }

    /// Pending matches the user skipped, oldest first.
    public func skipped() throws -> [PendingMatch] { try matches(in: [.skipped]) }

    /// The pending match `typed` names — its id, or a unique start of it — whatever its status (settled ones too, to
    /// say so).
    public func match(id typed: String) throws -> PendingMatch { try library.pendingMatch(typed: typed) }

    /// Pending matches, oldest first; skipped ones too when asked.
    public func pending(includingSkipped: Bool) throws -> [PendingMatch] {
        try matches(in: includingSkipped ? [.pending, .skipped] : [.pending])
    }

    private func matches(in statuses: Set<PendingStatus>) throws -> [PendingMatch] {
        try library.pendingMatches(in: statuses)
    }

    /// One moment the fan decides once: the pending photos of one venue and fan day (05:00 to 05:00), in capture order.
    public struct Group: Hashable, Sendable {
        /// The pending photos of the moment, in capture order.
        public var photos: [PendingMatch]
        /// The venue the photos were taken at (``PendingMatch/venueOrNearest(in:)``: the one the import named, else
        /// the nearest); nil for a photo without one, which stands alone.
        public var venueId: String?
        /// The fan day of the captures; nil for a photo without a date, which stands alone.
        public var fanDay: LocalDate?
    }

    /// Pending matches grouped by venue and fan day; photos without a venue or a date stand alone.
    public func groups(_ pending: [PendingMatch]) -> [Group] {
        var groups: [Group] = []
        var index: [String: Int] = [:]
        for match in pending.sorted(by: {
            ($0.captureLocal?.iso8601 ?? "", $0.originalPath) < ($1.captureLocal?.iso8601 ?? "", $1.originalPath)
        }) {
            let day = match.fanDay
            guard let venue = match.venueOrNearest(in: catalog), let day else {
                groups.append(Group(photos: [match], venueId: match.venueOrNearest(in: catalog), fanDay: day))
                continue
            }
            let key = venue + "|" + day.iso8601
            if let position = index[key] {
                groups[position].photos.append(match)
                continue
            }
            index[key] = groups.count
            groups.append(Group(photos: [match], venueId: venue, fanDay: day))
        }
        return groups
    }

    /// A candidate game and how it fits the photo.
    public struct Candidate: Hashable, Sendable {
        /// The game: from the catalog, or rebuilt from the pending match when it was found online at import.
        public var game: Game
        /// How far from the game's venue the photo was taken, in meters; nil when the match report gave none.
        public var distanceMeters: Double?
        /// The game's time window holds the photo (nil in matches stored before windows existed).
        public var inWindow: Bool?
    }

    /// The candidate games of a pending match, best first, as catalog games.
    public func candidates(of pending: PendingMatch) -> [Game] {
        candidateDetails(of: pending).map(\.game)
    }

    /// The candidates of a pending match as the match report gave them. A game the bundled index lacks (found online
    /// at import) is rebuilt from what the pending match stored, so it can still be chosen.
    public func candidateDetails(of pending: PendingMatch) -> [Candidate] {
        pending.candidates.map { candidate in
            Candidate(
                game: catalog.game(id: candidate.id) ?? candidate.game(in: catalog), distanceMeters: candidate.distanceMeters,
                inWindow: candidate.inWindow)
        }
    }

    /// The candidates of a group: every photo's, once each, in the order the photos rank them.
    public func candidates(of group: Group) -> [Candidate] {
        var seen: Set<GameID> = []
        return group.photos.flatMap(candidateDetails(of:)).filter { seen.insert($0.game.id).inserted }
    }

    /// The teams a fan means by what they typed, for a pending photo: its venue's league settles abbreviations.
    public func teams(named text: String, for pending: PendingMatch) -> [Team] {
        let leagues = pending.venueId.flatMap(catalog.venue(id:))?.leagues ?? []
        let inLeague = leagues.count == 1 ? catalog.teams(named: text, on: pending.localDate, league: leagues.first) : []
        return inLeague.isEmpty ? catalog.teams(named: text, on: pending.localDate) : inLeague
    }
}
