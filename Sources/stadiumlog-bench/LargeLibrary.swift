import Catalog
import Foundation
import TimeAndPlace
import VisitStore

extension Bench {
    /// A library of `visits` real catalog games (three a day from 2001 on, every league) and `photos` photo records
    /// spread over them, with the record of each photo's file an import keeps, restored into a new folder: what
    /// `Scripts/bench serve` serves and `Scripts/bench export` exports. The photos' files do not exist (their pages say
    /// "original missing"); their thumbnails are one real JPEG each, so thumbnails are served (unless not `thumbnails`).
    static func largeLibrary(at path: String, visits count: Int, photos: Int, thumbnails: Bool = true) throws {
        let catalog = try Catalog.bundled()
        var visits: [StadiumVisit] = []
        var day = LocalDate("2001-04-01")!
        while visits.count < count {
            for game in catalog.games(on: day).prefix(3) where visits.count < count {
                let venue = catalog.venue(id: game.venueId)
                visits.append(
                    StadiumVisit(
                        venueId: game.venueId, venueName: venue?.name(on: day) ?? game.venueId, localDate: day, league: game.league,
                        visitType: .game, gameId: game.id, homeTeamId: game.homeTeamId,
                        homeTeamName: catalog.team(id: game.homeTeamId)?.name(on: day), awayTeamId: game.awayTeamId,
                        awayTeamName: catalog.team(id: game.awayTeamId)?.name(on: day), homeScore: game.homeScore,
                        awayScore: game.awayScore, scoreSource: game.isFinal ? .app : nil, dataSource: .automatic,
                        source: .photoImport))
            }
            day = day.adding(days: 1)
        }
        let records = (0..<photos).map { index in
            let hash = String(repeating: "0", count: 48) + String(format: "%016x", index)
            return VisitPhoto(
                sha256: hash, visitId: visits[index % visits.count].id, originalPath: "/nonexistent/bench/IMG_\(index).jpg",
                captureLocal: LocalDateTime(year: 2015, month: 6, day: 15, hour: 19), utcOffset: nil, timeSource: nil,
                latitude: nil, longitude: nil, thumbnailFile: VisitPhoto.thumbnailPath(forHash: hash), sortOrder: index / visits.count)
        }
        let library = try VisitLibrary(folder: URL(fileURLWithPath: path))
        var document = LibraryExport(visits: visits, photos: records)
        document.seenFiles = records.enumerated().map { index, photo in
            SeenFile(
                path: photo.originalPath, size: 3_000_000, modified: 1_434_400_000, inode: Int64(index), outcome: .inLibrary,
                sha256: photo.sha256)
        }
        try library.restore(document)
        guard thumbnails else { return print("\(visits.count) visits, \(records.count) photos in \(path)") }
        // One small JPEG per photo, as an import keeps them.
        let jpeg = Data(base64Encoded: Self.tinyJPEG)!
        for start in stride(from: 0, to: records.count, by: 1_000) {
            try library.thumbnails.keep(records[start..<min(start + 1_000, records.count)].map { ($0.sha256, jpeg) })
        }
        print("\(visits.count) visits, \(records.count) photos in \(path)")
    }

    /// A 1×1 JPEG.
    static let tinyJPEG =
        "/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA="
}
