import CCairo
import Foundation
import Testing
@testable import Quartzite

/// Gradients (against cairo, and the one-sided options in closed form), images (drawn upright), blend modes
/// (Core Graphics' formulas) and shadows (where they fall, and that they are blurred evenly).
@Suite struct CGContextPaintTests {
    let gradient = CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(),
                              colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                       CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)], locations: [0, 1])

    func cairoStops(_ pattern: OpaquePointer?) {
        cairo_pattern_add_color_stop_rgba(pattern, 0, 1, 0, 0, 1)
        cairo_pattern_add_color_stop_rgba(pattern, 1, 0, 0, 1, 0.5)
    }

    @Test(arguments: [true, false])
    func linearGradientMatchesCairo(extends: Bool) throws {
        let ctx = try #require(CGTest.context(40, 20))
        ctx.drawLinearGradient(try #require(gradient), start: CGPoint(x: 10, y: 5), end: CGPoint(x: 30, y: 15),
                               options: extends ? [.drawsBeforeStartLocation, .drawsAfterEndLocation] : [])
        let expected = CGTest.cairo(40, 20) { cr in
            let pattern = cairo_pattern_create_linear(10, 5, 30, 15)
            cairoStops(pattern)
            cairo_pattern_set_extend(pattern, extends ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
        }
        #expect(CGTest.maxDifference(CGTest.pixels(ctx), expected) == 0)
    }

    /// Stops that stop short of 0 and 1: Core Graphics uses "the color provided at the locations closest to 0
    /// and 1" there, so red fills the line's first quarter and blue its last; one colour fills it all.
    @Test func stopsShortOfTheEndsRepeatTheNearestColour() throws {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1), blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        let inner = try #require(CGGradient(colorsSpace: nil, colors: [red, blue], locations: [0.25, 0.75]))
        let ctx = try #require(CGTest.context(100, 4))
        ctx.drawLinearGradient(inner, start: .zero, end: CGPoint(x: 100, y: 0), options: [])
        let px = CGTest.pixels(ctx)
        #expect(CGTest.pixel(px, width: 100, x: 5, row: 1) == [255, 0, 0, 255])
        #expect(CGTest.pixel(px, width: 100, x: 20, row: 1) == [255, 0, 0, 255])
        #expect(CGTest.pixel(px, width: 100, x: 95, row: 1) == [0, 0, 255, 255])
        // Halfway between the stops, half of each (cairo samples pixel centres: x = 50.5 is 0.505 along).
        let middle = CGTest.pixel(px, width: 100, x: 50, row: 1)
        #expect(abs(Int(middle[0]) - 125) <= 2 && abs(Int(middle[2]) - 130) <= 2)
        let single = try #require(CGGradient(colorsSpace: nil, colors: [blue], locations: nil))
        let one = try #require(CGTest.context(10, 10))
        one.drawRadialGradient(single, startCenter: CGPoint(x: 5, y: 5), startRadius: 0, endCenter: CGPoint(x: 5, y: 5),
                               endRadius: 4, options: [])
        #expect(CGTest.pixel(CGTest.pixels(one), width: 10, x: 5, row: 5) == [0, 0, 255, 255])
    }

    /// Only after the end: columns before x = 10 stay empty, the rest is the padded gradient.
    @Test(arguments: [CGGradientDrawingOptions.drawsAfterEndLocation, .drawsBeforeStartLocation])
    func oneSidedLinearGradientPaintsOneSide(option: CGGradientDrawingOptions) throws {
        let ctx = try #require(CGTest.context(40, 4))
        ctx.drawLinearGradient(try #require(gradient), start: CGPoint(x: 10, y: 0), end: CGPoint(x: 30, y: 0),
                               options: option)
        let padded = CGTest.cairo(40, 4) { cr in
            let pattern = cairo_pattern_create_linear(10, 0, 30, 0)
            cairoStops(pattern)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
        }
        let got = CGTest.pixels(ctx)
        let kept = option == .drawsAfterEndLocation ? 10..<40 : 0..<30
        for x in 0..<40 {
            let expected = kept.contains(x) ? CGTest.pixel(padded, width: 40, x: x, row: 1) : [0, 0, 0, 0]
            #expect(CGTest.pixel(got, width: 40, x: x, row: 1) == expected, "column \(x)")
        }
    }

    @Test(arguments: [true, false])
    func radialGradientMatchesCairo(extends: Bool) throws {
        let ctx = try #require(CGTest.context(40, 40))
        ctx.drawRadialGradient(try #require(gradient), startCenter: CGPoint(x: 18, y: 20), startRadius: 3,
                               endCenter: CGPoint(x: 20, y: 20), endRadius: 14,
                               options: extends ? [.drawsBeforeStartLocation, .drawsAfterEndLocation] : [])
        let expected = CGTest.cairo(40, 40) { cr in
            let pattern = cairo_pattern_create_radial(18, 20, 3, 20, 20, 14)
            cairoStops(pattern)
            cairo_pattern_set_extend(pattern, extends ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
            cairo_set_source(cr, pattern)
            cairo_paint(cr)
            cairo_pattern_destroy(pattern)
        }
        #expect(CGTest.maxDifference(CGTest.pixels(ctx), expected) == 0)
    }

    /// Concentric circles, only after the end: inside the start circle nothing, outside the end circle the last
    /// colour (blue at alpha 0.5: 0, 0, 128, 128 premultiplied).
    @Test func oneSidedRadialGradientPaintsOutsideTheEndCircle() throws {
        let ctx = try #require(CGTest.context(40, 40))
        ctx.drawRadialGradient(try #require(gradient), startCenter: CGPoint(x: 20, y: 20), startRadius: 5,
                               endCenter: CGPoint(x: 20, y: 20), endRadius: 12, options: .drawsAfterEndLocation)
        let px = CGTest.pixels(ctx)
        #expect(CGTest.pixel(px, width: 40, x: 20, row: 20) == [0, 0, 0, 0])
        #expect(CGTest.pixel(px, width: 40, x: 0, row: 0) == [0, 0, 128, 128])
        #expect(CGTest.pixel(px, width: 40, x: 28, row: 20)[3] > 128)
    }

    /// A gradient whose end points lie far out in device space is drawn from the part of its line the context
    /// shows (`fittedLine`; `RenderInContextHostileTests` has the case that put cairo in error): a red-to-blue
    /// line 2,000,000 pixels long centred on the context is purple throughout; a short one whose line lies
    /// five million pixels above the context keeps its bands (a pixel's colour is its projection).
    @Test func gradientsWithFarEndPoints() throws {
        let gradient = try #require(CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                                           CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
                                               locations: [0, 1]))
        let wide = try #require(CGTest.context(20, 2))
        wide.drawLinearGradient(gradient, start: CGPoint(x: -1e6, y: 0), end: CGPoint(x: 1e6, y: 0), options: [])
        for x in [0, 10, 19] {
            let p = CGTest.pixel(CGTest.pixels(wide), width: 20, x: x, row: 0).map { Int($0) }
            #expect(abs(p[0] - 128) <= 1 && p[1] == 0 && abs(p[2] - 128) <= 1 && p[3] == 255, "\(p) at \(x)")
        }
        let far = try #require(CGTest.context(20, 2))
        far.drawLinearGradient(gradient, start: CGPoint(x: 5, y: 5e6), end: CGPoint(x: 15, y: 5e6),
                               options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        let px = CGTest.pixels(far)
        #expect(CGTest.pixel(px, width: 20, x: 2, row: 1) == [255, 0, 0, 255])
        #expect(CGTest.pixel(px, width: 20, x: 18, row: 1) == [0, 0, 255, 255])
        let middle = CGTest.pixel(px, width: 20, x: 10, row: 1).map { Int($0) }
        #expect(abs(middle[0] - 115) <= 3 && abs(middle[2] - 140) <= 3, "t = 0.55 at pixel 10's centre: \(middle)")
        far.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        far.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(CGTest.pixel(CGTest.pixels(far), width: 20, x: 0, row: 1) == [0, 255, 0, 255], "the context still draws")
    }

    /// Radial gradients whose circles lie millions of pixels out leave the context drawing (cairo places
    /// radial patterns of that size; linear ones needed `fittedLine`).
    @Test func radialGradientsWithFarCircles() throws {
        let gradient = try #require(CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1),
                                                                           CGColor(red: 0, green: 0, blue: 1, alpha: 1)],
                                               locations: [0, 1]))
        let ctx = try #require(CGTest.context(20, 2))
        ctx.drawRadialGradient(gradient, startCenter: CGPoint(x: 10, y: 9e6), startRadius: 0,
                               endCenter: CGPoint(x: 10, y: 9e6), endRadius: 9e6 + 10, options: [.drawsAfterEndLocation])
        ctx.drawRadialGradient(gradient, startCenter: CGPoint(x: -8e6, y: 0), startRadius: 1e6,
                               endCenter: CGPoint(x: 8e6, y: 0), endRadius: 3e6, options: [])
        ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(CGTest.pixel(CGTest.pixels(ctx), width: 20, x: 0, row: 1) == [0, 255, 0, 255], "the context still draws")
    }

    /// Regression (found by the fuzz through render(in:)): an image drawn into a rect too small to place it
    /// (a width of the least positive Double) put cairo's context in error, and nothing drawn after showed.
    /// Such a rect draws nothing and the context keeps drawing; so does one the CTM shrinks that far.
    @Test func aRectTooSmallForAnImageLeavesTheContextDrawing() throws {
        let image = try CGImage(width: 2, height: 2, premultipliedRGBA: Array(repeating: 255, count: 16))
        let ctx = try #require(CGTest.context(4, 4))
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: .leastNonzeroMagnitude, height: 1e-9))
        ctx.saveGState()
        ctx.scaleBy(x: 1e-200, y: 1e-200)
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 1e-150, height: 1e-150))
        ctx.restoreGState()
        ctx.setFillColor(CGColor(red: 0, green: 1, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(CGTest.pixel(CGTest.pixels(ctx), width: 4, x: 1, row: 1) == [0, 255, 0, 255])
        #expect(Diagnostics.messages.contains { $0.contains("too small or far to place the image") })
    }

    /// An image whose top row is red and bottom row blue is drawn upright in a y-up context.
    @Test func imagesAreDrawnUpright() throws {
        let image = try CGImage(width: 2, height: 2, premultipliedRGBA: [255, 0, 0, 255, 255, 0, 0, 255,
                                                                         0, 0, 255, 255, 0, 0, 255, 255])
        let ctx = try #require(CGTest.context(4, 4))
        ctx.interpolationQuality = .none
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        let px = CGTest.pixels(ctx)
        for x in 0..<4 {
            #expect(CGTest.pixel(px, width: 4, x: x, row: 0) == [255, 0, 0, 255])
            #expect(CGTest.pixel(px, width: 4, x: x, row: 1) == [255, 0, 0, 255])
            #expect(CGTest.pixel(px, width: 4, x: x, row: 3) == [0, 0, 255, 255])
        }
        // The round trip: an image of a context drawn into an equal context is the same picture.
        let copy = try #require(CGTest.context(4, 4))
        copy.draw(try #require(ctx.makeImage()), in: CGRect(x: 0, y: 0, width: 4, height: 4))
        #expect(CGTest.pixels(copy) == px)
    }

    @Test func tiledImagesRepeatOverTheClip() throws {
        let image = try CGImage(width: 1, height: 1, premultipliedRGBA: [0, 255, 0, 255])
        let ctx = try #require(CGTest.context(6, 6))
        ctx.draw(image, in: CGRect(x: 0, y: 0, width: 2, height: 2), byTiling: true)
        #expect(CGTest.pixels(ctx).allSatisfy { $0 == 0 || $0 == 255 })
        #expect(CGTest.pixel(CGTest.pixels(ctx), width: 6, x: 5, row: 0) == [0, 255, 0, 255])
    }

    /// Destination opaque grey 0.5 (128); source (1, 0.5, 0) opaque.
    @Test(arguments: [
        (CGBlendMode.normal, [255, 128, 0]),
        (.multiply, [128, 64, 0]),            // S x D
        (.screen, [255, 192, 128]),           // S + D - S D
        (.darken, [128, 128, 0]),
        (.lighten, [255, 128, 128]),
        (.difference, [127, 0, 128]),         // |S - D|
        (.plusLighter, [255, 255, 128]),      // min(1, S + D)
    ] as [(CGBlendMode, [Int])])
    func blendModesFollowTheirFormulas(mode: CGBlendMode, expected: [Int]) throws {
        let ctx = try #require(CGTest.context(1, 1))
        ctx.setFillColor(gray: 128.0 / 255, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        ctx.setBlendMode(mode)
        ctx.setFillColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        let px = CGTest.pixels(ctx)
        for i in 0..<3 { #expect(abs(Int(px[i]) - expected[i]) <= 1, "\(mode) channel \(i): \(px)") }
        #expect(px[3] == 255)
    }

    /// Porter-Duff modes act only where the shape covers, as in Core Graphics: the pixels outside a fill or a
    /// stroke keep their colour, even for modes cairo applies everywhere (sourceIn, destinationIn).
    @Test(arguments: [CGBlendMode.sourceIn, .destinationIn, .destinationOut, .copy, .sourceOut, .destinationAtop])
    func compositingModesLeaveOutsideTheShapeAlone(mode: CGBlendMode) throws {
        for stroke in [false, true] {
            let ctx = try #require(CGTest.context(8, 1))
            ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 8, height: 1))
            ctx.setBlendMode(mode)
            ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
            ctx.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
            if stroke {
                ctx.setLineWidth(2)
                ctx.strokeLineSegments(between: [CGPoint(x: 3, y: -1), CGPoint(x: 3, y: 2)])
            } else {
                ctx.fill(CGRect(x: 2, y: 0, width: 2, height: 1))
            }
            let px = CGTest.pixels(ctx)
            for x in [0, 1, 4, 5, 6, 7] {
                #expect(CGTest.pixel(px, width: 8, x: x, row: 0) == [0, 0, 255, 255], "\(mode) stroke \(stroke) x \(x)")
            }
            let inside = CGTest.pixel(px, width: 8, x: 2, row: 0)
            let formula: [UInt8] = switch mode {
            case .sourceIn, .copy: [255, 0, 0, 255]          // S Da, S
            case .destinationIn, .destinationAtop: [0, 0, 255, 255]  // D Sa, S (1 - Da) + D Sa
            default: [0, 0, 0, 0]                             // D (1 - Sa), S (1 - Da)
            }
            #expect(inside == formula, "\(mode) stroke \(stroke)")
        }
    }

    /// The global alpha scales the source before it blends, for images and gradients as for colours: copy
    /// at alpha 0.5 leaves the source at half alpha (premultiplied 128, alpha 128), not mixed with what was
    /// there (sourceIn likewise: S Da with S at half alpha).
    @Test(arguments: [CGBlendMode.copy, .sourceIn])
    func theGlobalAlphaScalesPatternsBeforeTheyBlend(mode: CGBlendMode) throws {
        let red = try CGImage(width: 1, height: 1, premultipliedRGBA: [255, 0, 0, 255])
        let solid = try #require(CGGradient(colorsSpace: nil, colors: [CGColor(red: 1, green: 0, blue: 0, alpha: 1)],
                                            locations: nil))
        for drawsImage in [true, false] {
            let ctx = try #require(CGTest.context(4, 4))
            ctx.setFillColor(red: 0, green: 1, blue: 0, alpha: 1)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            ctx.setAlpha(0.5)
            ctx.setBlendMode(mode)
            if drawsImage {
                ctx.draw(red, in: CGRect(x: 0, y: 0, width: 4, height: 4))
            } else {
                ctx.drawLinearGradient(solid, start: .zero, end: CGPoint(x: 4, y: 0), options: [])
            }
            let inside = CGTest.pixel(CGTest.pixels(ctx), width: 4, x: 1, row: 1)
            let expected: [UInt8] = [128, 0, 0, 128]
            #expect(inside.count == 4 && zip(inside, expected).allSatisfy { abs(Int($0) - Int($1)) <= 1 },
                    "\(mode) image \(drawsImage): \(inside)")
        }
    }

    /// Under an HSL mode the global alpha scales the source before the blend too, for an image and for a
    /// transparency layer (pixman's HSL operators under a paint's alpha are neither that nor a mix of the
    /// blend's result for most colours). Luminosity of (0.3, 0.7, 0.45) (Lum 0.5525) on (0.9, 0.6, 0.2) (Lum
    /// 0.646): SetLum gives (0.8065, 0.5065, 0.1065); alpha 0.75 times the global 0.6 is a source of alpha
    /// 0.45 over an opaque backdrop: 0.55 x (0.9, 0.6, 0.2) + 0.45 x B = (0.858, 0.558, 0.158).
    @Test(arguments: [true, false])
    func theGlobalAlphaScalesTheSourceBeforeAnHSLBlend(inLayer: Bool) throws {
        let green = try CGImage(width: 1, height: 1, premultipliedRGBA: [57, 134, 86, 191])
        let ctx = try #require(CGTest.context(4, 4))
        ctx.setFillColor(red: 0.9, green: 0.6, blue: 0.2, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        ctx.setAlpha(0.6)
        ctx.setBlendMode(.luminosity)
        if inLayer {
            ctx.beginTransparencyLayer(auxiliaryInfo: nil)
            ctx.setFillColor(red: 0.3, green: 0.7, blue: 0.45, alpha: 0.75)
            ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
            ctx.endTransparencyLayer()
        } else {
            ctx.draw(green, in: CGRect(x: 0, y: 0, width: 4, height: 4))
        }
        let inside = CGTest.pixel(CGTest.pixels(ctx), width: 4, x: 1, row: 1)
        let expected: [UInt8] = [219, 142, 40, 255]
        #expect(inside.count == 4 && zip(inside, expected).allSatisfy { abs(Int($0) - Int($1)) <= 2 }, "\(inside)")
    }

    /// A hard shadow (blur 0) offset by (5, -5), y up: the shape's copy in the shadow colour, 5 pixels right and
    /// 5 down, under the shape.
    /// A sourceIn stroke inside a transparency layer blends with the layer's pixels (S Da, Da = 1 over the layer's
    /// red), not with the context's transparent ones below the layer: rows 1 and 2 turn blue, rows 0 and 3 stay red.
    @Test func aBlendedStrokeInsideATransparencyLayerSeesTheLayer() throws {
        let ctx = try #require(CGTest.context(4, 4))
        ctx.beginTransparencyLayer(auxiliaryInfo: nil)
        ctx.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 4))
        ctx.setBlendMode(.sourceIn)
        ctx.setStrokeColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
        ctx.setLineWidth(2)
        ctx.strokeLineSegments(between: [CGPoint(x: 0, y: 2), CGPoint(x: 4, y: 2)])
        ctx.endTransparencyLayer()
        let px = CGTest.pixels(ctx)
        #expect((0..<4).map { CGTest.pixel(px, width: 4, x: 1, row: $0) }
                == [[255, 0, 0, 255], [0, 0, 255, 255], [0, 0, 255, 255], [255, 0, 0, 255]])
    }

    @Test func aHardShadowFallsAtItsOffset() throws {
        let ctx = try #require(CGTest.context(30, 30))
        ctx.setShadow(offset: CGSize(width: 5, height: -5), blur: 0,
                      color: CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.fill(CGRect(x: 10, y: 10, width: 6, height: 6))
        let px = CGTest.pixels(ctx)
        func at(_ x: Int, _ y: Int) -> [UInt8] { CGTest.pixel(px, width: 30, x: x, row: 29 - y) }
        #expect(at(12, 12) == [0, 0, 0, 255])         // the shape
        #expect(at(18, 7) == [255, 0, 0, 255])        // shadow only
        #expect(at(15, 5) == [255, 0, 0, 255])
        #expect(at(21, 7) == [0, 0, 0, 0] && at(18, 4) == [0, 0, 0, 0] && at(9, 12) == [0, 0, 0, 0])
    }

    /// A blurred shadow with no offset: symmetric about the shape's centre, fading with distance, gone past
    /// about three sigmas (sigma = blur / 2 = 3).
    @Test func aBlurredShadowIsSymmetricAndFades() throws {
        let ctx = try #require(CGTest.context(41, 41))
        ctx.setShadow(offset: .zero, blur: 6)
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.fill(CGRect(x: 16, y: 16, width: 9, height: 9))
        let px = CGTest.pixels(ctx)
        func a(_ x: Int, _ y: Int) -> Int { Int(CGTest.pixel(px, width: 41, x: x, row: 40 - y)[3]) }
        let profile = (25...36).map { a($0, 20) }
        #expect(profile == (4...15).map { a($0, 20) }.reversed())
        #expect(profile == (25...36).map { a(20, $0) })
        #expect(zip(profile, profile.dropFirst()).allSatisfy { $0 >= $1 })
        #expect(profile[0] > 0 && profile[0] < 85)  // below one third at the shape's edge: half the blur
        #expect(profile[10] == 0)
        #expect(a(20, 20) == 255)
    }

    /// The inner-shadow idiom: clipped to a square, a ring filled outside the clip casts its shadow inside it.
    @Test func shapesOutsideTheClipCastShadowsInsideIt() throws {
        let ctx = try #require(CGTest.context(30, 30))
        ctx.clip(to: CGRect(x: 10, y: 10, width: 10, height: 10))
        ctx.setShadow(offset: CGSize(width: 0, height: 0), blur: 4, color: CGColor(gray: 0, alpha: 1))
        ctx.addRect(CGRect(x: 0, y: 0, width: 30, height: 30))
        ctx.addRect(CGRect(x: 10, y: 10, width: 10, height: 10))
        ctx.fillPath(using: .evenOdd)
        let px = CGTest.pixels(ctx)
        func a(_ x: Int, _ y: Int) -> UInt8 { CGTest.pixel(px, width: 30, x: x, row: 29 - y)[3] }
        #expect(a(10, 15) > a(12, 15) && a(12, 15) > a(15, 15))
        #expect(a(10, 15) > 0 && a(5, 5) == 0)
    }
}
