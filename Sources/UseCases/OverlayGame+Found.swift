import Catalog
import Foundation
import Scores

extension OverlayGame {
    /// A game a provider listed that the bundled index lacks, as the library keeps it: at the venue and on the date
    /// of its listing, with its final score (or its completion's, for a suspended game) and where that came from.
    /// One rule for a season fetched by `catalog update` and for a day an import asked about.
    init(
        found game: ProviderGame, listedAs listing: Catalog.Listing, id: GameID, season: Int, completedBy completion: ProviderGame? = nil,
        in catalog: Catalog, from provider: String, at fetchedAt: Date
    ) {
        let final = completion ?? (game.isFinal ? game : nil)
        self.init(
            game: Game(
                id: id, league: listing.league, season: season, localDate: listing.localDate, gameNumber: listing.gameNumber,
                venueId: listing.venueId, homeTeamId: listing.homeTeamId, awayTeamId: listing.awayTeamId,
                homeScore: final?.homeScore, awayScore: final?.awayScore,
                startUTC: listing.startUTC, dayNight: nil, lengthMinutes: nil,
                seasonType: game.phase.seasonType ?? .regular,
                isNeutralSite: game.isNeutralSite
                    || catalog.homeVenue(of: listing.homeTeamId, on: listing.localDate)?.id != listing.venueId,
                source: provider,
                scoreProvenance: final.map { _ in ScoreProvenance(provider: provider, fetchedAt: fetchedAt) }),
            status: completion == nil ? game.status : .final, inBundledIndex: false, providerGameId: game.providerGameId,
            fetchedAt: fetchedAt)
    }
}
