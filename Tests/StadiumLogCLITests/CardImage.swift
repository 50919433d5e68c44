import CPNG
import Foundation

/// A PNG the tests read back (with libpng's simplified reader): its size and pixels, and how alike two are.
struct CardImage {
    let width: Int
    let height: Int
    /// 0x00RRGGBB, row by row.
    let pixels: [UInt32]

    init(contentsOf url: URL) throws {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        guard png_image_begin_read_from_file(&image, url.path) != 0 else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        image.format = UInt32(PNG_FORMAT_RGB)
        var bytes = [UInt8](repeating: 0, count: Int(image.width) * Int(image.height) * 3)
        guard png_image_finish_read(&image, nil, &bytes, 0, nil) != 0 else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: url.path])
        }
        width = Int(image.width)
        height = Int(image.height)
        pixels = stride(from: 0, to: bytes.count, by: 3).map {
            UInt32(bytes[$0]) << 16 | UInt32(bytes[$0 + 1]) << 8 | UInt32(bytes[$0 + 2])
        }
    }

    func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }

    /// Luminance, 0-255.
    func luma(_ x: Int, _ y: Int) -> Double {
        let p = pixel(x, y)
        return 0.299 * Double((p >> 16) & 0xFF) + 0.587 * Double((p >> 8) & 0xFF) + 0.114 * Double(p & 0xFF)
    }

    /// The structural similarity of two images of one size (mean SSIM of the luminance over 8×8 windows): 1 for
    /// identical pictures, about 0.9 and below for a moved block of text.
    func similarity(to other: CardImage) -> Double {
        guard width == other.width, height == other.height else { return 0 }
        let (c1, c2): (Double, Double) = (2.55 * 2.55, 7.65 * 7.65)  // (0.01 × 255)², (0.03 × 255)²
        var total = 0.0
        var windows = 0
        for top in stride(from: 0, to: height - 7, by: 8) {
            for left in stride(from: 0, to: width - 7, by: 8) {
                var (sa, sb, saa, sbb, sab) = (0.0, 0.0, 0.0, 0.0, 0.0)
                for y in top..<top + 8 {
                    for x in left..<left + 8 {
                        let (a, b) = (luma(x, y), other.luma(x, y))
                        sa += a
                        sb += b
                        saa += a * a
                        sbb += b * b
                        sab += a * b
                    }
                }
                let (ma, mb) = (sa / 64, sb / 64)
                let (va, vb, cov) = (saa / 64 - ma * ma, sbb / 64 - mb * mb, sab / 64 - ma * mb)
                total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2))
                windows += 1
            }
        }
        return total / Double(windows)
    }

    /// The PNG's chunk types, in order: what the file says besides its pixels.
    static func chunks(of url: URL) throws -> [String] {
        let data = try Data(contentsOf: url)
        var (offset, types) = (8, [String]())
        while offset + 8 <= data.count {
            let length = data[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: data[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        return types
    }
}
