import Catalog
import Foundation
import Matching
import TimeAndPlace
import VisitStore

/// Builds visits from catalog games, with names frozen as they were that day.
struct VisitFactory {
    let catalog: Catalog

    func visit(for game: Game, dataSource: DataSource, firstPhoto: VisitPhoto?) -> StadiumVisit {
        let (venueId, day) = Self.partSeen(of: game, photoTakenAt: firstPhoto?.captureLocal)
        let venue = catalog.venue(id: venueId)
        return StadiumVisit(
            venueId: venueId, venueName: venue?.name(on: day) ?? venueId, localDate: day,
            league: game.league, visitType: .game, gameId: game.id, homeTeamId: game.homeTeamId,
            homeTeamName: catalog.team(id: game.homeTeamId)?.name(on: day), awayTeamId: game.awayTeamId,
            awayTeamName: catalog.team(id: game.awayTeamId)?.name(on: day), homeScore: game.homeScore,
            awayScore: game.awayScore, scoreSource: game.isFinal ? (game.scoreProvenance == nil ? .app : .api) : nil,
            scoreProvider: game.isFinal ? game.scoreProvenance?.provider : nil,
            scoreFetchedAt: game.isFinal ? game.scoreProvenance?.fetchedAt : nil, scoreResolutionPending: !game.isFinal,
            dataSource: dataSource, photoLatitude: firstPhoto?.latitude, photoLongitude: firstPhoto?.longitude,
            photoCaptureDate: firstPhoto?.captureLocal, source: .photoImport)
    }

    /// Which part of a game a fan saw, as the venue and day the visit keeps: the finish of a suspended game when the
    /// photo was taken on its day (a fan day: the small hours belong to the evening before), else the game as begun.
    static func partSeen(of game: Game, photoTakenAt taken: LocalDateTime?) -> (venueId: String, day: LocalDate) {
        guard let resumption = game.resumption, let taken, MatchingRules().fanDay(of: taken) == resumption.localDate else {
            return (game.venueId, game.localDate)
        }
        return (resumption.venueId, resumption.localDate)
    }

    /// The tour of a venue on a day, found or created (in the caller's transaction): one per venue and day.
    func findOrCreateTour(
        in transaction: LibraryTransaction, venueId: String, venueName: String, on day: LocalDate,
        league: LeagueID?, firstPhoto photo: VisitPhoto?
    ) throws -> (visit: StadiumVisit, created: Bool) {
        if let existing = try transaction.visitWithoutGame(at: venueId, on: day, type: .tour) { return (existing, false) }
        let tour = StadiumVisit(
            venueId: venueId, venueName: venueName, localDate: day, league: league, visitType: .tour,
            dataSource: .partialManual, photoLatitude: photo?.latitude, photoLongitude: photo?.longitude,
            photoCaptureDate: photo?.captureLocal, source: .photoImport)
        try transaction.insert(tour)
        return (tour, true)
    }

    /// The visit for a game, found by its id or created (in the caller's transaction); `created` says which.
    func findOrCreate(
        in transaction: LibraryTransaction, game: Game, dataSource: DataSource,
        firstPhoto: VisitPhoto?
    ) throws -> (visit: StadiumVisit, created: Bool) {
        if let existing = try transaction.visit(ofGame: game.id) { return (existing, false) }
        let visit = visit(for: game, dataSource: dataSource, firstPhoto: firstPhoto)
        try transaction.insert(visit)
        return (visit, true)
    }
}
