import CCairo
import Foundation

/// Where each channel of a 32-bit pixel lies in a bitmap context's memory, and whether its alpha byte counts.
struct PixelFormat: Equatable {
    /// Byte offsets of red, green, blue and alpha (or the unused byte) within a pixel.
    var red, green, blue, alpha: Int
    /// Whether the alpha byte holds alpha (premultiplied); false for the `noneSkip` layouts, which are opaque.
    var hasAlpha: Bool

    /// Cairo's own layout: a native-endian 32-bit word A R G B (B, G, R, A in memory on little-endian machines).
    static let cairo: PixelFormat = {
        let littleEndian = UInt32(1).littleEndian == 1
        return littleEndian ? PixelFormat(red: 2, green: 1, blue: 0, alpha: 3, hasAlpha: true)
                            : PixelFormat(red: 1, green: 2, blue: 3, alpha: 0, hasAlpha: true)
    }()

    /// The layout of 8-bit RGB pixels with `info`; nil for what a bitmap context here does not draw (16-bit byte
    /// orders, straight alpha, alpha-only, no alpha byte at all, float components).
    init?(_ info: CGBitmapInfo) {
        guard info.intersection(.floatInfoMask).isEmpty, let alphaInfo = info.alphaInfo else { return nil }
        let first: Bool
        switch alphaInfo {
        case .premultipliedFirst, .noneSkipFirst: first = true
        case .premultipliedLast, .noneSkipLast: first = false
        default: return nil
        }
        let hasAlpha = alphaInfo == .premultipliedFirst || alphaInfo == .premultipliedLast
        // Offsets in the order the alpha info names the components (big-endian words).
        let big = first ? (r: 1, g: 2, b: 3, a: 0) : (r: 0, g: 1, b: 2, a: 3)
        switch info.intersection(.byteOrderMask) {
        case .byteOrderDefault, .byteOrder32Big:
            self.init(red: big.r, green: big.g, blue: big.b, alpha: big.a, hasAlpha: hasAlpha)
        case .byteOrder32Little:
            self.init(red: 3 - big.r, green: 3 - big.g, blue: 3 - big.b, alpha: 3 - big.a, hasAlpha: hasAlpha)
        default:
            return nil
        }
    }

    init(red: Int, green: Int, blue: Int, alpha: Int, hasAlpha: Bool) {
        (self.red, self.green, self.blue, self.alpha, self.hasAlpha) = (red, green, blue, alpha, hasAlpha)
    }

    /// The cairo surface format that holds these pixels.
    var cairoFormat: cairo_format_t { hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24 }

    /// Whether cairo can draw straight into memory laid out this way.
    var isCairoNative: Bool {
        let c = Self.cairo
        return (red, green, blue, alpha) == (c.red, c.green, c.blue, c.alpha)
    }
}

/// A rectangle of whole pixels, rows counted from the top, half open.
struct PixelRect: Equatable {
    var x0, y0, x1, y1: Int
    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
}

/// Copies pixels between cairo's layout and another `PixelFormat`.
enum PixelCopy {
    /// Copies `rect` from `source` (laid out as `from`) to `destination` (laid out as `to`). A layout without alpha
    /// reads as opaque and is written with 255 in its unused byte.
    static func copy(_ rect: PixelRect, from source: UnsafeRawPointer, stride sourceStride: Int, as from: PixelFormat,
                     to destination: UnsafeMutableRawPointer, stride destinationStride: Int, as to: PixelFormat) {
        guard !rect.isEmpty else { return }
        if from.hasAlpha && to.hasAlpha {
            return copyWords(rect, from: source, stride: sourceStride, as: from, to: destination, stride: destinationStride, as: to)
        }
        let src = source.assumingMemoryBound(to: UInt8.self)
        let dst = destination.assumingMemoryBound(to: UInt8.self)
        for y in rect.y0..<rect.y1 {
            var s = y * sourceStride + rect.x0 * 4
            var d = y * destinationStride + rect.x0 * 4
            for _ in rect.x0..<rect.x1 {
                dst[d + to.red] = src[s + from.red]
                dst[d + to.green] = src[s + from.green]
                dst[d + to.blue] = src[s + from.blue]
                dst[d + to.alpha] = from.hasAlpha && to.hasAlpha ? src[s + from.alpha] : 255
                s += 4
                d += 4
            }
        }
    }

    /// The same for two layouts with alpha, a pixel at a time as one 32-bit word whose bytes move by fixed
    /// shifts: a loop the compiler vectorises (a `draw(in:)` backing store of 1152 x 1152 pixels is copied
    /// every frame it is redrawn; byte by byte the copy was the largest part of its frame).
    private static func copyWords(_ rect: PixelRect, from source: UnsafeRawPointer, stride sourceStride: Int,
                                  as from: PixelFormat, to destination: UnsafeMutableRawPointer,
                                  stride destinationStride: Int, as to: PixelFormat) {
        // Byte k of a pixel is bits 8k ..< 8k + 8 of its little-endian word.
        let moves = [(from.red, to.red), (from.green, to.green), (from.blue, to.blue), (from.alpha, to.alpha)]
            .map { (source: UInt32(8 * $0.0), destination: UInt32(8 * $0.1)) }
        let (r, g, b, a) = (moves[0], moves[1], moves[2], moves[3])
        for y in rect.y0..<rect.y1 {
            let s = source + y * sourceStride + rect.x0 * 4
            let d = destination + y * destinationStride + rect.x0 * 4
            for x in 0..<(rect.x1 - rect.x0) {
                let p = UInt32(littleEndian: s.loadUnaligned(fromByteOffset: 4 * x, as: UInt32.self))
                // Masking shifts: the amounts are below 32, and Swift's checked shifts would not vectorise.
                let q = ((p &>> r.source) & 0xFF) &<< r.destination | ((p &>> g.source) & 0xFF) &<< g.destination
                    | ((p &>> b.source) & 0xFF) &<< b.destination | ((p &>> a.source) & 0xFF) &<< a.destination
                d.storeBytes(of: q.littleEndian, toByteOffset: 4 * x, as: UInt32.self)
            }
        }
    }
}
