import Foundation

/// The layout an image was made from with a data provider, which it keeps reporting.
struct ProvidedBitmap {
    let provider: CGDataProvider
    let bitsPerPixel: Int
    let bytesPerRow: Int
    let bitmapInfo: CGBitmapInfo
    let space: CGColorSpace
    let shouldInterpolate: Bool
    let intent: CGColorRenderingIntent
    /// Bits a sample: 8, or an image mask's 1, 2, 4 or 8.
    var bitsPerComponent = 8
    /// Whether this is an image mask (`CGImage(maskWidth:...)`), whose pixels hold only coverage.
    var isMask = false
}

extension CGImage {
    /// An image of `provider`'s bytes in the given layout, as Core Graphics makes one; its `dataProvider` is
    /// `provider` and its `bytesPerRow`, `bitsPerPixel`, `bitmapInfo` and `colorSpace` are these.
    ///
    /// Supported, with 8 bits per component: grey (8 bits a pixel, no alpha; 16 with alpha first or last,
    /// premultiplied or not or skipped, in the default or a 16-bit byte order) and RGB (24 bits, no alpha; 32
    /// with alpha first or last, premultiplied or not or skipped, in the default or a 32-bit byte order).
    /// Anything else, a side outside 1...16384, `bytesPerRow` too short for a row, or fewer bytes than the rows
    /// need gives nil with a diagnostic, as Core Graphics gives nil. A `decode` array is ignored (reported):
    /// samples are read as they are.
    public convenience init?(width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int, bytesPerRow: Int,
                             space: CGColorSpace, bitmapInfo: CGBitmapInfo, provider: CGDataProvider,
                             decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool, intent: CGColorRenderingIntent) {
        if decode != nil { Diagnostics.report("CGImage: a decode array is not supported; samples are read as they are") }
        guard let layout = SampleLayout(bitsPerComponent: bitsPerComponent, bitsPerPixel: bitsPerPixel,
                                        space: space, info: bitmapInfo),
              let data = provider.data,
              let rgba = layout.premultipliedRGBA(of: data, width: width, height: height, bytesPerRow: bytesPerRow) else {
            Diagnostics.report("CGImage: \(width)x\(height), \(bitsPerComponent) bits per component, \(bitsPerPixel) "
                + "bits per pixel, \(bytesPerRow) bytes per row, \(space.model) space, bitmapInfo \(bitmapInfo.rawValue), "
                + "\(provider.data?.count ?? 0) bytes: not an image this can read")
            return nil
        }
        let provided = ProvidedBitmap(provider: provider, bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow,
                                      bitmapInfo: bitmapInfo, space: space, shouldInterpolate: shouldInterpolate,
                                      intent: intent)
        do {
            try self.init(width: width, height: height, premultipliedRGBA: rgba, provided: provided)
        } catch {
            Diagnostics.report("CGImage: \(error)")
            return nil
        }
    }
}

/// Where a pixel's samples lie in a provider's bytes, and how alpha is carried.
struct SampleLayout {
    /// Bytes a pixel.
    let bytesPerPixel: Int
    /// Byte offsets of red, green and blue within a pixel (all the same for grey).
    let red, green, blue: Int
    /// The alpha byte's offset, nil when there is none (or it is skipped).
    let alpha: Int?
    /// Whether colours are already multiplied by alpha.
    let premultiplied: Bool

    /// The layout of 8-bit grey or RGB samples; nil for anything else.
    init?(bitsPerComponent: Int, bitsPerPixel: Int, space: CGColorSpace, info: CGBitmapInfo) {
        guard bitsPerComponent == 8, info.intersection(.floatInfoMask).isEmpty, let alphaInfo = info.alphaInfo,
              alphaInfo != .alphaOnly else { return nil }
        let colors = space.model == .rgb ? 3 : space.model == .monochrome ? 1 : 0
        let hasAlphaByte = alphaInfo != .none
        guard colors > 0, bitsPerPixel == 8 * (colors + (hasAlphaByte ? 1 : 0)) else { return nil }
        let n = bitsPerPixel / 8
        let first = [.premultipliedFirst, .first, .noneSkipFirst].contains(alphaInfo)
        // Offsets in the order the alpha info names the samples (big-endian words).
        let colorStart = hasAlphaByte && first ? 1 : 0
        var offsets = (r: colorStart, g: colorStart + (colors == 3 ? 1 : 0), b: colorStart + (colors == 3 ? 2 : 0),
                       a: hasAlphaByte ? (first ? 0 : n - 1) : -1)
        switch info.intersection(.byteOrderMask) {
        case .byteOrderDefault: break
        case .byteOrder32Big where n == 4, .byteOrder16Big where n == 2: break
        case .byteOrder32Little where n == 4, .byteOrder16Little where n == 2:
            offsets = (n - 1 - offsets.r, n - 1 - offsets.g, n - 1 - offsets.b, hasAlphaByte ? n - 1 - offsets.a : -1)
        default: return nil
        }
        bytesPerPixel = n
        (red, green, blue) = (offsets.r, offsets.g, offsets.b)
        let alphaCounts = [.premultipliedFirst, .premultipliedLast, .first, .last].contains(alphaInfo)
        alpha = alphaCounts ? offsets.a : nil
        premultiplied = alphaInfo == .premultipliedFirst || alphaInfo == .premultipliedLast
    }

    /// `data` read as `height` rows of `bytesPerRow`, as premultiplied RGBA (`width` x 4 bytes a row); nil when
    /// the sizes do not fit each other or the data. Premultiplied colours above their alpha are cut to it.
    func premultipliedRGBA(of data: CFData, width: Int, height: Int, bytesPerRow: Int) -> [UInt8]? {
        let side = 1...16384
        guard side.contains(width), side.contains(height), bytesPerRow >= width * bytesPerPixel else { return nil }
        let before = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        guard !before.overflow, before.partialValue <= data.count - width * bytesPerPixel else { return nil }
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        data.withUnsafeBytes { bytes in
            for y in 0..<height {
                for x in 0..<width {
                    let p = y * bytesPerRow + x * bytesPerPixel, q = (y * width + x) * 4
                    let pixel = self.pixel(bytes, at: p)
                    (rgba[q], rgba[q + 1], rgba[q + 2], rgba[q + 3]) = pixel
                }
            }
        }
        return rgba
    }

    /// One pixel as premultiplied RGBA.
    private func pixel(_ bytes: UnsafeRawBufferPointer, at p: Int) -> (UInt8, UInt8, UInt8, UInt8) {
        let r = bytes[p + red], g = bytes[p + green], b = bytes[p + blue]
        guard let alpha else { return (r, g, b, 255) }
        let a = bytes[p + alpha]
        if premultiplied { return (min(r, a), min(g, a), min(b, a), a) }
        func times(_ c: UInt8) -> UInt8 { UInt8((UInt32(c) * UInt32(a) + 127) / 255) }
        return (times(r), times(g), times(b), a)
    }
}
