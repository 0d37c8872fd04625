import Foundation
import Testing
@testable import Quartzite

/// `UIColor(patternImage:)`: fills and strokes tile the image, upright, from the origin of the context's
/// default user space (UIKit documents the phase 0 as the image's top-left corner at the drawing origin; Core
/// Graphics, that the pattern phase moves tiling in default user space, so the CTM does not move tiles).
/// Expected pixels are the checker's closed form: pixel (x, y) is red when x + y is even, blue when odd.
@Suite(.serialized) struct PatternColorTests {
    let redPixel: [UInt8] = [255, 0, 0, 255], bluePixel: [UInt8] = [0, 0, 255, 255]

    /// A 2 x 2 checker, rows top first: red, blue / blue, red.
    func checker() throws -> CGImage {
        try CGImage(width: 2, height: 2, premultipliedRGBA: [255, 0, 0, 255, 0, 0, 255, 255,
                                                             0, 0, 255, 255, 255, 0, 0, 255])
    }

    func format() -> UIGraphicsImageRendererFormat {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        return format
    }

    /// The checker's colour at (x, y) shifted by `dx`, `dy`.
    func expected(_ x: Int, _ y: Int, dx: Int = 0, dy: Int = 0) -> [UInt8] {
        ((x - dx) + (y - dy)) & 1 == 0 ? redPixel : bluePixel
    }

    func pixel(_ image: CGImage?, _ x: Int, _ y: Int) -> [UInt8] {
        guard let image else { return [] }
        return CGTest.pixel(image.premultipliedRGBA, width: image.width, x: x, row: y)
    }

    /// Pixels of the 10 x 10 `image` in `xs` that differ from `expected`.
    func mismatches(_ image: CGImage?, xs: Range<Int> = 0..<10, _ expected: (Int, Int) -> [UInt8]) -> [String] {
        (0..<10).flatMap { y in xs.compactMap { x in pixel(image, x, y) == expected(x, y) ? nil : "(\(x), \(y))" } }
    }

    @Test func aPatternFillTilesTheImageFromTheOrigin() throws {
        let color = UIColor(patternImage: UIImage(cgImage: try checker()))
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format()).image { ctx in
            color.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        #expect(mismatches(image.cgImage) { expected($0, $1) } == [])
    }

    /// The CTM moves the shape, not the tiles; the pattern phase moves the tiles (one point right here).
    @Test func theCTMLeavesTilesInPlaceAndThePhaseMovesThem() throws {
        let color = UIColor(patternImage: UIImage(cgImage: try checker()))
        let translated = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format()).image { ctx in
            color.setFill()
            ctx.cgContext.translateBy(x: 1, y: 0)
            ctx.cgContext.fill(CGRect(x: 0, y: 0, width: 9, height: 10))
        }
        #expect(pixel(translated.cgImage, 0, 0) == [0, 0, 0, 0])
        #expect(mismatches(translated.cgImage, xs: 1..<10) { expected($0, $1) } == [])
        let phased = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format()).image { ctx in
            color.setFill()
            ctx.cgContext.setPatternPhase(CGSize(width: 1, height: 0))
            ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        #expect(mismatches(phased.cgImage) { expected($0, $1, dx: 1) } == [])
    }

    /// In a bare bitmap context (y up, pixels) the tiles stand upright too: over an even height, the picture's
    /// top row starts with the image's top row.
    @Test func aBareBitmapContextTilesUpright() throws {
        let ctx = try #require(CGTest.context(10, 10))
        ctx.setFillColor(UIColor(patternImage: UIImage(cgImage: try checker())).cgColor)
        ctx.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(mismatches(ctx.makeImage()) { expected($0, $1) } == [])
    }

    /// A stroke paints the tiles too, and `withAlphaComponent` fades them: half of opaque red is (128, 0, 0, 128).
    @Test func strokesAndAlphaPaintTheTiles() throws {
        let color = UIColor(patternImage: UIImage(cgImage: try checker()))
        let image = UIGraphicsImageRenderer(size: CGSize(width: 10, height: 10), format: format()).image { ctx in
            color.setStroke()
            ctx.cgContext.setLineWidth(2)
            ctx.cgContext.strokeLineSegments(between: [CGPoint(x: 0, y: 1), CGPoint(x: 10, y: 1)])
            color.withAlphaComponent(0.5).setFill()
            ctx.cgContext.fill(CGRect(x: 0, y: 4, width: 10, height: 2))
        }
        #expect((0..<10).allSatisfy { pixel(image.cgImage, $0, 0) == expected($0, 0) && pixel(image.cgImage, $0, 1) == expected($0, 1) })
        #expect(pixel(image.cgImage, 0, 2) == [0, 0, 0, 0])
        #expect(CGTest.maxDifference(pixel(image.cgImage, 0, 4), [128, 0, 0, 128]) <= 1)
        #expect(CGTest.maxDifference(pixel(image.cgImage, 1, 4), [0, 0, 128, 128]) <= 1)
    }

    /// The context's global alpha fades a pattern's stroke as it fades its fill: half of red and blue.
    @Test func theGlobalAlphaFadesPatternStrokes() throws {
        let ctx = try #require(CGTest.context(10, 10))
        ctx.setStrokeColor(UIColor(patternImage: UIImage(cgImage: try checker())).cgColor)
        ctx.setAlpha(0.5)
        ctx.setLineWidth(2)
        ctx.strokeLineSegments(between: [CGPoint(x: 0, y: 9), CGPoint(x: 10, y: 9)])
        let px = CGTest.pixels(ctx)
        #expect(CGTest.maxDifference(CGTest.pixel(px, width: 10, x: 0, row: 0), [128, 0, 0, 128]) <= 1)
        #expect(CGTest.maxDifference(CGTest.pixel(px, width: 10, x: 1, row: 0), [0, 0, 128, 128]) <= 1)
        #expect(CGTest.pixel(px, width: 10, x: 0, row: 2) == [0, 0, 0, 0])
    }

    /// As a CGColor a pattern colour has a pattern space and one component (its alpha), as Core Graphics
    /// reports a coloured pattern's; what cannot tile reads the image's average, here (0.5, 0, 0.5, 1), and
    /// `getRed` answers false as UIKit does outside an RGB-compatible space.
    @Test func asACGColorAPatternIsItsAlphaAndFallsBackToTheAverage() throws {
        let color = UIColor(patternImage: UIImage(cgImage: try checker()))
        #expect(color.cgColor.colorSpace?.model == .pattern)
        #expect(color.cgColor.numberOfComponents == 1 && color.cgColor.components == [1])
        #expect(color.cgColor.rgba == [0.5, 0, 0.5, 1])
        #expect(color.withAlphaComponent(0.25).cgColor.rgba == [0.5, 0, 0.5, 0.25])
        var red: CGFloat = -1
        #expect(!color.getRed(&red, green: nil, blue: nil, alpha: nil) && red == -1)
        #expect(color.cgColor.converted(to: CGColorSpaceCreateDeviceRGB(), intent: .defaultIntent, options: nil) == nil)
        #expect(color == UIColor(cgColor: color.cgColor) && color != UIColor(red: 0.5, green: 0, blue: 0.5, alpha: 1))
    }

    /// An image with no bitmap gives a clear colour; a singular CTM and a NaN phase draw nothing or are ignored.
    @Test func hostileInputDrawsNothingAndDoesNotTrap() throws {
        #expect(UIColor(patternImage: UIImage()).cgColor == .clear)
        let ctx = try #require(CGTest.context(4, 4))
        ctx.setFillColor(UIColor(patternImage: UIImage(cgImage: try checker())).cgColor)
        ctx.setPatternPhase(CGSize(width: CGFloat.nan, height: 0))
        ctx.saveGState()
        ctx.scaleBy(x: 0, y: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        ctx.restoreGState()
        #expect(CGTest.pixels(ctx).allSatisfy { $0 == 0 })
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(CGTest.pixel(CGTest.pixels(ctx), width: 4, x: 0, row: 0) == redPixel)
    }
}
