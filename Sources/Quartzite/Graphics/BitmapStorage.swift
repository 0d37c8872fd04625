import CCairo
import Foundation

/// A bitmap context's pixels: a cairo image surface, and the memory in the caller's layout.
///
/// When the layout is cairo's own (premultipliedFirst with 32-bit little-endian words on this machine) cairo
/// draws straight into that memory. Otherwise cairo draws into a surface of its own, and the memory is brought
/// up to date around each drawing call, within the area the call can touch: read into the surface before (the
/// caller may have written it) and written back after (the caller may read it as soon as the call returns). A
/// context that owns its memory skips both until someone asks for `data`.
final class BitmapStorage {
    let width: Int
    let height: Int
    let bytesPerRow: Int
    let format: PixelFormat
    let surface: OpaquePointer
    /// The memory in `format`: the caller's, ours, or nil until `data` is first asked for.
    private(set) var memory: UnsafeMutableRawPointer?
    private let ownsMemory: Bool
    /// Whether cairo draws straight into `memory`.
    private let drawsInPlace: Bool

    /// The largest side a bitmap context accepts, as `CGImage`.
    static let maximumSide = 16384

    init?(memory given: UnsafeMutableRawPointer?, width: Int, height: Int, bytesPerRow: Int, format: PixelFormat) {
        let inPlace = format.isCairoNative && bytesPerRow % 4 == 0
        var owned: UnsafeMutableRawPointer?
        if given == nil && inPlace {
            owned = UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow * height, alignment: 16)
            owned?.initializeMemory(as: UInt8.self, repeating: 0, count: bytesPerRow * height)
        }
        let target = given ?? owned
        let surface: OpaquePointer? = if inPlace, let target {
            cairo_image_surface_create_for_data(target.assumingMemoryBound(to: UInt8.self), format.cairoFormat,
                                                Int32(width), Int32(height), Int32(bytesPerRow))
        } else {
            cairo_image_surface_create(format.cairoFormat, Int32(width), Int32(height))
        }
        guard let surface, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            Diagnostics.report("CGContext: cairo could not make a \(width)x\(height) surface")
            if let surface { cairo_surface_destroy(surface) }
            owned?.deallocate()
            return nil
        }
        (self.width, self.height, self.bytesPerRow, self.format) = (width, height, bytesPerRow, format)
        (self.surface, self.memory, self.ownsMemory, self.drawsInPlace) = (surface, target, owned != nil, inPlace)
    }

    deinit {
        cairo_surface_destroy(surface)
        if ownsMemory { memory?.deallocate() }
    }

    /// Cairo's layout of this surface's pixels (opaque when the context has no alpha).
    private var cairoLayout: PixelFormat {
        var layout = PixelFormat.cairo
        layout.hasAlpha = format.hasAlpha
        return layout
    }

    private var surfaceData: UnsafeMutablePointer<UInt8>? { cairo_image_surface_get_data(surface) }
    private var surfaceStride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// The memory in the context's layout, made (and filled from the surface) on first use.
    func sharedMemory() -> UnsafeMutableRawPointer? {
        if let memory { return memory }
        let made = UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow * height, alignment: 16)
        made.initializeMemory(as: UInt8.self, repeating: 0, count: bytesPerRow * height)
        memory = made
        writeBack(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        return made
    }

    /// Before drawing within `rect`: the surface takes what the memory holds there.
    func readIn(_ rect: PixelRect) {
        cairo_surface_flush(surface)
        guard !drawsInPlace, let memory, let data = surfaceData else {
            cairo_surface_mark_dirty(surface)
            return
        }
        PixelCopy.copy(rect, from: memory, stride: bytesPerRow, as: format,
                       to: data, stride: surfaceStride, as: cairoLayout)
        cairo_surface_mark_dirty(surface)
    }

    /// After drawing within `rect`: the memory takes what the surface holds there.
    func writeBack(_ rect: PixelRect) {
        cairo_surface_flush(surface)
        guard !drawsInPlace, let memory, let data = surfaceData else { return }
        PixelCopy.copy(rect, from: data, stride: surfaceStride, as: cairoLayout,
                       to: memory, stride: bytesPerRow, as: format)
    }

    /// The whole bitmap as premultiplied RGBA, rows top first (what `CGImage` holds).
    func premultipliedRGBA() -> [UInt8] {
        readIn(PixelRect(x0: 0, y0: 0, x1: width, y1: height))
        guard let data = surfaceData else { return [] }
        let rgba = PixelFormat(red: 0, green: 1, blue: 2, alpha: 3, hasAlpha: true)
        let count = width * height * 4
        // Every byte is written by the copy: no zero-filling first (megabytes a frame for a redrawn layer).
        return [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let base = buffer.baseAddress {
                PixelCopy.copy(PixelRect(x0: 0, y0: 0, x1: width, y1: height), from: data, stride: surfaceStride,
                               as: cairoLayout, to: base, stride: width * 4, as: rgba)
                initialized = count
            }
        }
    }
}
