import Foundation
import JPEGCodec
import PhotoMetadata
import Testing
import Thumbnails

@Suite("Thumbnails")
struct ThumbnailTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let realPhotos = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data/real-photos")

    /// Decodes JPEG bytes at full size, through a temporary file.
    static func decode(_ data: Data) throws -> (width: Int, height: Int, pixel: (Int, Int) -> (Int, Int, Int)) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("thumb-\(UUID()).jpg")
        try data.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var image = sl_image()
        var status = sl_status()
        var width: Int32 = 0
        var height: Int32 = 0
        #expect(sl_jpeg_decode_scaled(url.path, 100_000, 1_000_000_000, sl_memory_budget(), &image, &width, &height, &status) == 0)
        let pixels = Array(UnsafeBufferPointer(start: image.pixels, count: Int(image.width * image.height * 3)))
        let w = Int(image.width)
        let h = Int(image.height)
        sl_image_free(&image)
        return (
            w, h,
            { x, y in
                let i = (y * w + x) * 3
                return (Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]))
            }
        )
    }

    @Test(
        "Every EXIF orientation comes out upright",
        arguments: [
            (1, "topLeft"), (2, "topRight"), (3, "bottomRight"), (4, "bottomLeft"),
            (5, "topLeft"), (6, "topRight"), (7, "bottomRight"), (8, "bottomLeft"),
        ])
    func orientation(orientation: Int, corner: String) throws {
        // Each file stores the same 64x48 picture with a red block in its stored top-left corner.
        let path = Self.packageRoot.appendingPathComponent("TestImages/orientation/orientation-\(orientation).jpg").path
        let thumbnail = try ThumbnailGenerator().thumbnail(ofJPEGAt: path, orientation: orientation)
        let sideways = orientation >= 5
        #expect((thumbnail.width, thumbnail.height) == (sideways ? (48, 64) : (64, 48)))
        let image = try Self.decode(thumbnail.jpeg)
        func isRed(_ x: Int, _ y: Int) -> Bool {
            let (r, g, b) = image.pixel(x, y)
            return r > 150 && g < 90 && b < 90
        }
        let (w, h) = (image.width, image.height)
        let corners = [
            "topLeft": isRed(3, 3), "topRight": isRed(w - 4, 3),
            "bottomLeft": isRed(3, h - 4), "bottomRight": isRed(w - 4, h - 4),
        ]
        #expect(corners.filter(\.value).map(\.key) == [corner])
    }

    @Test("A 12 MP phone photo becomes 200 px on its long side, decoded at 1/8 scale")
    func realPhoto() throws {
        let path = Self.realPhotos.appendingPathComponent("exiv2-test-data/exiv2-bug2565.jpg").path
        let thumbnail = try ThumbnailGenerator().thumbnail(ofJPEGAt: path, orientation: 1)
        #expect(max(thumbnail.width, thumbnail.height) == 200)
        #expect((thumbnail.width, thumbnail.height) == (200, 150))
        let image = try Self.decode(thumbnail.jpeg)
        #expect((image.width, image.height) == (200, 150))
        #expect(thumbnail.jpeg.count < 30_000)
    }

    @Test("The size is configurable and never upscales")
    func sizes() throws {
        let path = Self.realPhotos.appendingPathComponent("exiv2-test-data/exiv2-bug2565.jpg").path
        #expect(max(try ThumbnailGenerator(longSide: 320).thumbnail(ofJPEGAt: path).width, 0) == 320)
        let small = Self.packageRoot.appendingPathComponent("TestImages/orientation/orientation-1.jpg").path
        #expect(try ThumbnailGenerator(longSide: 500).thumbnail(ofJPEGAt: small).width == 64)
    }

    @Test("Thumbnails carry no EXIF (no GPS leaves the library)")
    func noMetadata() throws {
        let path = Self.realPhotos.appendingPathComponent("photoprism-testdata/IMG_4120.JPG").path
        let original = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(original.range(of: Data("Exif".utf8)) != nil, "the original has EXIF with GPS")
        let thumbnail = try ThumbnailGenerator().thumbnail(ofJPEGAt: path, orientation: 1)
        #expect(thumbnail.jpeg.range(of: Data("Exif".utf8)) == nil)
        #expect(Array(thumbnail.jpeg.prefix(4)) == [0xFF, 0xD8, 0xFF, 0xE0], "JFIF, nothing else")
    }

    /// orientation-1.jpg with its frame header claiming another size.
    static func claiming(width: UInt16, height: UInt16) throws -> URL {
        var bytes = [UInt8](try Data(contentsOf: packageRoot.appendingPathComponent("TestImages/orientation/orientation-1.jpg")))
        let sof = try #require((0..<bytes.count - 9).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 })
        bytes.replaceSubrange(sof + 5..<sof + 9, with: [UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF)])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("huge-\(UUID()).jpg")
        try Data(bytes).write(to: url)
        return url
    }

    @Test("A header claiming 65,000 x 65,000 pixels is refused without decoding")
    func hugeHeader() throws {
        let url = try Self.claiming(width: 65_000, height: 65_000)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(throws: ThumbnailError.tooLarge(width: 65_000, height: 65_000)) {
            try ThumbnailGenerator().thumbnail(ofJPEGAt: url.path)
        }
        let limit = try Self.claiming(width: 65_535, height: 65_535)
        defer { try? FileManager.default.removeItem(at: limit) }
        #expect(throws: ThumbnailError.self, "beyond libjpeg's own 65,500 limit") {
            try ThumbnailGenerator().thumbnail(ofJPEGAt: limit.path)
        }
    }

    @Test(
        "Broken files fail with a reason or degrade with a warning, never crash",
        arguments: [
            "libexif-testdata/canon_makernote_variant_1.jpg", "ianare-exif-samples/corrupted.jpg",
            "pillow-test-images/truncated_jpeg.jpg", "exiv2-test-data/exiv2-bug1247.jpg", "piexif-pypi/notjpeg.jpg",
            "exif-py/heic_hdlr_box.jpg",
        ])
    func broken(file: String) {
        let path = Self.realPhotos.appendingPathComponent(file).path
        do {
            let thumbnail = try ThumbnailGenerator().thumbnail(ofJPEGAt: path, orientation: 1)
            #expect(!thumbnail.warnings.isEmpty, "a damaged file that decodes must say so")
        } catch {
            #expect(!error.description.isEmpty)
        }
    }
}

@Suite("Thumbnails of hostile and unusual JPEGs")
struct HostileThumbnailTests {
    static let hostile = ThumbnailTests.packageRoot.appendingPathComponent("TestImages/hostile")

    @Test(
        "Progressive, arithmetic-coded and CMYK JPEGs decode to the right picture",
        arguments: [("progressive.jpg", true), ("arithmetic.jpg", true), ("cmyk.jpg", false)])
    func unusualCodings(name: String, redCorner: Bool) throws {
        let thumbnail = try ThumbnailGenerator().thumbnail(ofJPEGAt: Self.hostile.appendingPathComponent(name).path)
        #expect((thumbnail.width, thumbnail.height) == (64, 48))
        let image = try ThumbnailTests.decode(thumbnail.jpeg)
        let (r, g, b) = image.pixel(3, 3)
        if redCorner {
            #expect(r > 150 && g < 90 && b < 90, "\(name): the red block in the top-left corner (\(r), \(g), \(b))")
        } else {
            // Pillow's CMYK picture: a black block (K = 255) on a red background (M = Y = 200).
            #expect(r < 60 && g < 60 && b < 60, "top-left black (\(r), \(g), \(b))")
            let (br, bg, bb) = image.pixel(40, 30)
            #expect(br > 180 && bg < 120 && bb < 120, "red background (\(br), \(bg), \(bb))")
        }
    }

    @Test("A 12-bit JPEG is refused with a reason")
    func twelveBit() {
        #expect(throws: ThumbnailError.self) {
            try ThumbnailGenerator().thumbnail(ofJPEGAt: Self.hostile.appendingPathComponent("twelve-bit.jpg").path)
        }
    }

    @Test("The same from memory as from a file")
    func memory() throws {
        let path = Self.hostile.appendingPathComponent("progressive.jpg").path
        let fromFile = try ThumbnailGenerator().thumbnail(ofJPEGAt: path, orientation: 6)
        let fromMemory = try ThumbnailGenerator().thumbnail(ofJPEGData: Data(contentsOf: URL(fileURLWithPath: path)), orientation: 6)
        #expect(fromFile == fromMemory)
    }

    @Test("Every truncation of a small JPEG decodes or fails cleanly")
    func truncations() throws {
        let data = try Data(contentsOf: ThumbnailTests.packageRoot.appendingPathComponent("TestImages/orientation/orientation-1.jpg"))
        var decoded = 0
        var refused = 0
        for length in 0...data.count {
            do {
                _ = try ThumbnailGenerator().thumbnail(ofJPEGData: data.prefix(length))
                decoded += 1
            } catch { refused += 1 }
        }
        print("thumbnail truncations: \(data.count + 1) inputs: \(decoded) decoded, \(refused) refused with a reason, 0 crashes")
        #expect(decoded + refused == data.count + 1 && decoded > 0 && refused > 0)
    }
}

@Suite("Fuzz corpus and regressions, thumbnails")
struct FuzzThumbnailRegressionTests {
    @Test("The seed corpus and the thumbnail regressions decode or fail cleanly")
    func thumbnails() throws {
        let fuzz = ThumbnailTests.packageRoot.appendingPathComponent("Fuzz")
        var inputs: [URL] = []
        for folder in ["corpus", "regressions/thumbnail"] {
            let url = fuzz.appendingPathComponent(folder)
            inputs += ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? [])
                .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.map { url.appendingPathComponent($0) }
        }
        #expect(inputs.count >= 30)
        for url in inputs {
            _ = try? ThumbnailGenerator(maximumPixels: 4_000_000).thumbnail(ofJPEGData: Data(contentsOf: url))
        }
    }
}

/// Thumbnails of what is not a JPEG: HEIC (libheif), PNG (libpng) and videos (cover or placeholder).
@Suite("Thumbnails of HEIC, PNG and video")
struct OtherFormatThumbnailTests {
    static func file(_ relative: String) -> String { ThumbnailTests.realPhotos.appendingPathComponent(relative).path }
    static func video(_ name: String) -> String {
        ThumbnailTests.packageRoot.appendingPathComponent("TestImages/videos/\(name)").path
    }

    func thumbnail(_ path: String) throws -> Thumbnail {
        try ThumbnailGenerator().thumbnail(ofPhotoAt: path, metadata: try? PhotoMetadataExtractor().metadata(ofFileAt: path))
    }

    @Test("iPhone HEIC: from the file's own thumbnail item, upright (portrait) as the container says")
    func iPhoneHEIC() throws {
        let thumbnail = try thumbnail(Self.file("photoprism-testdata/iphone_15_pro.heic"))
        #expect((thumbnail.width, thumbnail.height) == (150, 200) && thumbnail.madeFromEmbeddedPreview)
        #expect((thumbnail.sourceWidth, thumbnail.sourceHeight) == (3024, 4032))
    }

    @Test("A HEIC without a large enough thumbnail item is decoded; a HEIC named .jpg is sniffed")
    func decodedHEIC() throws {
        let stonehenge = try thumbnail(Self.file("exiv2-test-data/Stonehenge.heic"))
        #expect((stonehenge.width, stonehenge.height) == (200, 133) && !stonehenge.madeFromEmbeddedPreview)
        let named = try ThumbnailGenerator().thumbnail(ofPhotoAt: Self.file("exif-py/heic_hdlr_box.jpg"), metadata: nil)
        #expect(max(named.width, named.height) == 200)
    }

    @Test("PNG through libpng; a damaged HEIC fails with libheif's reason")
    func pngAndDamaged() throws {
        let png = try thumbnail(Self.file("exifr-fixtures/png_with_exif_and_gps.png"))
        #expect((png.width, png.height) == (1, 1), "never enlarged")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: Self.file("photoprism-testdata/iphone_15_pro.heic")))
        let damaged = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-\(UUID()).heic")
        try bytes.prefix(4_000).write(to: damaged)
        defer { try? FileManager.default.removeItem(at: damaged) }
        #expect(throws: ThumbnailError.self) { try ThumbnailGenerator().thumbnail(ofHEIFAt: damaged.path) }
    }

    @Test("Videos: the embedded cover when there is one, else a placeholder; never decoded")
    func videos() throws {
        let cover = try thumbnail(Self.video("with-cover.m4v"))
        #expect(cover.madeFromEmbeddedPreview && !cover.isPlaceholder && (cover.width, cover.height) == (200, 113))
        let placeholder = try thumbnail(Self.video("iphone.mov"))
        #expect(placeholder.isPlaceholder && (placeholder.width, placeholder.height) == (200, 112))
    }
}
