internal import CCairo
import Foundation

/// Draws a share card into a PNG with cairo, its text shaped and fitted by Pango in the card's own font (DejaVu Sans,
/// shipped in this module's resources), so a card looks the same on every machine; text that would not fit is made
/// smaller, then cut with an ellipsis — never drawn past its box. Everything is drawn from a ``CardDrawing``: the
/// same drawing gives the same bytes.
public struct CardRenderer: Sendable {
    /// The family the shipped font files declare.
    static let family = "DejaVu Sans"

    /// A renderer whose font is registered with the process's font set (once per process).
    public init() throws(CardError) { try Self.registeredFont.get() }

    private static let registeredFont = Result { () throws(CardError) in
        let c = try CardLibraries.loaded.get()
        for file in ["DejaVuSans", "DejaVuSans-Bold"] {
            guard let url = Bundle.module.url(forResource: file, withExtension: "ttf", subdirectory: "Resources"),
                c.fcConfigAppFontAddFile(c.fcConfigGetCurrent(), url.path) == FcTrue
            else { throw CardError.fontMissing(file) }
        }
    }

    /// How many characters of `text` no font of this machine can draw (shown as boxes): the card's own font covers
    /// Latin, Greek, Cyrillic, Hebrew and Arabic letters; others need one installed.
    public func unknownGlyphs(in text: String) -> Int {
        guard let c = try? CardLibraries.loaded.get(), let surface = c.cairoImageSurfaceCreate(CAIRO_FORMAT_ARGB32, 1, 1) else { return 0 }
        defer { c.cairoSurfaceDestroy(surface) }
        let cr = c.cairoCreate(surface)!
        defer { c.cairoDestroy(cr) }
        let canvas = Canvas(c: c, cr: cr, width: 1, accent: Color(hex: ""))
        let layout = canvas.fitted(text, width: 100_000, size: 32, bold: false)
        defer { c.gObjectUnref(UnsafeMutableRawPointer(layout)) }
        return Int(c.pangoLayoutGetUnknownGlyphsCount(layout))
    }

    /// The card as a PNG.
    public func png(_ drawing: CardDrawing) throws(CardError) -> Data {
        let c = try CardLibraries.loaded.get()
        let (width, height) = (drawing.size.width, drawing.size.height)
        guard let surface = c.cairoImageSurfaceCreate(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)) else {
            throw .drawing("no surface")
        }
        defer { c.cairoSurfaceDestroy(surface) }
        let cr = c.cairoCreate(surface)!
        defer { c.cairoDestroy(cr) }
        let canvas = Canvas(c: c, cr: cr, width: Double(width), accent: Color(hex: drawing.color))
        canvas.draw(drawing, height: Double(height))
        c.cairoSurfaceFlush(surface)
        let box = PNGBuffer()
        let status = c.cairoSurfaceWriteToPngStream(
            surface,
            { closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<PNGBuffer>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(box).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw .drawing(c.cairoStatusToString(status).map { String(cString: $0) } ?? "status \(status.rawValue)")
        }
        return box.data
    }
}

/// What went wrong making a card.
public enum CardError: Error, Equatable, Sendable {
    /// A shipped font file is missing: the installation is damaged.
    case fontMissing(String)
    /// cairo refused.
    case drawing(String)
    /// A library the card is drawn with could not be opened.
    case library(String, package: String)

    /// In words.
    public var problem: String {
        switch self {
        case .fontMissing(let file): "the card's font \(file).ttf is missing; reinstall StadiumLog"
        case .drawing(let reason): "the card could not be drawn (\(reason))"
        case .library(let file, let package): "\(file) could not be opened: install \(package) (apt-get install \(package))"
        }
    }
}

/// The PNG as cairo writes it, piece by piece.
private final class PNGBuffer {
    var data = Data()
}

/// An sRGB colour.
struct Color {
    var red: Double, green: Double, blue: Double

    init(red: Double, green: Double, blue: Double) {
        (self.red, self.green, self.blue) = (red, green, blue)
    }

    /// `#rrggbb`; a colour that cannot be read is the card's dark blue.
    init(hex: String) {
        let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else {
            self.init(red: 0.13, green: 0.29, blue: 0.53)
            return
        }
        self.init(
            red: Double((value >> 16) & 0xFF) / 255, green: Double((value >> 8) & 0xFF) / 255, blue: Double(value & 0xFF) / 255)
    }

    /// Mixed with `other` by `amount` (0: self, 1: other).
    func mixed(with other: Color, _ amount: Double) -> Color {
        Color(
            red: red + (other.red - red) * amount, green: green + (other.green - green) * amount,
            blue: blue + (other.blue - blue) * amount)
    }

    static let white = Color(red: 1, green: 1, blue: 1)
    static let ink = Color(red: 0.07, green: 0.09, blue: 0.13)
}

/// The drawing in progress: a cairo context and the card's palette.
private struct Canvas {
    let c: CardLibraries
    let cr: OpaquePointer
    let width: Double
    let accent: Color
    let margin = 72.0

    init(c: CardLibraries, cr: OpaquePointer, width: Double, accent: Color) {
        self.c = c
        self.cr = cr
        self.width = width
        self.accent = accent
    }

    var background: Color { accent.mixed(with: .ink, 0.82) }
    var muted: Color { Color.white.mixed(with: background, 0.35) }

    func draw(_ card: CardDrawing, height: Double) {
        fill(background, x: 0, y: 0, width: width, height: height)
        fill(accent, x: 0, y: 0, width: width, height: 14)
        let inner = width - 2 * margin
        var y = card.size == .story ? 96.0 : 64.0
        y += text(card.title, x: margin, y: y, width: inner, size: card.size == .story ? 66 : 56, bold: true, color: .white)
        y += 8
        y += text(card.subtitle, x: margin, y: y, width: inner, size: 36, color: accent.mixed(with: .white, 0.45))
        if let name = card.name {
            y += 10
            y += text(name, x: margin, y: y, width: inner, size: 34, color: muted)
        }
        let footerY = height - 96
        switch card.size {
        case .story:
            y += 60
            let radius = 210.0
            ring(card, centerX: width / 2, centerY: y + radius + 22, radius: radius)
            y += 2 * radius + 44 + 70
            statsRow(card.stats, y: y, x: margin, width: inner)
            y += 190
            y = body(card, top: y, bottom: footerY - 30)
        case .square:
            y += 40
            let radius = 165.0
            ring(card, centerX: margin + radius + 22, centerY: y + radius + 22, radius: radius)
            statsGrid(card.stats, x: margin + 2 * radius + 110, y: y + 20, width: width - margin - (margin + 2 * radius + 110))
            y += 2 * radius + 44 + 40
            y = body(card, top: y, bottom: footerY - 20)
        }
        fill(accent.mixed(with: background, 0.5), x: margin, y: footerY - 14, width: inner, height: 2)
        _ = text(card.footer, x: margin, y: footerY, width: inner, size: 28, color: muted)
    }

    /// The year's lines, then the picture or the map in the space left; returns where it ended.
    func body(_ card: CardDrawing, top: Double, bottom: Double) -> Double {
        var y = top
        let lineWidth = width - 2 * margin - 28
        for line in card.lines {
            let height = measure(line, width: lineWidth, size: 32, lines: 2)
            guard y + height <= bottom else { break }
            fill(accent, x: margin, y: y + 14, width: 10, height: 10)
            y += text(line, x: margin + 28, y: y, width: lineWidth, size: 32, color: .white, lines: 2) + 12
        }
        if card.picture != nil || card.map != nil { y += card.lines.isEmpty ? 0 : 20 }
        let space = (x: margin, y: y, width: width - 2 * margin, height: bottom - y)
        guard space.height > 120 else { return y }
        if let picture = card.picture {
            draw(picture, in: space)
        } else if let map = card.map {
            draw(map, in: space)
        }
        return bottom
    }

    // MARK: parts

    func ring(_ card: CardDrawing, centerX: Double, centerY: Double, radius: Double) {
        let share = card.total == 0 ? 0 : min(1, Double(card.visited) / Double(card.total))
        c.cairoSetLineWidth(cr, radius * 0.2)
        c.cairoSetLineCap(cr, CAIRO_LINE_CAP_ROUND)
        set(background.mixed(with: .white, 0.12))
        c.cairoNewPath(cr)
        c.cairoArc(cr, centerX, centerY, radius, 0, 2 * .pi)
        c.cairoStroke(cr)
        if share > 0 {
            set(accent.mixed(with: .white, 0.1))
            c.cairoNewPath(cr)
            c.cairoArc(cr, centerX, centerY, radius, -.pi / 2, -.pi / 2 + 2 * .pi * share)
            c.cairoStroke(cr)
        }
        let inner = radius * 1.45
        let count = "\(card.visited)/\(card.total)"
        let numberHeight = measure(count, width: inner, size: radius * 0.5, bold: true)
        let labelHeight = measure(card.ringLabel, width: inner, size: radius * 0.19)
        let top = centerY - (numberHeight + labelHeight) / 2
        _ = text(count, x: centerX - inner / 2, y: top, width: inner, size: radius * 0.5, bold: true, color: .white, center: true)
        _ = text(
            card.ringLabel, x: centerX - inner / 2, y: top + numberHeight, width: inner, size: radius * 0.19, color: muted, center: true)
    }

    func statsRow(_ stats: [CardDrawing.Stat], y: Double, x: Double, width: Double) {
        guard !stats.isEmpty else { return }
        let column = width / Double(stats.count)
        for (index, stat) in stats.enumerated() {
            let left = x + column * Double(index)
            let used = text(stat.value, x: left, y: y, width: column - 12, size: 72, bold: true, color: .white, center: true)
            _ = text(stat.label, x: left, y: y + used, width: column - 12, size: 30, color: muted, center: true)
        }
    }

    func statsGrid(_ stats: [CardDrawing.Stat], x: Double, y: Double, width: Double) {
        for (index, stat) in stats.enumerated() {
            let (left, top) = (x + Double(index % 2) * width / 2, y + Double(index / 2) * 170)
            let used = text(stat.value, x: left, y: top, width: width / 2 - 12, size: 64, bold: true, color: .white)
            _ = text(stat.label, x: left, y: top + used, width: width / 2 - 12, size: 28, color: muted)
        }
    }

    func draw(_ map: CardDrawing.Map, in box: (x: Double, y: Double, width: Double, height: Double)) {
        guard map.width > 0, map.height > 0 else { return }
        let scale = min(box.width / map.width, box.height / map.height)
        let (left, top) = (box.x + (box.width - map.width * scale) / 2, box.y + (box.height - map.height * scale) / 2)
        c.cairoSave(cr)
        c.cairoRectangle(cr, left, top, map.width * scale, map.height * scale)
        c.cairoClip(cr)
        fill(background.mixed(with: .ink, 0.35), x: left, y: top, width: map.width * scale, height: map.height * scale)
        set(background.mixed(with: .white, 0.16))
        for ring in map.outlines where ring.count > 2 {
            c.cairoNewPath(cr)
            c.cairoMoveTo(cr, left + ring[0].x * scale, top + ring[0].y * scale)
            for point in ring.dropFirst() { c.cairoLineTo(cr, left + point.x * scale, top + point.y * scale) }
            c.cairoClosePath(cr)
            c.cairoFill(cr)
        }
        for dot in map.dots.sorted(by: { !$0.visited && $1.visited }) {
            set(dot.visited ? accent.mixed(with: .white, 0.15) : muted.mixed(with: background, 0.45))
            c.cairoNewPath(cr)
            c.cairoArc(cr, left + dot.at.x * scale, top + dot.at.y * scale, dot.visited ? 9 : 6, 0, 2 * .pi)
            c.cairoFill(cr)
        }
        c.cairoRestore(cr)
    }

    func draw(_ picture: CardDrawing.Picture, in box: (x: Double, y: Double, width: Double, height: Double)) {
        guard picture.width > 0, picture.height > 0, picture.rgb.count >= picture.width * picture.height * 3,
            let image = c.cairoImageSurfaceCreate(CAIRO_FORMAT_RGB24, Int32(picture.width), Int32(picture.height))
        else { return }
        defer { c.cairoSurfaceDestroy(image) }
        c.cairoSurfaceFlush(image)
        let stride = Int(c.cairoImageSurfaceGetStride(image))
        let pixels = c.cairoImageSurfaceGetData(image)!
        for row in 0..<picture.height {
            for column in 0..<picture.width {
                let from = (row * picture.width + column) * 3
                let to = pixels + row * stride + column * 4
                // CAIRO_FORMAT_RGB24 is a native-endian 32-bit word: blue first on little-endian machines.
                let word = UInt32(picture.rgb[from]) << 16 | UInt32(picture.rgb[from + 1]) << 8 | UInt32(picture.rgb[from + 2])
                to.withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee = word }
            }
        }
        c.cairoSurfaceMarkDirty(image)
        // Cover the box: the picture scaled to fill it, centred, the overflow cut.
        let scale = max(box.width / Double(picture.width), box.height / Double(picture.height))
        c.cairoSave(cr)
        c.cairoRectangle(cr, box.x, box.y, box.width, box.height)
        c.cairoClip(cr)
        c.cairoTranslate(
            cr, box.x + (box.width - Double(picture.width) * scale) / 2, box.y + (box.height - Double(picture.height) * scale) / 2)
        c.cairoScale(cr, scale, scale)
        c.cairoSetSourceSurface(cr, image, 0, 0)
        c.cairoPaint(cr)
        c.cairoRestore(cr)
    }

    // MARK: primitives

    func set(_ color: Color) { c.cairoSetSourceRgb(cr, color.red, color.green, color.blue) }

    func fill(_ color: Color, x: Double, y: Double, width: Double, height: Double) {
        set(color)
        c.cairoNewPath(cr)
        c.cairoRectangle(cr, x, y, width, height)
        c.cairoFill(cr)
    }

    /// The height `text` takes in a box `width` wide at `size` px, as ``text(_:x:y:width:size:bold:color:center:lines:)``
    /// would draw it.
    func measure(_ text: String, width: Double, size: Double, bold: Bool = false, lines: Int = 1) -> Double {
        let layout = fitted(text, width: width, size: size, bold: bold, lines: lines)
        defer { c.gObjectUnref(UnsafeMutableRawPointer(layout)) }
        var (w, h): (Int32, Int32) = (0, 0)
        c.pangoLayoutGetPixelSize(layout, &w, &h)
        return Double(h)
    }

    /// Draws `text` in a box at (x, y) `width` wide, left-aligned or centred, on one line (made smaller to fit) or
    /// on up to `lines` lines; returns the height used.
    @discardableResult
    func text(
        _ text: String, x: Double, y: Double, width: Double, size: Double, bold: Bool = false, color: Color, center: Bool = false,
        lines: Int = 1
    ) -> Double {
        let layout = fitted(text, width: width, size: size, bold: bold, lines: lines)
        defer { c.gObjectUnref(UnsafeMutableRawPointer(layout)) }
        if center { c.pangoLayoutSetAlignment(layout, PANGO_ALIGN_CENTER) }
        var (w, h): (Int32, Int32) = (0, 0)
        c.pangoLayoutGetPixelSize(layout, &w, &h)
        set(color)
        c.cairoMoveTo(cr, x, y)
        c.pangoCairoShowLayout(cr, layout)
        return Double(h)
    }

    /// A layout of `text` in the card's font: on one line at `size` px when it fits in `width`, else smaller (to
    /// 70%), else cut with an ellipsis; or wrapped on up to `lines` lines at `size`, the last cut with an ellipsis.
    /// Font rendering options are fixed (grey antialiasing, no hinting) so the pixels do not depend on the machine's
    /// font settings.
    func fitted(_ text: String, width: Double, size: Double, bold: Bool, lines: Int = 1) -> OpaquePointer {
        let context = c.pangoCairoCreateContext(cr)!
        defer { c.gObjectUnref(UnsafeMutableRawPointer(context)) }
        let options = c.cairoFontOptionsCreate()!
        defer { c.cairoFontOptionsDestroy(options) }
        c.cairoFontOptionsSetAntialias(options, CAIRO_ANTIALIAS_GRAY)
        c.cairoFontOptionsSetHintStyle(options, CAIRO_HINT_STYLE_NONE)
        c.cairoFontOptionsSetHintMetrics(options, CAIRO_HINT_METRICS_OFF)
        c.pangoCairoContextSetFontOptions(context, options)
        let layout = c.pangoLayoutNew(context)!
        let font = c.pangoFontDescriptionNew()!
        defer { c.pangoFontDescriptionFree(font) }
        c.pangoFontDescriptionSetFamily(font, CardRenderer.family)
        c.pangoFontDescriptionSetWeight(font, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        // One line: a line break in a name is a space here.
        let line = text.replacingOccurrences(of: "\n", with: " ")
        c.pangoLayoutSetText(layout, line, -1)
        c.pangoLayoutSetSingleParagraphMode(layout, 1)
        c.pangoLayoutSetEllipsize(layout, PANGO_ELLIPSIZE_END)
        c.pangoLayoutSetWidth(layout, Int32(width * Double(PANGO_SCALE)))
        guard lines == 1 else {
            c.pangoFontDescriptionSetAbsoluteSize(font, size * Double(PANGO_SCALE))
            c.pangoLayoutSetFontDescription(layout, font)
            c.pangoLayoutSetWrap(layout, PANGO_WRAP_WORD_CHAR)
            c.pangoLayoutSetHeight(layout, Int32(-lines))
            return layout
        }
        c.pangoLayoutSetWidth(layout, -1)
        var points = size
        while true {
            c.pangoFontDescriptionSetAbsoluteSize(font, points * Double(PANGO_SCALE))
            c.pangoLayoutSetFontDescription(layout, font)
            var (w, h): (Int32, Int32) = (0, 0)
            c.pangoLayoutGetPixelSize(layout, &w, &h)
            if Double(w) <= width || points <= size * 0.7 { break }
            points = max(size * 0.7, points * 0.92)
        }
        c.pangoLayoutSetWidth(layout, Int32(width * Double(PANGO_SCALE)))
        c.pangoLayoutSetEllipsize(layout, PANGO_ELLIPSIZE_END)
        return layout
    }
}
