import Foundation
import JPEGCodec

/// What a share card shows, already in words and numbers: the renderer (``CardRenderer``) only lays it out. Built by
/// the application layer from the fan's history (UseCases' `ShareCard`), the same for the command line and `serve`, so
/// both make the same PNG.
public struct CardDrawing: Hashable, Sendable {
    /// The two layouts: a phone story and a square post.
    public enum Size: String, Hashable, Sendable, CaseIterable, Codable {
        case story, square

        /// In pixels.
        public var width: Int { 1080 }
        /// In pixels.
        public var height: Int { self == .story ? 1920 : 1080 }
    }

    /// A number and what it counts ("42", "games").
    public struct Stat: Hashable, Sendable {
        /// The number, as shown.
        public var value: String
        /// What it counts.
        public var label: String

        /// A number and what it counts.
        public init(value: String, label: String) {
            self.value = value
            self.label = label
        }
    }

    /// The map: country outlines and venue dots, in the map's own coordinates (`width` × `height`), fitted to the
    /// space the card has left.
    public struct Map: Hashable, Sendable {
        /// A point on the map.
        public struct Point: Hashable, Sendable {
            /// Across, from the left.
            public var x: Double
            /// Down, from the top.
            public var y: Double

            /// A point on the map.
            public init(x: Double, y: Double) {
                self.x = x
                self.y = y
            }
        }

        /// A venue: visited (in the card's colour) or still to visit (grey).
        public struct Dot: Hashable, Sendable {
            /// Where.
            public var at: Point
            /// Whether the fan has been.
            public var visited: Bool

            /// A venue's dot.
            public init(at: Point, visited: Bool) {
                self.at = at
                self.visited = visited
            }
        }

        /// The map's width in its own coordinates.
        public var width: Double
        /// Its height.
        public var height: Double
        /// The countries' outlines, each a closed ring.
        public var outlines: [[Point]]
        /// The venues.
        public var dots: [Dot]

        /// A map of `width` × `height`.
        public init(width: Double, height: Double, outlines: [[Point]], dots: [Dot]) {
            self.width = width
            self.height = height
            self.outlines = outlines
            self.dots = dots
        }
    }

    /// A picture for the card (a photo the fan picked), as pixels: no file, so no metadata, reaches the card.
    public struct Picture: Hashable, Sendable {
        /// In pixels.
        public var width: Int
        /// In pixels.
        public var height: Int
        /// Red, green, blue, a byte each, row by row.
        public var rgb: [UInt8]

        /// A picture of `width` × `height` pixels.
        public init(width: Int, height: Int, rgb: [UInt8]) {
            self.width = width
            self.height = height
            self.rgb = rgb
        }
    }

    /// Which layout.
    public var size: Size
    /// The card's colour, `#rrggbb`: the league's.
    public var color: String
    /// "Major League Baseball", "Every league".
    public var title: String
    /// "All-time", "2019 in review".
    public var subtitle: String
    /// The fan's name, when given.
    public var name: String?
    /// Venues visited of the venues counted ("19/30").
    public var visited: Int
    /// See ``visited``.
    public var total: Int
    /// What the ring counts ("venues").
    public var ringLabel: String
    /// The stats row.
    public var stats: [Stat]
    /// A year's facts, one a line ("Busiest month: June, 6 games"); empty for the all-time card.
    public var lines: [String]
    /// The map, or nil for none.
    public var map: Map?
    /// The picture, or nil for none.
    public var picture: Picture?
    /// The last line ("stadiumlog · 2019").
    public var footer: String

    /// Everything a card shows.
    public init(
        size: Size, color: String, title: String, subtitle: String, name: String?, visited: Int, total: Int, ringLabel: String,
        stats: [Stat], lines: [String], map: Map?, picture: Picture?, footer: String
    ) {
        self.size = size
        self.color = color
        self.title = title
        self.subtitle = subtitle
        self.name = name
        self.visited = visited
        self.total = total
        self.ringLabel = ringLabel
        self.stats = stats
        self.lines = lines
        self.map = map
        self.picture = picture
        self.footer = footer
    }
}

extension CardDrawing.Picture {
    /// The pixels of a JPEG (an upright preview the library made from a photo), decoded at `longSide` pixels or more on
    /// its longer side; nil when the bytes are not a JPEG that decodes.
    public init?(jpeg: Data, longSide: Int = 1_080) {
        var image = sl_image()
        var status = sl_status()
        var (width, height): (Int32, Int32) = (0, 0)
        let decoded = jpeg.withUnsafeBytes { bytes in
            sl_jpeg_decode_scaled_memory(
                bytes.bindMemory(to: UInt8.self).baseAddress, UInt(bytes.count), Int32(longSide), 40_000_000, 256 << 20, &image,
                &width, &height, &status)
        }
        guard decoded == 0, let pixels = image.pixels else { return nil }
        defer { sl_image_free(&image) }
        self.init(
            width: Int(image.width), height: Int(image.height),
            rgb: Array(UnsafeBufferPointer(start: pixels, count: Int(image.width) * Int(image.height) * 3)))
    }
}
