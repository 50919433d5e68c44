// swift-tools-version:6.0
import PackageDescription

// StadiumLog turns a folder of photos into a history of the games a fan attended.
// Data flows one way, one target per stage:
//   photo file → PhotoMetadata (CExif) → Matching (Catalog) → Scores → VisitStore + Thumbnails (CJPEG) → stadiumlog
// See docs/ARCHITECTURE.md.
let package = Package(
    name: "StadiumLog",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "stadiumlog", targets: ["stadiumlog"]),
        .library(name: "PhotoMetadata", targets: ["PhotoMetadata"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/swiftcsv/SwiftCSV", from: "0.10.0"),
    ],
    targets: [
        // System libraries (Debian: libexif-dev, libjpeg62-turbo-dev).
        .systemLibrary(
            name: "CExif",
            pkgConfig: "libexif",
            providers: [.apt(["libexif-dev"]), .brew(["libexif"])]
        ),
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
        ),

        // Stage 1: what a photo file knows about when and where it was taken.
        .target(name: "PhotoMetadata", dependencies: ["CExif"]),

        // The thin command-line front end.
        .executableTarget(
            name: "stadiumlog",
            dependencies: [
                "PhotoMetadata",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),

        .testTarget(
            name: "PhotoMetadataTests",
            dependencies: ["PhotoMetadata", .product(name: "SwiftCSV", package: "SwiftCSV")]
        ),
        .testTarget(name: "StadiumLogCLITests", dependencies: ["stadiumlog"]),
    ]
)
