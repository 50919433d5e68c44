import Catalog
import Foundation
import TimeAndPlace

/// `stadiumlog-bench`: in-process measurements behind docs/PERFORMANCE.md. Run it from `Scripts/bench`.
@main
enum Bench {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        switch arguments.first {
        case "catalog": try catalogLoad(runs: arguments.dropFirst().first.flatMap(Int.init) ?? 20)
        default:
            print("usage: stadiumlog-bench catalog [RUNS]")
            exit(2)
        }
    }

    /// Cold load of the bundled catalog plus a first query, repeated; prints the median and the peak RSS.
    static func catalogLoad(runs: Int) throws {
        var times: [Double] = []
        var found = 0
        for _ in 0..<runs {
            let start = ContinuousClock.now
            let catalog = try Catalog.bundled()
            found += catalog.games(atVenue: "stadium_mlb_fenway_park", on: LocalDate("2015-06-15")!).count
            times.append(Double((ContinuousClock.now - start) / .microseconds(1)) / 1_000)
        }
        times.sort()
        print(String(format: "catalog load + first query: median %.1f ms, min %.1f ms, max %.1f ms over %d runs (%d games found)",
                     times[times.count / 2], times.first!, times.last!, runs, found))
        print(String(format: "peak RSS: %.1f MB", peakResidentMegabytes()))
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
