import Foundation
import Testing
@testable import QuartziteGeometry

/// Core Graphics spellings ported code uses, against Apple's documented behaviour.
@Suite struct CGPathSpellingTests {
    /// CGPathCreateCopyByStrokingPath: the stroke's outline, the transform applied to it; nil for a width
    /// that is not greater than 0.
    @Test func byStrokingMatchesCopyStroking() {
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 0))
        line.addLine(to: CGPoint(x: 10, y: 0))
        var t = CGAffineTransform(translationX: 5, y: 1)
        let stroked = CGPath(__byStroking: line, transform: &t, lineWidth: 4, lineCap: .butt, lineJoin: .miter,
                             miterLimit: 10)
        #expect(stroked == line.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10,
                                     transform: t))
        // A 10 x 4 band moved by (5, 1).
        #expect(stroked?.boundingBox == CGRect(x: 5, y: -1, width: 10, height: 4))
        #expect(stroked?.contains(CGPoint(x: 10, y: 2.5)) == true)
        #expect(stroked?.contains(CGPoint(x: 10, y: 3.5)) == false)
        #expect(CGPath(__byStroking: line, transform: nil, lineWidth: 4, lineCap: .butt, lineJoin: .miter,
                       miterLimit: 10)?.boundingBox == CGRect(x: 0, y: -2, width: 10, height: 4))
        for bad in [0, -1, CGFloat.nan, .infinity] {
            #expect(CGPath(__byStroking: line, transform: nil, lineWidth: bad, lineCap: .butt, lineJoin: .miter,
                           miterLimit: 10) == nil)
        }
    }

    /// A stroke's outline is the loops round the region it covers, not its triangles: a butt-ended segment is
    /// one closed rectangle; a stroked circle is its outer and inner loop, whose area is the ring's,
    /// pi ((r + w / 2)^2 - (r - w / 2)^2), within the flattening's error.
    @Test func aStrokesOutlineIsItsLoops() {
        let line = CGMutablePath()
        line.move(to: .zero)
        line.addLine(to: CGPoint(x: 10, y: 0))
        let band = line.copy(strokingWithWidth: 4, lineCap: .butt, lineJoin: .miter, miterLimit: 10)
        #expect(band.elements.filter { if case .moveTo = $0 { true } else { false } }.count == 1)
        #expect(band.boundingBox == CGRect(x: 0, y: -2, width: 10, height: 4))
        let circle = CGPath(ellipseIn: CGRect(x: -20, y: -20, width: 40, height: 40), transform: nil)
        let ring = circle.copy(strokingWithWidth: 6, lineCap: .butt, lineJoin: .round, miterLimit: 10)
        let loops = ring.flattened(tolerance: 0.01)
        #expect(loops.count == 2)
        let area = loops.reduce(0.0) { sum, loop in
            let p = loop.points + [loop.points[0]]
            return sum + zip(p, p.dropFirst()).reduce(0.0) { $0 + Double($1.0.x * $1.1.y - $1.1.x * $1.0.y) } / 2
        }
        let expected = Double.pi * (23 * 23 - 17 * 17)
        #expect(abs(abs(area) - expected) < 0.01 * expected, "\(area) against \(expected)")
        #expect(ring.contains(CGPoint(x: 20, y: 0)) && !ring.contains(.zero) && ring.contains(CGPoint(x: 0, y: 20), using: .evenOdd))
    }

    @Test func mutableCopyUsingTransforms() {
        let rect = CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4))
        var t = CGAffineTransform(scaleX: 2, y: -1)
        let m = rect.mutableCopy(using: &t)
        #expect(m?.boundingBox == CGRect(x: 2, y: -6, width: 6, height: 4))
        m?.addLine(to: .zero)
        #expect(rect.elements.count == 5)
        #expect(rect.mutableCopy(using: nil)?.elements == rect.elements)
        // A transform that makes every point non-finite leaves no elements rather than storing NaN.
        var bad = CGAffineTransform(a: .nan, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        #expect(rect.mutableCopy(using: &bad)?.isEmpty == true)
        #expect(rect.copy(using: &bad)?.isEmpty == true)
    }

    @Test func isRectRecognisesAddRect() {
        var out = CGRect.null
        #expect(CGPath(rect: CGRect(x: 1, y: 2, width: 3, height: 4), transform: nil).isRect(&out))
        #expect(out == CGRect(x: 1, y: 2, width: 3, height: 4))
        // Negative sizes are standardized by addRect; a rectangle drawn the other way round is still one.
        let ccw = CGMutablePath()
        ccw.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 5), CGPoint(x: 7, y: 5), CGPoint(x: 7, y: 0),
                               CGPoint(x: 0, y: 0)])
        ccw.closeSubpath()
        #expect(ccw.isRect(&out) && out == CGRect(x: 0, y: 0, width: 7, height: 5))
        #expect(ccw.isRect(nil))
        // Not rectangles: an ellipse, an open rectangle, a turned square, two rectangles, a zero-width one.
        var untouched = CGRect(x: 9, y: 9, width: 9, height: 9)
        #expect(!CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 4, height: 4), transform: nil).isRect(&untouched))
        let open = CGMutablePath()
        open.addLines(between: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1)])
        #expect(!open.isRect(&untouched))
        let diamond = CGMutablePath()
        diamond.addLines(between: [CGPoint(x: 1, y: 0), CGPoint(x: 2, y: 1), CGPoint(x: 1, y: 2), CGPoint(x: 0, y: 1)])
        diamond.closeSubpath()
        #expect(!diamond.isRect(&untouched))
        let two = CGMutablePath()
        two.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 2, y: 0, width: 1, height: 1)])
        #expect(!two.isRect(&untouched))
        #expect(!CGPath(rect: CGRect(x: 0, y: 0, width: 0, height: 3), transform: nil).isRect(&untouched))
        #expect(untouched == CGRect(x: 9, y: 9, width: 9, height: 9))
    }
}
