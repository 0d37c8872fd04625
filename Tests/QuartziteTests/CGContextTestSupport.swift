import CCairo
import Foundation
@testable import Quartzite

/// Helpers for the CGContext tests: contexts, pixel reads, and cairo drawing the same calls directly.
enum CGTest {
    static let rgbaInfo = CGImageAlphaInfo.premultipliedLast.rawValue

    /// A context that owns its memory, premultiplied RGBA.
    static func context(_ width: Int, _ height: Int, info: UInt32 = rgbaInfo) -> CGContext? {
        CGContext(data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info)
    }

    /// The premultiplied RGBA bytes of `context`, rows top first.
    static func pixels(_ context: CGContext) -> [UInt8] { context.makeImage()?.premultipliedRGBA ?? [] }

    /// Pixel (x, row) of premultiplied RGBA rows, row 0 at the top.
    static func pixel(_ bytes: [UInt8], width: Int, x: Int, row: Int) -> [UInt8] {
        let i = (row * width + x) * 4
        return Array(bytes[i..<(i + 4)])
    }

    /// Cairo drawing directly on a `width` x `height` ARGB32 surface whose user space is y-up with the origin at
    /// the bottom left (as a CGContext's); returns premultiplied RGBA rows top first.
    static func cairo(_ width: Int, _ height: Int, _ draw: (OpaquePointer) -> Void) -> [UInt8] {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
              let cr = cairo_create(surface) else { return [] }
        defer { cairo_destroy(cr); cairo_surface_destroy(surface) }
        cairo_translate(cr, 0, Double(height))
        cairo_scale(cr, 1, -1)
        draw(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return [] }
        let stride = Int(cairo_image_surface_get_stride(surface))
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let word = UnsafeRawPointer(data + y * stride + x * 4).loadUnaligned(as: UInt32.self)
                let d = (y * width + x) * 4
                out[d] = UInt8((word >> 16) & 0xFF)
                out[d + 1] = UInt8((word >> 8) & 0xFF)
                out[d + 2] = UInt8(word & 0xFF)
                out[d + 3] = UInt8(word >> 24)
            }
        }
        return out
    }

    /// The largest difference between two byte arrays of equal length (255 when the lengths differ).
    static func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
        guard a.count == b.count, !a.isEmpty else { return 255 }
        return zip(a, b).map { abs(Int($0) - Int($1)) }.max() ?? 0
    }
}
