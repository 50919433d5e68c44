import Foundation
import PhotoMetadata
import Testing
import Thumbnails

@Suite("Thumbnails from embedded previews")
struct EmbeddedPreviewTests {
    static func photo(_ name: String) -> String { ThumbnailTests.realPhotos.appendingPathComponent(name).path }

    /// The preview of a photo as the import sees it: its place in the file, checked against the frame size.
    static func preview(ofPhotoAt path: String) throws -> (EmbeddedPreview?, orientation: Int?) {
        let metadata = try PhotoMetadataExtractor().metadata(ofFileAt: path)
        return (EmbeddedPreview(metadata: metadata), metadata.orientation)
    }

    /// Mean absolute difference per channel, 0-255, over the area both images share.
    static func difference(_ a: Thumbnail, _ b: Thumbnail) throws -> Double {
        let (x, y) = (try ThumbnailTests.decode(a.jpeg), try ThumbnailTests.decode(b.jpeg))
        var total = 0
        var count = 0
        for row in 0..<min(x.height, y.height) {
            for column in 0..<min(x.width, y.width) {
                let (p, q) = (x.pixel(column, row), y.pixel(column, row))
                total += abs(p.0 - q.0) + abs(p.1 - q.1) + abs(p.2 - q.2)
                count += 3
            }
        }
        return Double(total) / Double(count)
    }

    @Test("The metadata stage finds the IFD1 thumbnail's bytes in the file")
    func located() throws {
        let path = Self.photo("exiv2-test-data/exiv2-bug2565.jpg")
        let range = try #require(try PhotoMetadataExtractor().metadata(ofFileAt: path).embeddedPreview)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))[range])
        #expect(bytes.count == 13_544, "the size exiftool reports for ThumbnailImage")
        #expect(Array(bytes.prefix(2)) == [0xFF, 0xD8] && Array(bytes.suffix(2)) == [0xFF, 0xD9])
    }

    @Test("A 504 × 376 preview of a 12 MP photo stands in for it, upright, and shows the same picture")
    func used() throws {
        let path = Self.photo("exiv2-test-data/exiv2-bug2565.jpg")
        let (preview, orientation) = try Self.preview(ofPhotoAt: path)
        let fromPreview = try ThumbnailGenerator().thumbnail(ofJPEGAt: path, orientation: orientation, embeddedPreview: preview)
        #expect(fromPreview.madeFromEmbeddedPreview)
        #expect((fromPreview.sourceWidth, fromPreview.sourceHeight) == (504, 376))
        #expect(orientation == 6 && (fromPreview.width, fromPreview.height) == (149, 200), "turned upright like the photo")

        let fromPhoto = try ThumbnailGenerator(usesEmbeddedPreviews: false)
            .thumbnail(ofJPEGAt: path, orientation: orientation, embeddedPreview: preview)
        #expect(!fromPhoto.madeFromEmbeddedPreview && (fromPhoto.width, fromPhoto.height) == (150, 200))
        let difference = try Self.difference(fromPreview, fromPhoto)
        #expect(difference < 12, "mean difference \(difference) of 255: the same picture, the same way up")
    }

    @Test(
        "A preview too small or of other proportions is never used",
        arguments: [
            "ianare-exif-samples/DSCN0010.jpg",  // 160 × 120 of a 640 × 480 photo: too small for 200 px
            "ianare-exif-samples/45-gps_ifd.jpg",  // 160 × 120 (4:3) of a 1600 × 900 (16:9) photo
            "exifr-fixtures/IMG_5910.jpg",  // 160 × 106 of 1394 × 930
        ])
    func refused(name: String) throws {
        let path = Self.photo(name)
        let (preview, orientation) = try Self.preview(ofPhotoAt: path)
        #expect(preview != nil, "the file has an IFD1 thumbnail")
        let thumbnail = try ThumbnailGenerator().thumbnail(ofJPEGAt: path, orientation: orientation, embeddedPreview: preview)
        #expect(!thumbnail.madeFromEmbeddedPreview)
        #expect(max(thumbnail.width, thumbnail.height) == 200)
    }

    @Test(
        "A preview of the photo's proportions at least the target size is used",
        arguments: [
            "exifr-fixtures/IMG_20180725_163423-tiny.jpg",  // 253 × 189 of 1012 × 759
            "pillow-test-images/ultrahdr.jpg",  // 189 × 336 of 1512 × 2688
        ])
    func accepted(name: String) throws {
        let path = Self.photo(name)
        let (preview, orientation) = try Self.preview(ofPhotoAt: path)
        let thumbnail = try ThumbnailGenerator().thumbnail(ofJPEGAt: path, orientation: orientation, embeddedPreview: preview)
        #expect(thumbnail.madeFromEmbeddedPreview)
    }

    @Test("A damaged preview is passed over for the photo itself")
    func damaged() throws {
        let source = Self.photo("exiv2-test-data/exiv2-bug2565.jpg")
        let (preview, orientation) = try Self.preview(ofPhotoAt: source)
        let range = try #require(preview?.byteRange)
        var bytes = try Data(contentsOf: URL(fileURLWithPath: source))
        // Garbage over the middle of the preview's entropy-coded data: libjpeg decodes it with a warning.
        let middle = range.lowerBound + range.count / 2
        bytes.replaceSubrange(middle..<middle + 400, with: [UInt8](repeating: 0xFF, count: 399) + [0x00])
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("damaged-preview-\(UUID()).jpg")
        try bytes.write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let thumbnail = try ThumbnailGenerator().thumbnail(ofJPEGAt: url.path, orientation: orientation, embeddedPreview: preview)
        #expect(!thumbnail.madeFromEmbeddedPreview)
        #expect((thumbnail.width, thumbnail.height) == (150, 200))
    }
}
