import Foundation
import Testing
@testable import Quartzite

/// Clips, save and restore, and the CTM, in closed form; bad input that must neither trap nor break later
/// drawing.
@Suite struct CGContextStateTests {
    func alpha(_ ctx: CGContext, x: Int, y: Int) -> UInt8 {
        CGTest.pixel(CGTest.pixels(ctx), width: ctx.width, x: x, row: ctx.height - 1 - y)[3]
    }

    @Test func clipToRectKeepsDrawingInside() throws {
        let ctx = try #require(CGTest.context(20, 20))
        ctx.clip(to: CGRect(x: 5, y: 5, width: 10, height: 10))
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 5, y: 5, width: 10, height: 10))
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(alpha(ctx, x: 5, y: 5) == 255 && alpha(ctx, x: 14, y: 14) == 255)
        #expect(alpha(ctx, x: 4, y: 10) == 0 && alpha(ctx, x: 15, y: 10) == 0 && alpha(ctx, x: 10, y: 15) == 0)
    }

    @Test func clipToPathByEvenOddLeavesAHole() throws {
        let ctx = try #require(CGTest.context(20, 20))
        ctx.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        ctx.clip(using: .evenOdd)
        #expect(ctx.isPathEmpty)
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 20, height: 20))
        #expect(alpha(ctx, x: 2, y: 2) == 255 && alpha(ctx, x: 10, y: 10) == 0)
    }

    @Test func restoreGStateRestoresClipColourAndCTM() throws {
        let ctx = try #require(CGTest.context(20, 20))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.saveGState()
        ctx.clip(to: CGRect(x: 0, y: 0, width: 5, height: 5))
        ctx.translateBy(x: 3, y: 0)
        ctx.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.setAlpha(0.5)
        ctx.restoreGState()
        #expect(ctx.ctm == .identity)
        #expect(ctx.boundingBoxOfClipPath == CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.fill(CGRect(x: 10, y: 10, width: 2, height: 2))
        #expect(CGTest.pixel(CGTest.pixels(ctx), width: 20, x: 10, row: 9) == [255, 0, 0, 255])
    }

    @Test func resetClipWidensToTheWholeContext() throws {
        let ctx = try #require(CGTest.context(20, 20))
        ctx.clip(to: CGRect(x: 0, y: 0, width: 5, height: 5))
        ctx.resetClip()
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.fill(CGRect(x: 10, y: 10, width: 2, height: 2))
        #expect(alpha(ctx, x: 10, y: 10) == 255)
    }

    /// translate, scale and rotate compose as Core Graphics' CTM calls: each applies in user space first.
    @Test func ctmCallsComposeInUserSpace() throws {
        let ctx = try #require(CGTest.context(40, 40))
        #expect(ctx.ctm == .identity)
        ctx.translateBy(x: 20, y: 10)
        ctx.rotate(by: .pi / 2)
        ctx.scaleBy(x: 2, y: 1)
        let expected = CGAffineTransform(scaleX: 2, y: 1).concatenating(CGAffineTransform(rotationAngle: .pi / 2))
            .concatenating(CGAffineTransform(translationX: 20, y: 10))
        for (a, b) in zip([ctx.ctm.a, ctx.ctm.b, ctx.ctm.c, ctx.ctm.d, ctx.ctm.tx, ctx.ctm.ty],
                          [expected.a, expected.b, expected.c, expected.d, expected.tx, expected.ty]) {
            #expect(abs(a - b) < 1e-12)
        }
        let p = ctx.convertToDeviceSpace(CGPoint(x: 3, y: 0))
        #expect(abs(p.x - 20) < 1e-9 && abs(p.y - 16) < 1e-9)
        let back = ctx.convertToUserSpace(p)
        #expect(abs(back.x - 3) < 1e-9 && abs(back.y) < 1e-9)
        // A unit square at user (1, 1): scaled to 2 x 1, turned a quarter, moved: device x 18...19, y 12...14.
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.fill(CGRect(x: 1, y: 1, width: 1, height: 1))
        #expect(alpha(ctx, x: 18, y: 12) == 255 && alpha(ctx, x: 18, y: 13) == 255)
        #expect(alpha(ctx, x: 19, y: 12) == 0 && alpha(ctx, x: 18, y: 14) == 0 && alpha(ctx, x: 17, y: 12) == 0)
    }

    @Test func globalAlphaScalesFills() throws {
        let ctx = try #require(CGTest.context(1, 1))
        ctx.setAlpha(0.5)
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        #expect(CGTest.pixels(ctx) == [128, 128, 128, 128])
    }

    @Test func clearMakesPixelsTransparent() throws {
        let ctx = try #require(CGTest.context(4, 1))
        ctx.setFillColor(gray: 1, alpha: 1)
        ctx.fill(CGRect(x: 0, y: 0, width: 4, height: 1))
        ctx.setAlpha(0.5)
        ctx.clear(CGRect(x: 1, y: 0, width: 2, height: 1))
        #expect(CGTest.pixels(ctx) == [255, 255, 255, 255, 0, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255])
    }

    /// Bad input: reported, ignored, and drawing afterwards still works.
    @Test func badInputNeitherTrapsNorStopsDrawing() throws {
        let ctx = try #require(CGTest.context(10, 10))
        ctx.restoreGState()
        ctx.setLineDash(phase: 0, lengths: [0, 0])
        ctx.setLineDash(phase: .nan, lengths: [-1, 2])
        ctx.setLineWidth(.nan)
        ctx.setLineWidth(-3)
        ctx.setAlpha(.nan)
        ctx.translateBy(x: .infinity, y: 0)
        ctx.scaleBy(x: .nan, y: 1)
        ctx.setShadow(offset: CGSize(width: CGFloat.nan, height: 0), blur: 3)
        ctx.move(to: CGPoint(x: CGFloat.nan, y: 0))
        ctx.addLine(to: CGPoint(x: 1e300, y: 1e300))
        ctx.addLine(to: CGPoint(x: 5e6, y: -5e6))
        ctx.strokePath()
        ctx.drawLinearGradient(try #require(CGGradient(colorsSpace: nil, colors: [.black, .white], locations: nil)),
                               start: .zero, end: .zero, options: [])
        ctx.draw(try CGImage(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 255]),
                 in: CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1))
        // A singular CTM draws nothing visible and leaves cairo working.
        ctx.saveGState()
        ctx.scaleBy(x: 0, y: 0)
        ctx.move(to: .zero)
        ctx.addLine(to: CGPoint(x: 5, y: 5))
        ctx.strokePath()
        ctx.draw(try CGImage(width: 1, height: 1, premultipliedRGBA: [0, 0, 0, 255]),
                 in: CGRect(x: 0, y: 0, width: 5, height: 5))
        #expect(ctx.boundingBoxOfClipPath.isNull)
        ctx.restoreGState()
        ctx.setStrokeColor(gray: 0, alpha: 1)
        ctx.setLineWidth(2)
        ctx.move(to: CGPoint(x: 0, y: 5))
        ctx.addLine(to: CGPoint(x: 10, y: 5))
        ctx.strokePath()
        #expect(alpha(ctx, x: 5, y: 5) == 255)
        let messages = Diagnostics.messages
        #expect(messages.contains { $0.hasPrefix("CGContext.restoreGState") })
        #expect(messages.contains { $0.hasPrefix("CGContext.setLineDash") })
        #expect(!messages.contains { $0.hasPrefix("CGContext: cairo stopped drawing") })
    }

    /// A dash of lengths [4, 4] over a horizontal line: painted, gap, painted.
    @Test func dashAlternatesPaintAndGap() throws {
        let ctx = try #require(CGTest.context(16, 4))
        ctx.setLineDash(phase: 0, lengths: [4, 4])
        ctx.setLineWidth(2)
        ctx.move(to: CGPoint(x: 0, y: 2))
        ctx.addLine(to: CGPoint(x: 16, y: 2))
        ctx.strokePath()
        #expect((0..<16).map { alpha(ctx, x: $0, y: 2) > 0 } == [true, true, true, true, false, false, false, false,
                                                                   true, true, true, true, false, false, false, false])
    }
}
