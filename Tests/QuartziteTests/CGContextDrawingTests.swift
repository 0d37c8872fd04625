import CCairo
import Foundation
import Testing
@testable import Quartzite

/// Fills and strokes, compared with cairo drawing the same calls on a y-up surface (expected to be exact), and
/// the current path's queries in closed form.
@Suite struct CGContextDrawingTests {
    /// A self-overlapping five-pointed star: its centre is inside by winding and outside by even-odd.
    static let star: [CGPoint] = (0..<5).map { i in
        let angle = CGFloat.pi / 2 + CGFloat(i) * 4 * .pi / 5
        return CGPoint(x: 32 + 28 * cos(angle), y: 32 + 28 * sin(angle))
    }

    @Test(arguments: [CGPathFillRule.winding, .evenOdd])
    func fillsMatchCairoForBothRules(rule: CGPathFillRule) throws {
        let ctx = try #require(CGTest.context(64, 64))
        ctx.setFillColor(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.8)
        ctx.addLines(between: Self.star)
        ctx.closePath()
        ctx.fillPath(using: rule)
        #expect(ctx.isPathEmpty)
        let expected = CGTest.cairo(64, 64) { cr in
            cairo_set_source_rgba(cr, 0.2, 0.6, 0.9, 0.8)
            cairo_move_to(cr, Self.star[0].x, Self.star[0].y)
            for p in Self.star.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_close_path(cr)
            cairo_set_fill_rule(cr, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            cairo_fill(cr)
        }
        let got = CGTest.pixels(ctx)
        #expect(got == expected)
        let centre = CGTest.pixel(got, width: 64, x: 32, row: 32)
        #expect(rule == .winding ? centre[3] > 0 : centre[3] == 0)
    }

    @Test(arguments: [(CGLineCap.butt, CGLineJoin.miter), (.round, .round), (.square, .bevel)])
    func strokesMatchCairo(cap: CGLineCap, join: CGLineJoin) throws {
        let points = [CGPoint(x: 8, y: 8), CGPoint(x: 40, y: 52), CGPoint(x: 56, y: 12)]
        let ctx = try #require(CGTest.context(64, 64))
        ctx.setStrokeColor(red: 1, green: 0.5, blue: 0, alpha: 1)
        ctx.setLineWidth(6)
        ctx.setLineCap(cap)
        ctx.setLineJoin(join)
        ctx.setMiterLimit(4)
        ctx.setLineDash(phase: 3, lengths: [12, 5])
        ctx.move(to: points[0])
        ctx.addLine(to: points[1])
        ctx.addQuadCurve(to: points[2], control: CGPoint(x: 60, y: 60))
        ctx.strokePath()
        let expected = CGTest.cairo(64, 64) { cr in
            cairo_set_source_rgba(cr, 1, 0.5, 0, 1)
            cairo_set_line_width(cr, 6)
            cairo_set_line_cap(cr, [.butt: CAIRO_LINE_CAP_BUTT, .round: CAIRO_LINE_CAP_ROUND,
                                    .square: CAIRO_LINE_CAP_SQUARE][cap]!)
            cairo_set_line_join(cr, [.miter: CAIRO_LINE_JOIN_MITER, .round: CAIRO_LINE_JOIN_ROUND,
                                     .bevel: CAIRO_LINE_JOIN_BEVEL][join]!)
            cairo_set_miter_limit(cr, 4)
            cairo_set_dash(cr, [12, 5], 2, 3)
            cairo_move_to(cr, 8, 8)
            cairo_line_to(cr, 40, 52)
            // The quadratic (40,52) (60,60) (56,12) as the cubic that traces it.
            cairo_curve_to(cr, 40 + 20 * 2 / 3.0, 52 + 8 * 2 / 3.0, 56 + 4 * 2 / 3.0, 12 + 48 * 2 / 3.0, 56, 12)
            cairo_stroke(cr)
        }
        #expect(CGTest.maxDifference(CGTest.pixels(ctx), expected) == 0)
    }

    /// A stroke's width is in the user space of the stroke call: scaled by 2 in x, a vertical line 4 wide
    /// covers 8 device pixels.
    @Test func lineWidthFollowsTheCTMAtStrokeTime() throws {
        let ctx = try #require(CGTest.context(40, 10))
        ctx.move(to: CGPoint(x: 20, y: 0))
        ctx.addLine(to: CGPoint(x: 20, y: 10))
        ctx.scaleBy(x: 2, y: 1)
        ctx.setLineWidth(4)
        ctx.setStrokeColor(gray: 0, alpha: 1)
        ctx.strokePath()
        let px = CGTest.pixels(ctx)
        let covered = (0..<40).filter { CGTest.pixel(px, width: 40, x: $0, row: 5)[3] == 255 }
        #expect(covered == Array(16..<24))
    }

    @Test func rectEllipseAndSegmentHelpersKeepTheCurrentPath() throws {
        let ctx = try #require(CGTest.context(40, 40))
        ctx.move(to: CGPoint(x: 1, y: 1))
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.fillEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
        ctx.fill([CGRect(x: 30, y: 30, width: 5, height: 5)])
        ctx.stroke(CGRect(x: 22.5, y: 2.5, width: 10, height: 10))
        ctx.strokeLineSegments(between: [CGPoint(x: 0, y: 38.5), CGPoint(x: 20, y: 38.5), CGPoint(x: 5, y: 5)])
        #expect(!ctx.isPathEmpty)
        let px = CGTest.pixels(ctx)
        #expect(CGTest.pixel(px, width: 40, x: 10, row: 29)[3] == 255)   // ellipse centre
        #expect(CGTest.pixel(px, width: 40, x: 0, row: 39)[3] == 0)      // outside the ellipse's corner
        #expect(CGTest.pixel(px, width: 40, x: 32, row: 7)[3] == 255)    // filled rect
        #expect(CGTest.pixel(px, width: 40, x: 22, row: 30)[3] == 255)   // rect stroke's left edge
        #expect(CGTest.pixel(px, width: 40, x: 27, row: 32)[3] == 0)     // rect stroke's inside
        #expect(CGTest.pixel(px, width: 40, x: 10, row: 1)[3] == 255)    // the segment
    }

    @Test func pathQueriesAreInUserSpace() throws {
        let ctx = try #require(CGTest.context(10, 10))
        #expect(ctx.isPathEmpty && ctx.path == nil && ctx.boundingBoxOfPath.isNull)
        #expect(ctx.currentPointOfPath == .zero)
        ctx.translateBy(x: 5, y: 5)
        ctx.move(to: CGPoint(x: 1, y: 2))
        ctx.addLine(to: CGPoint(x: 3, y: -4))
        #expect(ctx.currentPointOfPath == CGPoint(x: 3, y: -4))
        #expect(ctx.boundingBoxOfPath == CGRect(x: 1, y: -4, width: 2, height: 6))
        // The path stays where it was drawn: in the new user space it has moved by the inverse translation.
        ctx.translateBy(x: 1, y: 0)
        #expect(ctx.currentPointOfPath == CGPoint(x: 2, y: -4))
        let copy = CGMutablePath()
        copy.move(to: CGPoint(x: 0, y: 2))
        copy.addLine(to: CGPoint(x: 2, y: -4))
        #expect(ctx.path == copy)
        ctx.replacePathWithStrokedPath()
        #expect(!ctx.isPathEmpty)
        ctx.beginPath()
        #expect(ctx.isPathEmpty)
    }

    /// Angles increase counterclockwise in a y-up space: an arc from 0 to pi, not clockwise, is the upper half.
    @Test func arcsTurnCounterclockwiseUpwards() throws {
        let ctx = try #require(CGTest.context(40, 40))
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.addArc(center: CGPoint(x: 20, y: 20), radius: 10, startAngle: 0, endAngle: .pi, clockwise: false)
        ctx.closePath()
        ctx.fillPath()
        let px = CGTest.pixels(ctx)
        #expect(CGTest.pixel(px, width: 40, x: 20, row: 39 - 25)[3] == 255)
        #expect(CGTest.pixel(px, width: 40, x: 20, row: 39 - 15)[3] == 0)
    }

    @Test func drawPathFillsThenStrokes() throws {
        let ctx = try #require(CGTest.context(20, 20))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.setStrokeColor(red: 0, green: 0, blue: 1, alpha: 1)
        ctx.setLineWidth(2)
        ctx.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        ctx.drawPath(using: .fillStroke)
        #expect(ctx.isPathEmpty)
        let px = CGTest.pixels(ctx)
        #expect(CGTest.pixel(px, width: 20, x: 10, row: 10) == [255, 0, 0, 255])
        #expect(CGTest.pixel(px, width: 20, x: 5, row: 10) == [0, 0, 255, 255])
        #expect(CGTest.pixel(px, width: 20, x: 4, row: 10) == [0, 0, 255, 255])
    }

    @Test func antialiasingCanBeTurnedOff() throws {
        let ctx = try #require(CGTest.context(10, 10))
        ctx.setShouldAntialias(false)
        ctx.setFillColor(gray: 0, alpha: 1)
        ctx.fillEllipse(in: CGRect(x: 0.3, y: 0.3, width: 9.1, height: 9.1))
        let alphas = CGTest.pixels(ctx).enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
        #expect(alphas.allSatisfy { $0 == 0 || $0 == 255 } && alphas.contains(255))
    }

    /// `CGRect.infinite`, "a rectangle that has infinite extent": filling it paints the whole context and
    /// clipping to it keeps everything (its corners once made an empty path: nothing drawn, everything clipped).
    @Test func theInfiniteRectCoversEverything() throws {
        let ctx = try #require(CGTest.context(6, 4))
        ctx.setFillColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.fill(CGRect.infinite)
        #expect(CGTest.pixels(ctx) == Array(repeating: [UInt8]([255, 0, 0, 255]), count: 24).flatMap { $0 })
        let clipped = try #require(CGTest.context(6, 4))
        clipped.clip(to: CGRect.infinite)
        clipped.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        clipped.fill(CGRect(x: 0, y: 0, width: 6, height: 4))
        #expect(CGTest.pixel(CGTest.pixels(clipped), width: 6, x: 3, row: 2) == [0, 0, 255, 255])
        #expect(UIBezierPath(rect: .infinite).bounds.contains(CGRect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)))
    }

    /// Edges that reach far out: a 4-wide diagonal stroke from (-1e5, -1e5) to (1e5, 1e5) crosses a 100 x 100
    /// context corner to corner, and a slanted band filled with vertices at ±1e5 covers its half; cairo alone
    /// draws neither (it loses such edges some 65,000 units out).
    @Test func farReachingSlantedEdgesAreDrawn() throws {
        let ctx = try #require(CGTest.context(100, 100))
        ctx.setStrokeColor(red: 1, green: 0, blue: 0, alpha: 1)
        ctx.setLineWidth(4)
        ctx.move(to: CGPoint(x: -1e5, y: -1e5))
        ctx.addLine(to: CGPoint(x: 1e5, y: 1e5))
        ctx.strokePath()
        // (50, 50) in y-up user space is row 49 from the top; (10, 10) row 89; off the line, nothing.
        let px = CGTest.pixels(ctx)
        #expect(CGTest.pixel(px, width: 100, x: 50, row: 49) == [255, 0, 0, 255])
        #expect(CGTest.pixel(px, width: 100, x: 10, row: 89) == [255, 0, 0, 255])
        #expect(CGTest.pixel(px, width: 100, x: 80, row: 79) == [0, 0, 0, 0])
        let band = try #require(CGTest.context(100, 100))
        band.setFillColor(red: 0, green: 0, blue: 1, alpha: 1)
        band.addLines(between: [CGPoint(x: -1e5, y: -1e5), CGPoint(x: 1e5, y: 1e5), CGPoint(x: 1e5, y: -1e5)])
        band.closePath()
        band.fillPath()
        // The triangle below the diagonal y = x: (80, 20) inside (row 79), (20, 80) outside (row 19).
        let bandPixels = CGTest.pixels(band)
        #expect(CGTest.pixel(bandPixels, width: 100, x: 80, row: 79) == [0, 0, 255, 255])
        #expect(CGTest.pixel(bandPixels, width: 100, x: 20, row: 19) == [0, 0, 0, 0])
    }
}
