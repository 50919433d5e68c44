import Catalog
import Foundation
import TimeAndPlace
import VisitStore

/// Builds visits from catalog games, with names frozen as they were that day.
struct VisitFactory {
    let catalog: Catalog

    func visit(for game: Game, dataSource: DataSource, firstPhoto: VisitPhoto?) -> StadiumVisit {
        let venue = catalog.venue(id: game.venueId)
        return StadiumVisit(
            venueId: game.venueId, venueName: venue?.name(on: game.localDate) ?? game.venueId, localDate: game.localDate,
            league: game.league, visitType: .game, gameId: game.id, homeTeamId: game.homeTeamId,
            homeTeamName: catalog.team(id: game.homeTeamId)?.name(on: game.localDate), awayTeamId: game.awayTeamId,
            awayTeamName: catalog.team(id: game.awayTeamId)?.name(on: game.localDate), homeScore: game.homeScore,
            awayScore: game.awayScore, scoreSource: game.isFinal ? (game.scoreProvenance == nil ? .app : .api) : nil,
            scoreProvider: game.isFinal ? game.scoreProvenance?.provider : nil,
            scoreFetchedAt: game.isFinal ? game.scoreProvenance?.fetchedAt : nil, scoreResolutionPending: !game.isFinal,
            dataSource: dataSource, photoLatitude: firstPhoto?.latitude, photoLongitude: firstPhoto?.longitude,
            photoCaptureDate: firstPhoto?.captureLocal, source: .photoImport)
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
