import Foundation

/// Image masks, as Core Graphics makes them: one sample a pixel, no colour. A sample decodes (through the
/// decode array) to a value S in 0...1, and the mask lets 1 - S of what is drawn through: 0 paints, 1 does not.
/// Held as premultiplied RGBA like every image here: black, with the coverage 1 - S as alpha.
extension CGImage {
    /// An image mask of `provider`'s samples, rows top first, each row `bytesPerRow` bytes, samples packed from
    /// each byte's high bit down. `bitsPerComponent` is 1, 2, 4 or 8 and `bitsPerPixel` the same.
    ///
    /// `decode` (two values, or nil for `[0, 1]`) maps the smallest sample to its first value and the largest to
    /// its second, linearly: `[1, 0]` inverts the mask. Decoded values are clamped to 0...1; a decode array
    /// with a non-finite value is ignored (reported). Drawn with `CGContext.draw(_:in:)`, the mask paints the
    /// fill colour where its decoded samples are 0, as Core Graphics does.
    ///
    /// Gives nil with a diagnostic, as Core Graphics gives nil, for other bit depths, a side outside
    /// 1...16384, a `bytesPerRow` too short for a row, or a provider with fewer bytes than the rows need.
    public convenience init?(maskWidth width: Int, height: Int, bitsPerComponent: Int, bitsPerPixel: Int,
                             bytesPerRow: Int, provider: CGDataProvider, decode: UnsafePointer<CGFloat>?,
                             shouldInterpolate: Bool) {
        let layout = MaskSamples(bits: bitsPerComponent, width: width, height: height, bytesPerRow: bytesPerRow)
        guard bitsPerPixel == bitsPerComponent, let layout, let data = provider.data,
              let rgba = layout.coverageRGBA(of: data, decode: MaskSamples.decodeRange(decode)) else {
            Diagnostics.report("CGImage(maskWidth:): \(width)x\(height), \(bitsPerComponent) bits per component, "
                + "\(bitsPerPixel) bits per pixel, \(bytesPerRow) bytes per row, \(provider.data?.count ?? 0) "
                + "bytes: not an image mask this can read")
            return nil
        }
        let provided = ProvidedBitmap(provider: provider, bitsPerPixel: bitsPerPixel, bytesPerRow: bytesPerRow,
                                      bitmapInfo: CGBitmapInfo(rawValue: CGImageAlphaInfo.none.rawValue),
                                      space: CGColorSpaceCreateDeviceGray(), shouldInterpolate: shouldInterpolate,
                                      intent: .defaultIntent, bitsPerComponent: bitsPerComponent, isMask: true)
        do {
            try self.init(width: width, height: height, premultipliedRGBA: rgba, provided: provided)
        } catch {
            Diagnostics.report("CGImage(maskWidth:): \(error)")
            return nil
        }
    }

    /// How much of what is drawn through this image, used as a mask, lands at each pixel (one byte a pixel,
    /// rows top first): an image mask's coverage (1 - its decoded sample); an opaque image's luma (Rec. 709,
    /// the sample of a grey image: 1 paints, 0 does not); any other image's alpha.
    var maskCoverage: [UInt8] {
        let byLuma = !isMask && isOpaque
        var coverage = [UInt8](repeating: 0, count: width * height)
        premultipliedRGBA.withUnsafeBufferPointer { rgba in
            for i in 0..<coverage.count {
                let p = i * 4
                coverage[i] = byLuma ? Self.luma(rgba[p], rgba[p + 1], rgba[p + 2]) : rgba[p + 3]
            }
        }
        return coverage
    }

    /// Rec. 709 luma of encoded sRGB bytes, rounded: a grey's own value.
    private static func luma(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> UInt8 {
        let red: Double = 0.2126 * Double(r), green: Double = 0.7152 * Double(g), blue: Double = 0.0722 * Double(b)
        return UInt8(min(red + green + blue, 255).rounded())
    }
}

/// Where an image mask's samples lie in its provider's bytes.
struct MaskSamples {
    let bits: Int
    let width: Int
    let height: Int
    let bytesPerRow: Int

    /// The layout, nil when the depth is not 1, 2, 4 or 8, a side is outside 1...16384 or a row does not fit.
    init?(bits: Int, width: Int, height: Int, bytesPerRow: Int) {
        let side = 1...16384
        guard [1, 2, 4, 8].contains(bits), side.contains(width), side.contains(height),
              bytesPerRow >= (width * bits + 7) / 8 else { return nil }
        (self.bits, self.width, self.height, self.bytesPerRow) = (bits, width, height, bytesPerRow)
    }

    /// The decode array's two values, or `0...1` for none or one with a non-finite value (reported).
    static func decodeRange(_ decode: UnsafePointer<CGFloat>?) -> (CGFloat, CGFloat) {
        guard let decode else { return (0, 1) }
        let pair = (decode[0], decode[1])
        guard pair.0.isFinite, pair.1.isFinite else {
            Diagnostics.report("CGImage(maskWidth:): decode [\(pair.0), \(pair.1)] ignored (needs finite values)")
            return (0, 1)
        }
        return pair
    }

    /// Premultiplied RGBA of black at each pixel's coverage (1 - the decoded sample); nil when `data` holds
    /// fewer bytes than the rows need.
    func coverageRGBA(of data: CFData, decode: (CGFloat, CGFloat)) -> [UInt8]? {
        let lastRow = bytesPerRow.multipliedReportingOverflow(by: height - 1)
        guard !lastRow.overflow, lastRow.partialValue <= data.count - (width * bits + 7) / 8 else { return nil }
        let table = coverageTable(decode)
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        data.withUnsafeBytes { bytes in
            for y in 0..<height {
                for x in 0..<width { rgba[(y * width + x) * 4 + 3] = table[sample(bytes, x: x, row: y)] }
            }
        }
        return rgba
    }

    /// The sample at (x, row): `bits` bits, the first pixel in a byte's high bits.
    private func sample(_ bytes: UnsafeRawBufferPointer, x: Int, row: Int) -> Int {
        let bit = x * bits, byte = Int(bytes[row * bytesPerRow + bit / 8])
        let shift = 8 - bits - bit % 8
        return (byte >> shift) & ((1 << bits) - 1)
    }

    /// The coverage byte of every sample value: 255 x (1 - decoded), decoded clamped to 0...1.
    private func coverageTable(_ decode: (CGFloat, CGFloat)) -> [UInt8] {
        let top = CGFloat((1 << bits) - 1)
        return (0...(1 << bits) - 1).map { s in
            let decoded = min(max(decode.0 + CGFloat(s) / top * (decode.1 - decode.0), 0), 1)
            return UInt8(((1 - decoded) * 255).rounded())
        }
    }
}
