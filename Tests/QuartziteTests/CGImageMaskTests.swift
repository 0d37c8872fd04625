import Foundation
import Testing
@testable import Quartzite

/// Image masks (`CGImage(maskWidth:...)`) and `CGImage.masking(_:)`. Apple documents an image mask's decoded
/// sample S as an inverse alpha (0 paints, 1 does not) and a grey image's sample as the alpha itself; a drawn
/// mask paints the fill colour. Expected pixels come from those rules and the bitmap context's y-up axes (a
/// mask's first row lands along the rect's top edge, which is the first row of `makeImage()`).
@Suite struct CGImageMaskTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let opaqueRed: [UInt8] = [255, 0, 0, 255], empty: [UInt8] = [0, 0, 0, 0]

    /// A 1-bit mask of `rows` (bytes, samples from the high bit down), one byte a row.
    func mask(_ width: Int, _ rows: [UInt8], bits: Int = 1, decode: [CGFloat]? = nil) -> CGImage? {
        guard let provider = CGDataProvider(data: Data(rows)) else { return nil }
        let make = { (d: UnsafePointer<CGFloat>?) in
            CGImage(maskWidth: width, height: rows.count, bitsPerComponent: bits, bitsPerPixel: bits, bytesPerRow: 1,
                    provider: provider, decode: d, shouldInterpolate: false)
        }
        guard let decode else { return make(nil) }
        return decode.withUnsafeBufferPointer { make($0.baseAddress) }
    }

    /// A 2 x 2 checker mask, rows top first: samples 0 1 / 1 0 (paint top-left and bottom-right).
    func checker(decode: [CGFloat]? = nil) -> CGImage? { mask(2, [0b0100_0000, 0b1000_0000], decode: decode) }

    /// `mask` drawn in red over a whole `size` x `size` context, unsmoothed.
    func drawn(_ mask: CGImage, size: Int = 20, byTiling: Bool = false, in rect: CGRect? = nil) throws -> [UInt8] {
        let ctx = try #require(CGTest.context(size, size))
        ctx.interpolationQuality = .none
        ctx.setFillColor(red)
        ctx.draw(mask, in: rect ?? CGRect(x: 0, y: 0, width: size, height: size), byTiling: byTiling)
        return CGTest.pixels(ctx)
    }

    /// The pixels of `bytes` (a `size`-wide image) that differ from `expected(x, row)`.
    func mismatches(_ bytes: [UInt8], size: Int = 20, _ expected: (Int, Int) -> [UInt8]) -> [String] {
        (0..<size).flatMap { row in
            (0..<size).compactMap { x in CGTest.pixel(bytes, width: size, x: x, row: row) == expected(x, row) ? nil : "(\(x), \(row))" }
        }
    }

    @Test func aCheckerMaskPaintsTheFillColourWhereItsSamplesAreZero() throws {
        let bytes = try drawn(try #require(checker()))
        #expect(mismatches(bytes) { x, row in (x < 10) == (row < 10) ? opaqueRed : empty } == [])
    }

    @Test func theDecodeArrayOneZeroInvertsTheMask() throws {
        let bytes = try drawn(try #require(checker(decode: [1, 0])))
        #expect(mismatches(bytes) { x, row in (x < 10) == (row < 10) ? empty : opaqueRed } == [])
    }

    /// Deeper samples are partial coverage 1 - S: an 8-bit 64 lets 191/255 through, a 2-bit 1 lets 2/3 through,
    /// and a decode of [0.5, 0.5] makes every sample one half.
    @Test func deeperSamplesAndDecodeRangesArePartialCoverage() throws {
        let eight = try drawn(try #require(mask(1, [64], bits: 8)), size: 2)
        #expect(CGTest.maxDifference(eight, [UInt8](repeating: 0, count: 4).indices.flatMap { _ in [191, 0, 0, 191] }) <= 1)
        let two = try drawn(try #require(mask(1, [0b0100_0000], bits: 2)), size: 2)
        #expect(CGTest.maxDifference(two, (0..<4).flatMap { _ in [170, 0, 0, 170] as [UInt8] }) <= 1)
        let half = try drawn(try #require(mask(1, [255], bits: 8, decode: [0.5, 0.5])), size: 2)
        #expect(CGTest.maxDifference(half, (0..<4).flatMap { _ in [128, 0, 0, 128] as [UInt8] }) <= 1)
    }

    /// A mask drawn in a rect lands there, its first row along the rect's top edge (maxY, y up).
    @Test func aMaskInAnOffsetRectLandsWithItsFirstRowAtTheTop() throws {
        // 2 x 1: paint the left sample only, in (4, 10, 8, 6): columns 4..<8, rows 20 - 16 = 4 ..< 10.
        let bytes = try drawn(try #require(mask(2, [0b0100_0000])), in: CGRect(x: 4, y: 10, width: 8, height: 6))
        #expect(mismatches(bytes) { x, row in (4..<8).contains(x) && (4..<10).contains(row) ? opaqueRed : empty } == [])
    }

    @Test func aTiledMaskRepeatsOverTheClip() throws {
        let bytes = try drawn(try #require(checker()), size: 8, byTiling: true, in: CGRect(x: 0, y: 0, width: 2, height: 2))
        #expect(mismatches(bytes, size: 8) { x, row in (x + row) % 2 == 0 ? opaqueRed : empty } == [])
    }

    @Test func clippingToAnImageMaskLetsDrawingThroughWhereSamplesAreZero() throws {
        let ctx = try #require(CGTest.context(20, 20))
        ctx.interpolationQuality = .none
        ctx.clip(to: CGRect(x: 0, y: 0, width: 20, height: 20), mask: try #require(checker()))
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(mismatches(CGTest.pixels(ctx)) { x, row in (x < 10) == (row < 10) ? opaqueRed : empty } == [])
        // An all-zero mask (black, were it read as grey) lets everything through.
        let open = try #require(CGTest.context(4, 4))
        open.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4), mask: try #require(mask(1, [0])))
        open.setFillColor(red)
        open.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(mismatches(CGTest.pixels(open), size: 4) { _, _ in opaqueRed } == [])
    }

    @Test func maskPropertiesReportAMask() throws {
        let m = try #require(checker())
        #expect(m.isMask && m.bitsPerComponent == 1 && m.bitsPerPixel == 1 && m.bytesPerRow == 1 && m.colorSpace == nil)
        let plain = try CGImage(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 255])
        #expect(!plain.isMask && plain.bitsPerComponent == 8)
    }

    @Test func unreadableMasksAreNil() throws {
        #expect(mask(8, [0, 0], bits: 3) == nil)
        let short = try #require(CGDataProvider(data: Data([0, 0, 0])))
        // 4 rows of 2 bytes need 7 bytes at least.
        #expect(CGImage(maskWidth: 16, height: 4, bitsPerComponent: 1, bitsPerPixel: 1, bytesPerRow: 2,
                        provider: short, decode: nil, shouldInterpolate: true) == nil)
        #expect(CGImage(maskWidth: 16, height: 1, bitsPerComponent: 1, bitsPerPixel: 1, bytesPerRow: 1,
                        provider: short, decode: nil, shouldInterpolate: true) == nil)
        #expect(CGImage(maskWidth: 1, height: 1, bitsPerComponent: 8, bitsPerPixel: 16, bytesPerRow: 2,
                        provider: short, decode: nil, shouldInterpolate: true) == nil)
        #expect(CGImage(maskWidth: 0, height: 1, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: 1,
                        provider: short, decode: nil, shouldInterpolate: true) == nil)
        #expect(CGImage(maskWidth: 1, height: Int.max, bitsPerComponent: 8, bitsPerPixel: 8, bytesPerRow: Int.max,
                        provider: short, decode: nil, shouldInterpolate: true) == nil)
        // A non-finite decode array is ignored: the mask reads as without one.
        let nan = try drawn(try #require(checker(decode: [.nan, 0])))
        #expect(mismatches(nan) { x, row in (x < 10) == (row < 10) ? opaqueRed : empty } == [])
    }

    /// A 2 x 2 opaque red image.
    func redImage(_ width: Int = 2, _ height: Int = 2) throws -> CGImage {
        try CGImage(width: width, height: height, premultipliedRGBA: (0..<width * height).flatMap { _ in [255, 0, 0, 255] as [UInt8] })
    }

    @Test func maskingByAnImageMaskKeepsThePixelsWhereSamplesAreZero() throws {
        let checkerMask = try #require(checker())
        let masked = try #require(try redImage().masking(checkerMask))
        #expect(masked.premultipliedRGBA == opaqueRed + empty + empty + opaqueRed)
        #expect(!masked.isMask)
    }

    @Test func maskingByAGreyImageUsesItsSamplesAsAlpha() throws {
        let grey = try CGImage(width: 2, height: 1, premultipliedRGBA: [255, 255, 255, 255, 64, 64, 64, 255])
        let masked = try #require(try redImage(2, 1).masking(grey))
        #expect(masked.premultipliedRGBA == opaqueRed + [64, 0, 0, 64])
    }

    /// A mask of another size is stretched over the image: a 2 x 1 mask over 4 x 1 keeps the left half.
    @Test func aMaskOfAnotherSizeIsStretchedOverTheImage() throws {
        let half = try #require(mask(2, [0b0100_0000])), open = try #require(mask(1, [0]))
        let masked = try #require(try redImage(4, 1).masking(half))
        #expect(Array(masked.premultipliedRGBA[0..<4]) == opaqueRed && Array(masked.premultipliedRGBA[12..<16]) == empty)
        let whole = try #require(try redImage(4, 4).masking(open))
        #expect(whole.premultipliedRGBA == (try redImage(4, 4)).premultipliedRGBA)
    }

    @Test func anImageMaskCannotBeMasked() throws {
        let m = try #require(checker())
        #expect(m.masking(m) == nil)
    }

    /// UIKit draws a masked image like any other, and an image mask in the fill colour, both upright.
    @Test func uiImageDrawsMaskedImagesAndMasks() throws {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let checkerMask = try #require(checker())
        let masked = UIImage(cgImage: try #require(try redImage().masking(checkerMask)))
        let mask = UIImage(cgImage: try #require(checker()))
        let image = UIGraphicsImageRenderer(size: CGSize(width: 4, height: 2), format: format).image { ctx in
            ctx.cgContext.interpolationQuality = .none
            masked.draw(in: CGRect(x: 0, y: 0, width: 2, height: 2))
            UIColor.blue.setFill()
            mask.draw(in: CGRect(x: 2, y: 0, width: 2, height: 2))
        }
        let blue: [UInt8] = [0, 0, 255, 255]
        let bytes = try #require(image.cgImage).premultipliedRGBA
        #expect(bytes == opaqueRed + empty + blue + empty + empty + opaqueRed + empty + blue)
    }
}
