import CCairo
import Foundation

/// A Core Graphics drawing destination: a bitmap context, drawn by cairo.
///
/// Coordinates are Core Graphics': the origin is the bitmap's bottom-left corner and y grows upwards, so a fill
/// of `CGRect(x: 0, y: 0, width: 10, height: 10)` lands in the bottom-left corner of `makeImage()`'s picture,
/// whose rows run top first. The initial `ctm` is the identity, as Core Graphics reports it for a bitmap context
/// (the flip to cairo's rows lives below it).
///
/// Bad input never traps: non-finite numbers, a dash with no positive length or an unbalanced `restoreGState`
/// are ignored with a message through `Diagnostics`, as Core Graphics logs and ignores them.
public final class CGContext {
    let storage: BitmapStorage
    /// The cairo context on `storage.surface`; it keeps the clip, the rest of the state is `state`.
    let cairo: OpaquePointer
    var state = GraphicsState()
    var savedStates: [GraphicsState] = []
    /// The transparency layers begun and not ended, innermost last.
    var transparencyLayers: [TransparencyLayer] = []
    /// Base space to the y-up device space: what shadow offsets and blurs are measured in. The identity for a
    /// bare bitmap context; UIKit's and a layer's contexts have a y-down base in points (`adoptBaseSpace()`).
    var baseSpace = CGAffineTransform.identity
    /// The current path in the y-up device space (user space points through the CTM at the time they were
    /// added, as Core Graphics keeps it).
    var devicePath = CGMutablePath()
    /// Text space to user space for the glyphs Core Text draws; its translation is `textPosition`. Identity at
    /// first. Not part of the graphics state: `saveGState` and `restoreGState` leave it as it is, as Core
    /// Graphics documents.
    public var textMatrix = CGAffineTransform.identity
    /// The colour space the context was made with.
    public let colorSpace: CGColorSpace?
    /// The layout flags the context was made with.
    public let bitmapInfo: CGBitmapInfo

    /// A bitmap context of `width` x `height` pixels. `data` is the caller's memory (`bytesPerRow` x `height`
    /// bytes, which must outlive the context), drawn into as each call returns; nil lets the context own zeroed
    /// memory. `bytesPerRow` 0 means `width` x 4.
    ///
    /// Supported: 8 bits per component in an RGB space, with `premultipliedFirst`, `premultipliedLast`,
    /// `noneSkipFirst` or `noneSkipLast` in the default, 32-bit big or 32-bit little byte order. Anything else,
    /// a side outside 1...16384, or `bytesPerRow` under `width` x 4 or over 4 GiB in all, gives nil and a
    /// diagnostic, as Core Graphics gives nil for combinations it does not support.
    public init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                 space: CGColorSpace, bitmapInfo: UInt32) {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard let layout = Self.checkedLayout(width: width, height: height, bitsPerComponent: bitsPerComponent,
                                              bytesPerRow: bytesPerRow, space: space, info: info),
              let storage = BitmapStorage(memory: data, width: width, height: height,
                                          bytesPerRow: layout.bytesPerRow, format: layout.format),
              let cairo = cairo_create(storage.surface) else { return nil }
        self.storage = storage
        self.cairo = cairo
        self.colorSpace = space
        self.bitmapInfo = info
    }

    /// The same context with `bitmapInfo` as flags.
    public convenience init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
                             bytesPerRow: Int, space: CGColorSpace, bitmapInfo: CGBitmapInfo) {
        self.init(data: data, width: width, height: height, bitsPerComponent: bitsPerComponent,
                  bytesPerRow: bytesPerRow, space: space, bitmapInfo: bitmapInfo.rawValue)
    }

    deinit { cairo_destroy(cairo) }

    /// The arguments checked as Core Graphics checks them; nil (with a diagnostic) when unsupported.
    private static func checkedLayout(width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
                                      space: CGColorSpace, info: CGBitmapInfo)
        -> (format: PixelFormat, bytesPerRow: Int)? {
        let side = 1...BitmapStorage.maximumSide
        guard side.contains(width), side.contains(height) else {
            Diagnostics.report("CGContext: size \(width)x\(height) is outside 1...\(side.upperBound) pixels a side")
            return nil
        }
        guard bitsPerComponent == 8, space.model == .rgb, let format = PixelFormat(info) else {
            Diagnostics.report("CGContext: unsupported parameter combination: \(bitsPerComponent) bits per "
                + "component, \(space.model) space, bitmapInfo \(info.rawValue); supported are 8-bit RGB with "
                + "premultiplied or skipped alpha, first or last, default or 32-bit byte order")
            return nil
        }
        let rowBytes = bytesPerRow == 0 ? width * 4 : bytesPerRow
        let total = rowBytes.multipliedReportingOverflow(by: height)
        guard rowBytes >= width * 4, rowBytes <= Int(Int32.max), !total.overflow, total.partialValue <= 1 << 32 else {
            Diagnostics.report("CGContext: bytesPerRow \(bytesPerRow) does not suit \(width) pixels of 4 bytes")
            return nil
        }
        return (format, rowBytes)
    }

    /// Width in pixels.
    public var width: Int { storage.width }
    /// Height in pixels.
    public var height: Int { storage.height }
    /// Bytes from one row to the next in `data`.
    public var bytesPerRow: Int { storage.bytesPerRow }
    /// Bits per colour component (8).
    public var bitsPerComponent: Int { 8 }
    /// Bits per pixel (32).
    public var bitsPerPixel: Int { 32 }
    /// The alpha layout the context was made with.
    public var alphaInfo: CGImageAlphaInfo { bitmapInfo.alphaInfo ?? .premultipliedLast }

    /// The pixels in the context's layout, rows top first: the caller's memory, or the context's own (made up to
    /// date on first use, then kept up to date after every drawing call).
    public var data: UnsafeMutableRawPointer? { storage.sharedMemory() }

    /// A snapshot of the pixels as an image (premultiplied RGBA, rows top first); later drawing does not change
    /// it. Costs a copy of the bitmap.
    public func makeImage() -> CGImage? {
        do {
            return try CGImage(width: width, height: height, premultipliedRGBA: storage.premultipliedRGBA())
        } catch {
            Diagnostics.report("CGContext.makeImage: \(error)")
            return nil
        }
    }

    /// Ends drawing: a bitmap context draws as each call returns, so this only tells cairo to finish.
    public func flush() { cairo_surface_flush(storage.surface) }

    /// The context's drawing is always complete when a call returns; kept for code that calls it.
    public func synchronize() { flush() }
}
