import Catalog
import Foundation
import GRDB
import TimeAndPlace
import VisitStore

/// Builds visits from catalog games, with names frozen as they were that day.
struct VisitFactory {
    let catalog: Catalog

    func visit(for game: Game, dataSource: DataSource, firstPhoto: VisitPhoto?) -> StadiumVisit {
        let venue = catalog.venue(id: game.venueId)
        return StadiumVisit(
            venueId: game.venueId, venueName: venue?.name(on: game.localDate) ?? game.venueId, localDate: game.localDate,
            sport: game.sport, visitType: .game, gameId: game.id, homeTeamId: game.homeTeamId,
            homeTeamName: catalog.team(id: game.homeTeamId)?.name(on: game.localDate), awayTeamId: game.awayTeamId,
            awayTeamName: catalog.team(id: game.awayTeamId)?.name(on: game.localDate), homeScore: game.homeScore,
            awayScore: game.awayScore, scoreSource: game.isFinal ? (game.scoreProvenance == nil ? .app : .api) : nil,
            scoreProvider: game.isFinal ? game.scoreProvenance?.provider : nil,
            scoreFetchedAt: game.isFinal ? game.scoreProvenance?.fetchedAt : nil, scoreResolutionPending: !game.isFinal,
            dataSource: dataSource, photoLatitude: firstPhoto?.latitude, photoLongitude: firstPhoto?.longitude,
            photoCaptureDate: firstPhoto?.captureLocal, source: .photoImport)
    }

    /// The tour of a venue on a day, found or created (in the caller's transaction): one per venue and day.
    func findOrCreateTour(_ db: Database, venueId: String, venueName: String, on day: LocalDate, sport: Sport?,
                          photo: (latitude: Double?, longitude: Double?, captureLocal: String?)) throws -> (visit: StadiumVisit, created: Bool) {
        if let existing = try StadiumVisit.filter(Column("gameId") == nil && Column("venueId") == venueId
                                                  && Column("localDate") == day.iso8601
                                                  && Column("visitType") == VisitType.tour.rawValue).fetchOne(db) {
            return (existing, false)
        }
        let tour = StadiumVisit(venueId: venueId, venueName: venueName, localDate: day, sport: sport, visitType: .tour,
                                dataSource: .partialManual, photoLatitude: photo.latitude, photoLongitude: photo.longitude,
                                photoCaptureDate: photo.captureLocal, source: .photoImport)
        try tour.insert(db)
        return (tour, true)
    }

    /// The visit for a game, found by its id or created (in the caller's transaction); `created` says which.
    func findOrCreate(_ db: Database, game: Game, dataSource: DataSource,
                      firstPhoto: VisitPhoto?) throws -> (visit: StadiumVisit, created: Bool) {
        if let existing = try StadiumVisit.filter(Column("gameId") == game.id).fetchOne(db) { return (existing, false) }
        let visit = visit(for: game, dataSource: dataSource, firstPhoto: firstPhoto)
        try visit.insert(db)
        return (visit, true)
    }
}
