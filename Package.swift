// swift-tools-version:6.0
import Foundation
import PackageDescription

// StadiumLog turns a folder of photos into a history of the games a fan attended.
// Data flows one way, one target per stage, under an application layer that front ends call:
//   photo file → PhotoMetadata (CExif) → Matching (Catalog) → Scores → VisitStore + Thumbnails (CJPEG)
//     → UseCases → stadiumlog
// See docs/ARCHITECTURE.md for the dependencies between the targets.
/// libheif's headers. The library itself is opened on the first HEIF file, not linked (Sources/CHeif/shim.h): on Linux
/// the headers are on the default include path and pkg-config, which would add `-lheif` to the link, is not asked;
/// Homebrew's prefix needs pkg-config's include flag, and the linked library is found by the same lookup.
#if os(Linux)
    let heifHeaders = Target.systemLibrary(name: "CHeif", providers: [.apt(["libheif-dev"])])
#else
    let heifHeaders = Target.systemLibrary(name: "CHeif", pkgConfig: "libheif", providers: [.brew(["libheif"])])
#endif
/// The command's symbols stay its own on Linux. Linking the Swift runtime statically exports every symbol of the
/// executable (47,000), and the runtime's start-up (`swift_copyAuxiliaryExecutablePath` calls `dladdr`) walks them all:
/// about a tenth of `stadiumlog --version`. Nothing looks our symbols up by name; crash reports read the symbol table.
#if os(Linux)
    let privateSymbols: [LinkerSetting] = [.unsafeFlags(["-Xlinker", "--no-export-dynamic"])]
#else
    let privateSymbols: [LinkerSetting] = []
#endif
/// libxml2's headers, the same way: opened on the first document parsed (Sources/CLibXML2/shim.h). Debian keeps them in
/// /usr/include/libxml2, where pkg-config would find them but also add `-lxml2`; the one target that reads them is
/// told where they are. On macOS pkg-config's flags are used, and the linked library is found by the same lookup.
#if os(Linux)
    let xmlHeaders = Target.systemLibrary(name: "CLibXML2", providers: [.apt(["libxml2-dev"])])
    let xmlHeaderPath: [SwiftSetting] = [.unsafeFlags(["-Xcc", "-I/usr/include/libxml2"])]
#else
    let xmlHeaders = Target.systemLibrary(name: "CLibXML2", pkgConfig: "libxml-2.0", providers: [.brew(["libxml2"])])
    let xmlHeaderPath: [SwiftSetting] = []
#endif

/// cairo's, Pango's and fontconfig's headers, the same way: opened when the first share card is drawn
/// (Sources/CCairo/shim.h). pkg-config would add `-lpangocairo-1.0` and the rest to every program's link, so on Linux
/// the one target that reads the headers is told where Debian keeps them (glib's configuration header under the
/// machine's multiarch folder); on macOS pkg-config's flags are used.
#if os(Linux)
    let cairoHeaders = Target.systemLibrary(
        name: "CCairo", providers: [.apt(["libcairo2-dev", "libpango1.0-dev", "libfontconfig-dev"])])
    let multiarch =
        ((try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib")) ?? [])
        .filter { FileManager.default.fileExists(atPath: "/usr/lib/\($0)/glib-2.0/include/glibconfig.h") }.map {
            "/usr/lib/\($0)/glib-2.0/include"
        }
    let cairoHeaderPaths: [SwiftSetting] = [
        .unsafeFlags(
            (["pango-1.0", "glib-2.0", "harfbuzz", "freetype2", "cairo", "pixman-1", "libpng16", "fribidi"].map { "/usr/include/\($0)" }
                + multiarch).flatMap { ["-Xcc", "-I\($0)"] })
    ]
#else
    let cairoHeaders = Target.systemLibrary(name: "CCairo", pkgConfig: "pangocairo", providers: [.brew(["pango", "cairo", "fontconfig"])])
    let cairoHeaderPaths: [SwiftSetting] = []
#endif

let package = Package(
    name: "StadiumLog",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "stadiumlog", targets: ["stadiumlog"]),
        .executable(name: "stadiumlog-commands", targets: ["stadiumlog-commands"]),
        .library(name: "PhotoMetadata", targets: ["PhotoMetadata"]),
        .library(name: "Catalog", targets: ["Catalog"]),
        .library(name: "Matching", targets: ["Matching"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.21.0"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.0.0"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.0.0"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.0.0"),
        .package(url: "https://github.com/apple/swift-log", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.0.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
    ],
    targets: [
        // System libraries (Debian: libexif-dev, libjpeg62-turbo-dev, libxml2-dev, libheif-dev, libpng-dev).
        .systemLibrary(
            name: "CExif",
            pkgConfig: "libexif",
            providers: [.apt(["libexif-dev"]), .brew(["libexif"])]
        ),
        xmlHeaders,
        heifHeaders,
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
        ),

        // Value types every stage shares: calendar days, wall-clock times, UTC offsets, coordinates.
        .target(name: "TimeAndPlace"),

        // Independent jobs on every core: blocking (`sideBySide`) and from async code (`concurrentMap`).
        .target(name: "Parallel"),

        // libjpeg's decoder and encoder with its errors turned into return codes (it reports them by longjmp).
        .target(name: "JPEGCodec", dependencies: ["CJPEG"]),

        // cairo, Pango (through pangocairo) and fontconfig: the share card is drawn with them, opened when the first
        // card is (Debian: libcairo2-dev, libpango1.0-dev, libfontconfig-dev to build).
        cairoHeaders,

        // The share card (issue #44): a drawing of words, numbers, a ring and a map, laid out and rasterized to PNG in
        // the card's own font (DejaVu Sans, shipped here with its licence).
        .target(
            name: "ShareCard", dependencies: ["CCairo", "JPEGCodec"], resources: [.copy("Resources")], swiftSettings: cairoHeaderPaths
        ),

        // 200 px upright thumbnails without metadata, from the photo or the preview its metadata points to.
        .target(name: "Thumbnails", dependencies: ["JPEGCodec", "HEIFCodec", "CPNG", "PhotoMetadata"]),

        // HEIF/HEIC through libheif: size, EXIF block, and pixels (from an embedded thumbnail when large enough).
        .target(name: "HEIFCodec", dependencies: ["CHeif"]),

        // HTML pages and XML documents through libxml2's parsers, queried with XPath (scraped scores, XMP sidecars).
        .target(name: "Markup", dependencies: ["CLibXML2"], swiftSettings: xmlHeaderPath),

        // Stage 1: what a photo file knows about when and where it was taken.
        .target(name: "PhotoMetadata", dependencies: ["CExif", "HEIFCodec", "Markup", "Parallel", "TimeAndPlace"]),

        // Venues, teams and historical games, built by Scripts/catalog/build.py into its Resources/Catalog.
        .target(name: "Catalog", dependencies: ["Parallel", "TimeAndPlace"], resources: [.copy("Resources/Catalog")]),

        // Stage 1, beside photos: what a fan's location history, check-ins, calendars and GPS tracks say of where they
        // stayed and what they planned (issue #42), read as streams, in folders or Takeout .zip files (ZIPFoundation;
        // Debian: zlib1g-dev), keeping only what lies near a venue.
        .target(
            name: "Evidence",
            dependencies: ["Markup", "TimeAndPlace", .product(name: "ZIPFoundation", package: "ZIPFoundation")]),

        // Stage 2: which venue, which game, and how sure we are — for photos and for the evidence beside them.
        .target(name: "Matching", dependencies: ["Evidence", "PhotoMetadata", "Catalog", "TimeAndPlace"]),

        // The fan's library: visits, their photos and pending matches in SQLite (GRDB), export and restore.
        .target(
            name: "VisitStore",
            dependencies: ["Catalog", "TimeAndPlace", .product(name: "GRDB", package: "GRDB.swift")]
        ),

        // Stage 3: final scores (and games the bundled index lacks) from free providers over HTTP, in tiers, with
        // their pace, failures and answers kept in the library.
        .target(
            name: "Scores",
            dependencies: [
                "Catalog", "TimeAndPlace", "VisitStore", "Markup", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ]
        ),

        // What the visits add up to: progress through each league and achievements, kept in the library.
        .target(
            name: "Progress",
            dependencies: ["Catalog", "TimeAndPlace", "VisitStore", .product(name: "GRDB", package: "GRDB.swift")],
            resources: [.process("Resources")]
        ),

        // The fan's history as one self-contained HTML page: map, progress rings, badges, a card per visit; its
        // Mustache templates and styles are the web app's too.
        .target(
            name: "HTMLReport",
            dependencies: [
                "Catalog", "Progress", "TimeAndPlace", "VisitStore", .product(name: "Mustache", package: "swift-mustache"),
            ],
            resources: [.process("Resources")]
        ),

        // The application layer: one use case per thing a fan does (import a folder, confirm, correct, look up
        // scores, update the catalog, see progress and the report). Each owns the order of its stages, keeps the
        // achievements up to date after every change and reports progress through a callback; front ends call one.
        .target(
            name: "UseCases",
            dependencies: [
                "Evidence",
                "PhotoMetadata", "Catalog", "Matching", "Scores", "VisitStore", "Thumbnails", "Progress", "HTMLReport", "ShareCard",
                "Parallel", "TimeAndPlace", .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),

        // The local web front end (`stadiumlog serve`): pages rendered from the report's templates over the same use
        // cases as the command line, behind a per-run secret, on the loopback addresses only.
        .target(
            name: "WebApp",
            dependencies: [
                "UseCases", "HTMLReport", "Catalog", "PhotoMetadata", "VisitStore", "Progress", "ShareCard", "TimeAndPlace",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            resources: [.process("Resources")]
        ),

        // What every command shares and needs neither the catalog nor the library: tables, JSON and CSV, one-line
        // errors, progress on a terminal, and `scan`. Like the stages below it (PhotoMetadata, TimeAndPlace, Parallel,
        // Markup, HEIFCodec) it imports FoundationEssentials where there is one, never all of Foundation.
        .target(
            name: "CommandLineBasics",
            dependencies: [
                "PhotoMetadata", "Parallel", "TimeAndPlace", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        // The program a fan runs: `--version` and `scan` answered here, linked without the catalog, SQLite, HTTP or
        // ICU so that it starts in a few milliseconds; every other command handed to `stadiumlog-commands` (exec).
        .executableTarget(
            name: "stadiumlog",
            dependencies: ["CommandLineBasics", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            linkerSettings: privateSymbols
        ),

        // The thin command-line front end: every command, over the use cases; installed beside `stadiumlog`.
        .executableTarget(
            name: "stadiumlog-commands",
            dependencies: [
                "CommandLineBasics",
                "PhotoMetadata",
                "Catalog",
                "Matching",
                "Scores",
                "VisitStore",
                "UseCases",
                "WebApp",
                "Progress",
                "HTMLReport",
                "ShareCard",
                "Thumbnails",
                "TimeAndPlace",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: privateSymbols
        ),

        // Benchmarks behind docs/PERFORMANCE.md (Scripts/bench); never part of the tests.
        .executableTarget(
            name: "stadiumlog-bench",
            dependencies: ["Catalog", "Matching", "PhotoMetadata", "Thumbnails", "TimeAndPlace", "VisitStore"]
        ),

        // The fuzzing harness (Scripts/fuzz); built normally it replays inputs, which is how crashes become tests.
        .executableTarget(name: "stadiumlog-fuzz", dependencies: ["PhotoMetadata", "Thumbnails"]),

        .testTarget(
            name: "PhotoMetadataTests",
            dependencies: ["PhotoMetadata", "TimeAndPlace", .product(name: "SwiftCSV", package: "SwiftCSV")]
        ),
        .testTarget(name: "TimeAndPlaceTests", dependencies: ["TimeAndPlace"]),
        .testTarget(name: "JPEGCodecTests", dependencies: ["JPEGCodec"]),
        .testTarget(name: "HEIFCodecTests", dependencies: ["HEIFCodec"]),
        .testTarget(name: "MarkupTests", dependencies: ["Markup"]),
        .testTarget(name: "EvidenceTests", dependencies: ["Evidence", "TimeAndPlace"], resources: [.copy("Fixtures")]),
        .testTarget(name: "CatalogTests", dependencies: ["Catalog", "TimeAndPlace"]),
        .testTarget(name: "VisitStoreTests", dependencies: ["VisitStore", "TimeAndPlace", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(name: "ThumbnailsTests", dependencies: ["Thumbnails", "JPEGCodec", "PhotoMetadata"]),
        // A real HTTP server on 127.0.0.1 serving the recorded provider responses, and the context tests use it in
        // (a library, a clock, FreeScoreAPI pointed at the server); for the tests, not a test itself.
        .target(
            name: "ScoreProviderFixtures",
            dependencies: ["Catalog", "Scores", "VisitStore", .product(name: "Hummingbird", package: "hummingbird")],
            path: "Tests/ScoreProviderFixtures"
        ),
        .testTarget(
            name: "UseCasesTests",
            dependencies: [
                "UseCases", "VisitStore", "Catalog", "PhotoMetadata", "Matching", "Scores",
                "TimeAndPlace", "ScoreProviderFixtures",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "ScoresTests",
            dependencies: [
                "Scores", "Catalog", "VisitStore", "TimeAndPlace",
                "ScoreProviderFixtures", .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(
            name: "ProgressTests",
            dependencies: [
                "Progress", "Catalog", "VisitStore", "TimeAndPlace",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
        .testTarget(name: "HTMLReportTests", dependencies: ["HTMLReport", "Progress", "Catalog", "VisitStore", "TimeAndPlace"]),
        .testTarget(name: "MatchingTests", dependencies: ["Matching", "Catalog", "Evidence", "PhotoMetadata", "TimeAndPlace"]),
        // `stadiumlog serve` as a real process: HTTP-level rules of a local server, and Chromium through WebDriver.
        .testTarget(
            name: "WebAppTests",
            dependencies: [
                "stadiumlog", "stadiumlog-commands", "WebApp", "UseCases", "Catalog", "VisitStore",
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
            ]),
        .testTarget(
            name: "StadiumLogCLITests",
            dependencies: [
                "stadiumlog", "stadiumlog-commands", "VisitStore", "ScoreProviderFixtures", "CPNG",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]),
    ]
)
