import Catalog
import Foundation
import Matching
import PhotoMetadata
import TimeAndPlace

/// `stadiumlog-bench`: in-process measurements behind docs/PERFORMANCE.md. Run it from `Scripts/bench`.
@main
enum Bench {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst()
        switch arguments.first {
        case "catalog": try catalogLoad(runs: arguments.dropFirst().first.flatMap(Int.init) ?? 20)
        case "match": try matching(count: arguments.dropFirst().first.flatMap(Int.init) ?? 1_000_000)
        case "library" where arguments.count >= 4:
            let rest = Array(arguments.dropFirst().filter { !$0.hasPrefix("--") })
            try largeLibrary(
                at: rest[0], visits: Int(rest[1]) ?? 10_000, photos: Int(rest[2]) ?? 100_000,
                thumbnails: !arguments.contains("--no-thumbnails"))
        case "thumbnails" where arguments.count >= 3:
            let rest = Array(arguments.dropFirst().filter { !$0.hasPrefix("--") })
            try await thumbnails(
                of: rest[0], into: rest[1], threads: rest.count > 2 ? Int(rest[2]) ?? 1 : 1,
                embeddedPreviews: !arguments.contains("--no-embedded-previews"))
        case "thumbnail-storage" where arguments.count >= 4:
            let rest = Array(arguments.dropFirst())
            try await thumbnailStorage(count: Int(rest[0]) ?? 100_000, photo: rest[1], in: rest[2])
        default:
            print(
                """
                usage: stadiumlog-bench catalog [RUNS] | match [PHOTOS] | library FOLDER VISITS PHOTOS [--no-thumbnails]
                       | thumbnails FOLDER OUTPUT [THREADS] [--no-embedded-previews] | thumbnail-storage COUNT PHOTO FOLDER
                """)
            exit(2)
        }
    }

    /// Cold load of the bundled catalog plus a first query, repeated; prints the median and the peak RSS.
    static func catalogLoad(runs: Int) throws {
        var times: [Double] = []
        var found = 0
        let directory = try Catalog.bundledDirectory()
        for _ in 0..<runs {
            let start = ContinuousClock.now
            let catalog = try Catalog(directory: directory)  // not `bundled()`, which loads once per process
            found += catalog.games(atVenue: "stadium_mlb_fenway_park", on: LocalDate("2015-06-15")!).count
            times.append(Double((ContinuousClock.now - start) / .microseconds(1)) / 1_000)
        }
        times.sort()
        print(
            String(
                format: "catalog load + first query: median %.1f ms, min %.1f ms, max %.1f ms over %d runs (%d games found)",
                times[times.count / 2], times.first!, times.last!, runs, found))
        print(String(format: "peak RSS: %.1f MB", peakResidentMegabytes()))
    }

    /// Matches photos whose metadata is already extracted, on two workloads of `count` photos each:
    /// - library: like a fan's photo library, 5% taken at real games in bursts of 20 (100 m from the venue, 7:30 pm
    ///   local, offset known), the rest anywhere in North America on any day;
    /// - at games: every photo at a different random game, in random order (no locality at all: the worst case).
    /// Prints matches per CPU-second for each.
    static func matching(count: Int) throws {
        let catalog = try Catalog.bundled()
        let matcher = GameMatcher(catalog: catalog)
        var generator = SplitMix(seed: 2015)
        let located = catalog.venues.filter { $0.coordinate != nil }

        func photoAtRandomGame() -> PhotoMetadata {
            while true {
                let venue = located[Int(generator.next() % UInt64(located.count))]
                let day = LocalDate(daysSinceEpoch: 7_300 + Int(generator.next() % 12_000))  // 1990-2022
                guard !catalog.games(atVenue: venue.id, on: day).isEmpty else { continue }
                return photo(at: GeoCoordinate(latitude: venue.latitude! + 0.0009, longitude: venue.longitude!)!, on: day)
            }
        }
        func photoAnywhere() -> PhotoMetadata {
            let point = GeoCoordinate(
                latitude: 25 + Double(generator.next() % 25_000) / 1_000,
                longitude: -125 + Double(generator.next() % 55_000) / 1_000)!
            return photo(at: point, on: LocalDate(daysSinceEpoch: 7_300 + Int(generator.next() % 12_000)))
        }

        let distinct = min(count, 20_000)
        var library: [Result<PhotoMetadata, PhotoMetadataError>] = []
        while library.count < distinct {
            // Every 400 photos, one game's burst of 20: 5% of the library.
            if library.count % 400 == 0 {
                library += Array(repeating: .success(photoAtRandomGame()), count: min(20, distinct - library.count))
            } else {
                library.append(.success(photoAnywhere()))
            }
        }
        let atGames = (0..<distinct).map { _ in Result<PhotoMetadata, PhotoMetadataError>.success(photoAtRandomGame()) }

        for (name, inputs) in [("library (5% at games)", library), ("at games, random order", atGames)] {
            var matched = 0
            let clock = ProcessClock()
            let start = clock.cpuSeconds()
            for index in 0..<count where matcher.match(path: "photo", metadata: inputs[index % distinct]).status == .matched {
                matched += 1
            }
            let seconds = clock.cpuSeconds() - start
            print(
                String(
                    format: "%@: %d matches in %.3f CPU-seconds, %.0f per CPU-second (%d matched)",
                    name, count, seconds, Double(count) / seconds, matched))
        }
    }

    static func photo(at point: GeoCoordinate, on day: LocalDate) -> PhotoMetadata {
        let local = LocalDateTime(year: day.year, month: day.month, day: day.day, hour: 19, minute: 30)!
        let capture = CaptureTime(local: local, utcOffset: UTCOffset(seconds: -4 * 3_600), source: .offsetTimeOriginal)
        return PhotoMetadata(format: .jpeg, capture: capture, location: point)
    }

    static func peakResidentMegabytes() -> Double {
        var usage = rusage()
        #if os(Linux)
            getrusage(RUSAGE_SELF.rawValue, &usage)
            return Double(usage.ru_maxrss) / 1024  // kilobytes
        #else
            getrusage(RUSAGE_SELF, &usage)
            return Double(usage.ru_maxrss) / 1_048_576  // bytes
        #endif
    }
}

/// A small deterministic random generator, so every run matches the same photos.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// CPU time of this process (user + system).
struct ProcessClock {
    func cpuSeconds() -> Double {
        var usage = rusage()
        #if os(Linux)
            getrusage(RUSAGE_SELF.rawValue, &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
    }
}
