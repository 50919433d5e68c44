import Catalog
import Foundation
import HTMLReport
import Progress
import ShareCard
import TimeAndPlace
import VisitStore

/// A share card as the fan asks for it (`stadiumlog card`, `serve`'s Share buttons).
public struct CardRequest: Hashable, Sendable {
    /// One league, or every league (nil).
    public var league: LeagueID?
    /// A season in review, or all-time (nil).
    public var season: Int?
    /// The fan's name on the card.
    public var name: String?
    /// Whether the map is drawn.
    public var map: Bool
    /// Story or square.
    public var size: CardDrawing.Size
    /// The content hash of a photo of the library to show (its pixels, never its file or metadata).
    public var photo: String?

    /// A card of `league` (every league when nil), all-time or of `season`.
    public init(
        league: LeagueID? = nil, season: Int? = nil, name: String? = nil, map: Bool = true, size: CardDrawing.Size = .story,
        photo: String? = nil
    ) {
        self.league = league
        self.season = season
        self.name = name
        self.map = map
        self.size = size
        self.photo = photo
    }
}

/// Why a card was not made, in words a fan can act on.
public enum CardFailure: Error, Hashable, Sendable, FanFacingError {
    /// The photo asked for is not one of the library's, or its original is gone.
    case photo(String, reason: String)
    /// The name is too long for any card.
    case nameTooLong(Int)
    /// The name has letters no font of this machine can draw.
    case nameUndrawable(String)
    /// The renderer failed.
    case drawing(String)

    /// In words.
    public var problem: String {
        switch self {
        case .photo(let hash, let reason): "the photo \(hash) cannot be shown on the card: \(reason)"
        case .nameTooLong(let count): "a name on the card has at most 60 characters (this one has \(count))"
        case .nameUndrawable(let name):
            "no font on this computer can draw some letters of '\(name)': install one that has them (Debian: fonts-noto-cjk "
                + "for Chinese, Japanese and Korean) or write the name in other letters"
        case .drawing(let reason): reason
        }
    }
    /// Nothing general: the problem says what to do.
    public var remedy: Remedy? { nil }
    /// A card changes nothing.
    public var changedNothing: Bool { true }
}

/// The progress card and a season's card (issue #44): one drawing (``CardDrawing``) from the fan's history, one
/// renderer, so the command line and `serve` give the same PNG. Private by default: venue names, dates and counts —
/// never a position, a time of day or a photo's file.
public struct ShareCards: Sendable {
    /// The fan's history the cards tell.
    public let history: FanHistory
    private let previews: PhotoPreviews

    /// Cards of `library`'s history.
    public init(library: VisitLibrary, catalog: Catalog) {
        history = FanHistory(library: library, catalog: catalog)
        previews = PhotoPreviews(library: library, longSide: 1_080)
    }

    /// The card as a PNG.
    public func png(_ request: CardRequest, today: LocalDate) throws -> Data {
        let drawing = try drawing(request, today: today)
        do {
            let renderer = try CardRenderer()
            if let name = drawing.name, renderer.unknownGlyphs(in: name) > 0 { throw CardFailure.nameUndrawable(name) }
            return try renderer.png(drawing)
        } catch let error as CardError {
            throw CardFailure.drawing(error.problem)
        }
    }

    /// What the card shows.
    public func drawing(_ request: CardRequest, today: LocalDate) throws -> CardDrawing {
        let name = request.name?.trimmingCharacters(in: .whitespacesAndNewlines).filter { !$0.isNewline }
        if let name, name.count > 60 { throw CardFailure.nameTooLong(name.count) }
        let catalog = history.catalog
        let everything = try history.library.visits().filter { $0.visitType == .game }
        let ofLeague = everything.filter { request.league == nil || $0.league == request.league }
        // The season's card counts what the fan had seen by the end of it; the all-time card, everything.
        let seen = request.season.map { season in ofLeague.filter { history.season(of: $0) <= season } } ?? ofLeague
        let shown = request.season.map { season in ofLeague.filter { history.season(of: $0) == season } } ?? ofLeague
        let progress = FanProgress(visits: seen, catalog: catalog, today: today, league: request.league)
        let (visited, total) = progress.leagues.reduce((0, 0)) { ($0.0 + $1.league.visited.count, $0.1 + $1.league.total) }
        let league = request.league.flatMap(catalog.league)
        let review = try request.season.map { try history.yearInReview(of: everything, season: $0, league: request.league) }
        func stat(_ count: Int, _ noun: String) -> CardDrawing.Stat { .init(value: "\(count)", label: count == 1 ? noun : noun + "s") }
        let stats =
            review.map { review in
                [
                    stat(review.games, "game"), stat(review.venues, "venue"), .init(value: "\(review.newVenues)", label: "new"),
                    stat(review.photos, "photo"),
                ]
            } ?? [
                stat(shown.count, "game"), stat(Set(shown.map(\.venueId)).count, "venue"),
                stat(Set(shown.compactMap(\.league)).count, "league"), stat(Set(shown.map(history.season(of:))).count, "season"),
            ]
        let dates = shown.map(\.localDate).sorted()
        let footer =
            "StadiumLog"
            + (dates.first.map { first in
                " · " + (first.year == dates.last!.year ? "\(first.year)" : "\(first.year)–\(dates.last!.year)")
            } ?? "")
        return CardDrawing(
            size: request.size, color: league?.color ?? "#2f6fb0", title: league?.name ?? "Every league",
            subtitle: review.map { "\($0.label) in review" } ?? "All-time",
            name: name?.isEmpty == false ? name : nil, visited: visited, total: total, ringLabel: "venues", stats: stats,
            lines: Array(review?.lines.dropFirst() ?? []), map: request.map ? map(seen: shown, progress: progress) : nil,
            picture: try request.photo.map(picture), footer: footer)
    }

    /// Visited venues in the card's colour, the leagues' current venues still to visit in grey; places beyond the
    /// map's frame are left off.
    private func map(seen visits: [StadiumVisit], progress: FanProgress) -> CardDrawing.Map {
        let catalog = history.catalog
        var dots: [String: CardDrawing.Map.Dot] = [:]
        func dot(_ venueId: String, visited: Bool) {
            guard dots[venueId]?.visited != true, let place = catalog.venue(id: venueId)?.coordinate,
                let point = MapOfNorthAmerica.point(longitude: place.longitude, latitude: place.latitude)
            else { return }
            dots[venueId] = .init(at: .init(x: point.x, y: point.y), visited: visited)
        }
        for visit in visits { dot(visit.venueId, visited: true) }
        for league in progress.leagues { for venue in league.league.remaining { dot(venue.id, visited: false) } }
        let size = MapOfNorthAmerica.size
        return CardDrawing.Map(
            width: size.width, height: size.height,
            outlines: MapOfNorthAmerica.outlines.map { $0.map { CardDrawing.Map.Point(x: $0.x, y: $0.y) } },
            dots: dots.sorted { $0.key < $1.key }.map(\.value))
    }

    /// A photo of the library as pixels, from an upright preview made from its original.
    private func picture(_ typed: String) throws -> CardDrawing.Picture {
        do {
            guard let hash = try history.library.photoHash(typed: typed.lowercased()) else {
                throw PhotoPreviews.Failure.unknownPhoto
            }
            guard let picture = CardDrawing.Picture(jpeg: try previews.preview(ofPhoto: hash)) else {
                throw CardFailure.photo(typed, reason: "it could not be decoded")
            }
            return picture
        } catch PhotoPreviews.Failure.unknownPhoto {
            throw CardFailure.photo(typed, reason: "no photo of the library has that hash (`visits show ID` lists them)")
        } catch PhotoPreviews.Failure.originalMissing(let path) {
            throw CardFailure.photo(typed, reason: "its original is no longer at \(path) (`stadiumlog relink FOLDER`)")
        } catch PhotoPreviews.Failure.undecodable(let path, let reason) {
            throw CardFailure.photo(typed, reason: "\(path) could not be decoded (\(reason))")
        }
    }
}
