import CCairo
import Foundation
import Testing
@testable import Quartzite

/// `clip(to:mask:)`: a mask's samples (a grey image) or alpha (an image with transparency) are the coverage
/// through which later drawing lands, as Core Graphics documents it. Expected pixels are worked out from the
/// masks' samples: coverage c over what was there d turns a drawn colour s into c s + (1 - c) d.
@Suite struct CGContextMaskClipTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let opaqueRed: [UInt8] = [255, 0, 0, 255], empty: [UInt8] = [0, 0, 0, 0]

    /// A `width` x `height` opaque grey image whose sample at (x, row) is `gray(x, row)`.
    func grayImage(_ width: Int, _ height: Int, _ gray: (Int, Int) -> UInt8) throws -> CGImage {
        var bytes: [UInt8] = []
        for row in 0..<height { for x in 0..<width { let g = gray(x, row); bytes += [g, g, g, 255] } }
        return try CGImage(width: width, height: height, premultipliedRGBA: bytes)
    }

    /// Columns of row `row` whose pixel equals `value`.
    func columns(_ ctx: CGContext, row: Int, equal value: [UInt8]) -> [Int] {
        let px = CGTest.pixels(ctx)
        return (0..<ctx.width).filter { CGTest.pixel(px, width: ctx.width, x: $0, row: row) == value }
    }

    @Test func aHalfBlackHalfWhiteMaskLeavesRedOnTheWhiteHalfOnly() throws {
        let ctx = try #require(CGTest.context(10, 10))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 10), mask: try grayImage(10, 10) { x, _ in x < 5 ? 0 : 255 })
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        for row in 0..<10 {
            #expect(columns(ctx, row: row, equal: opaqueRed) == Array(5..<10))
            #expect(columns(ctx, row: row, equal: empty) == Array(0..<5))
        }
    }

    /// A grey sample of 128 lets 128/255 of the red through: premultiplied (128, 0, 0, 128).
    @Test func aGreySampleIsPartialCoverage() throws {
        let ctx = try #require(CGTest.context(4, 4))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4), mask: try grayImage(4, 4) { _, _ in 128 })
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(CGTest.maxDifference(CGTest.pixels(ctx), [UInt8](repeating: 0, count: 64).enumerated().map {
            $0.offset % 4 == 0 || $0.offset % 4 == 3 ? 128 : 0 }) <= 1)
    }

    /// A 1 x 1 white mask scaled up covers its whole rect to the edges (resampling does not fade it there), and
    /// nothing outside the rect.
    @Test func aOnePixelWhiteMaskCoversItsWholeRect() throws {
        let ctx = try #require(CGTest.context(6, 6))
        ctx.clip(to: CGRect(x: 1, y: 1, width: 4, height: 4), mask: try grayImage(1, 1) { _, _ in 255 })
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 6, height: 6))
        for row in 1..<5 { #expect(columns(ctx, row: row, equal: opaqueRed) == [1, 2, 3, 4]) }
        #expect(columns(ctx, row: 0, equal: empty) == Array(0..<6) && columns(ctx, row: 5, equal: empty) == Array(0..<6))
    }

    /// A grey ramp stretched over 40 pixels, resampled bilinearly, lets red through as cairo masks a red paint
    /// with the same samples placed the same way (within one level: the mask's coverage is kept in 8 bits).
    @Test func aStretchedRampMatchesCairosMask() throws {
        let ramp: [UInt8] = [0, 85, 170, 255]
        let ctx = try #require(CGTest.context(40, 2))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 40, height: 2), mask: try grayImage(4, 1) { x, _ in ramp[x] })
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 40, height: 2))
        let expected = CGTest.cairo(40, 2) { cr in
            guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, 4, 1),
                  let data = cairo_image_surface_get_data(mask) else { return }
            for x in 0..<4 { data[x] = ramp[x] }
            cairo_surface_mark_dirty(mask)
            let pattern = cairo_pattern_create_for_surface(mask)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            // Mask pixels to user space: 10 wide, 2 tall, its row along the top (y up).
            var m = cairo_matrix_t(xx: 0.1, yx: 0, xy: 0, yy: -0.5, x0: 0, y0: 1)
            cairo_pattern_set_matrix(pattern, &m)
            cairo_set_source_rgba(cr, 1, 0, 0, 1)
            cairo_mask(cr, pattern)
            cairo_pattern_destroy(pattern)
            cairo_surface_destroy(mask)
        }
        #expect(CGTest.maxDifference(CGTest.pixels(ctx), expected) <= 1)
        // Closed form at the ends: the padded ramp is 0 on the left and 255 on the right.
        #expect(CGTest.pixel(expected, width: 40, x: 0, row: 0) == empty)
        #expect(CGTest.pixel(expected, width: 40, x: 39, row: 0) == opaqueRed)
    }

    /// A mask is mapped into its rect with its first row at the rect's top (maxY, y up): a 1 x 2 mask white on
    /// top covers the upper half of a 2 x 4 rect, rows 0 and 1 of the picture.
    @Test func theMasksFirstRowIsTheRectsTop() throws {
        let ctx = try #require(CGTest.context(2, 4))
        ctx.interpolationQuality = .none
        ctx.clip(to: CGRect(x: 0, y: 0, width: 2, height: 4), mask: try grayImage(1, 2) { _, row in row == 0 ? 255 : 0 })
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 2, height: 4))
        let px = CGTest.pixels(ctx)
        #expect((0..<4).map { CGTest.pixel(px, width: 2, x: 1, row: $0) } == [opaqueRed, opaqueRed, empty, empty])
    }

    /// An image with transparency masks by its alpha, whatever its colours: red where it is opaque.
    @Test func anImageWithTransparencyMasksByItsAlpha() throws {
        var bytes: [UInt8] = []
        for _ in 0..<4 { for x in 0..<4 { bytes += x < 2 ? [0, 0, 0, 0] : [0, 0, 0, 255] } }
        let mask = try CGImage(width: 4, height: 4, premultipliedRGBA: bytes)
        let ctx = try #require(CGTest.context(4, 4))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 4, height: 4), mask: mask)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(columns(ctx, row: 2, equal: opaqueRed) == [2, 3])
        #expect(columns(ctx, row: 2, equal: empty) == [0, 1])
    }

    /// Pixels the mask hides keep what was drawn before (green), under any blend mode: copy would otherwise
    /// replace them.
    @Test(arguments: [CGBlendMode.normal, .copy, .multiply])
    func hiddenPixelsKeepWhatWasThere(mode: CGBlendMode) throws {
        let ctx = try #require(CGTest.context(10, 2))
        ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 2))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 2), mask: try grayImage(10, 2) { x, _ in x < 5 ? 0 : 255 })
        ctx.setBlendMode(mode)
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 2))
        // Multiply of red over green is black (1 x 0, 0 x 1, 0 x 0).
        let drawn: [UInt8] = mode == .multiply ? [0, 0, 0, 255] : opaqueRed
        #expect(columns(ctx, row: 0, equal: [0, 255, 0, 255]) == Array(0..<5))
        #expect(columns(ctx, row: 0, equal: drawn) == Array(5..<10))
    }

    /// The mask clip is part of the graphics state: restored away, and intersected with a rect clip.
    @Test func theMaskIsSavedRestoredAndIntersected() throws {
        let mask = try grayImage(10, 1) { x, _ in x < 5 ? 0 : 255 }
        let ctx = try #require(CGTest.context(10, 1))
        ctx.setFillColor(red)
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 1), mask: mask)
        ctx.restoreGState()
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 1))
        #expect(columns(ctx, row: 0, equal: opaqueRed) == Array(0..<10))

        let both = try #require(CGTest.context(10, 1))
        both.setFillColor(red)
        both.clip(to: CGRect(x: 0, y: 0, width: 7, height: 1))
        both.clip(to: CGRect(x: 0, y: 0, width: 10, height: 1), mask: mask)
        both.fill(CGRect(x: 0, y: 0, width: 10, height: 1))
        #expect(columns(both, row: 0, equal: opaqueRed) == [5, 6])
        #expect(columns(both, row: 0, equal: empty) == [0, 1, 2, 3, 4, 7, 8, 9])

        both.resetClip()
        both.fill(CGRect(x: 0, y: 0, width: 10, height: 1))
        #expect(columns(both, row: 0, equal: opaqueRed) == Array(0..<10))
    }

    /// Two masks multiply: the columns both let through.
    @Test func twoMasksIntersect() throws {
        let ctx = try #require(CGTest.context(10, 1))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 1), mask: try grayImage(10, 1) { x, _ in x < 3 ? 0 : 255 })
        ctx.clip(to: CGRect(x: 0, y: 0, width: 10, height: 1), mask: try grayImage(10, 1) { x, _ in x < 8 ? 255 : 0 })
        ctx.setFillColor(red)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 1))
        #expect(columns(ctx, row: 0, equal: opaqueRed) == Array(3..<8))
    }

    /// Drawing inside a transparency layer is masked as outside one, and images and gradients are masked too.
    @Test func layersImagesAndGradientsAreMasked() throws {
        let mask = try grayImage(10, 1) { x, _ in x < 5 ? 0 : 255 }
        let layered = try #require(CGTest.context(10, 1))
        layered.clip(to: CGRect(x: 0, y: 0, width: 10, height: 1), mask: mask)
        layered.beginTransparencyLayer(auxiliaryInfo: nil)
        layered.setFillColor(red)
        layered.fill(CGRect(x: 0, y: 0, width: 10, height: 1))
        layered.endTransparencyLayer()
        #expect(columns(layered, row: 0, equal: opaqueRed) == Array(5..<10))
        #expect(columns(layered, row: 0, equal: empty) == Array(0..<5))

        let imaged = try #require(CGTest.context(10, 1))
        imaged.clip(to: CGRect(x: 0, y: 0, width: 10, height: 1), mask: mask)
        imaged.draw(try CGImage(width: 1, height: 1, premultipliedRGBA: opaqueRed), in: CGRect(x: 0, y: 0, width: 10, height: 1))
        #expect(columns(imaged, row: 0, equal: opaqueRed) == Array(5..<10))

        let shaded = try #require(CGTest.context(10, 1))
        shaded.clip(to: CGRect(x: 0, y: 0, width: 10, height: 1), mask: mask)
        let gradient = try #require(CGGradient(colorsSpace: nil, colors: [red, red], locations: nil))
        shaded.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 10, y: 0), options: [])
        #expect(columns(shaded, row: 0, equal: opaqueRed) == Array(5..<10))
        #expect(columns(shaded, row: 0, equal: empty) == Array(0..<5))
    }

    /// Bad rects and odd masks never trap: an empty or non-finite rect clips everything away; a 1 x 1 white
    /// mask over a rect far larger than the context lets everything through; one too large to place clips all.
    @Test func hostileRectsAndMasksDoNotTrap() throws {
        let white = try grayImage(1, 1) { _, _ in 255 }
        let rects = [CGRect(x: 0, y: 0, width: 0, height: 5), CGRect(x: CGFloat.nan, y: 0, width: 4, height: 4),
                     CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 4), CGRect(x: -1e300, y: -1e300, width: 2e300, height: 2e300)]
        for rect in rects {
            let ctx = try #require(CGTest.context(4, 4))
            ctx.clip(to: rect, mask: white)
            ctx.setFillColor(red)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            #expect(CGTest.pixels(ctx).allSatisfy { $0 == 0 }, "\(rect)")
        }
        let huge = try #require(CGTest.context(4, 4))
        huge.clip(to: CGRect(x: -1e5, y: -1e5, width: 2e5, height: 2e5), mask: white)
        huge.setFillColor(red)
        huge.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(columns(huge, row: 1, equal: opaqueRed) == [0, 1, 2, 3])
    }
}
