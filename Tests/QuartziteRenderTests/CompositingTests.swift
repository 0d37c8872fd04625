import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Group opacity, alpha masks, shadows, blend-once strokes, masked corners and back faces, against values
/// worked out by hand from source-over blending and the Gaussian's closed form.
@MainActor
@Suite(.serialized)
struct CompositingTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    func canvas() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        return root
    }

    func render(_ root: CALayer) throws -> Bitmap {
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        renderer.dithersGradients = false
        return try renderer.render(root, at: 0)
    }

    func square(_ frame: CGRect, _ color: CGColor) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = color
        return l
    }

    @Test func translucentLayerWithSublayersCompositesAsOneGroup() throws {
        for grouped in [true, false] {
            let root = canvas()
            let group = CALayer()
            group.frame = root.bounds
            group.opacity = 0.5
            group.allowsGroupOpacity = grouped
            group.addSublayer(square(CGRect(x: 10, y: 10, width: 50, height: 50), red))
            group.addSublayer(square(CGRect(x: 40, y: 40, width: 50, height: 50), red))
            root.addSublayer(group)
            let bitmap = try render(root)
            // Half red over white is (255, 127.5, 127.5); a second half red over that is (255, 63.75, 63.75).
            #expect(maxChannelDifference(bitmap.pixel(x: 20, y: 20), rgba(255, 128, 128)) <= 1)
            let overlap = grouped ? rgba(255, 128, 128) : rgba(255, 64, 64)
            #expect(maxChannelDifference(bitmap.pixel(x: 50, y: 50), overlap) <= 1, "grouped: \(grouped)")
        }
    }

    @Test func gradientMaskScalesContentByItsAlpha() throws {
        let root = canvas()
        let content = square(root.bounds, blue)
        let mask = CAGradientLayer()
        mask.frame = root.bounds
        mask.colors = [CGColor(red: 0, green: 0, blue: 0, alpha: 0), CGColor(red: 0, green: 0, blue: 0, alpha: 1)]
        mask.startPoint = CGPoint(x: 0, y: 0.5)
        mask.endPoint = CGPoint(x: 1, y: 0.5)
        content.mask = mask
        root.addSublayer(content)
        let bitmap = try render(root)
        for x in [5, 30, 50, 80, 95] {
            let a = (Double(x) + 0.5) / 100
            let rg = UInt8((255 * (1 - a)).rounded())
            #expect(maxChannelDifference(bitmap.pixel(x: x, y: 50), rgba(Int(rg), Int(rg), 255)) <= 2, "x = \(x)")
        }
    }

    @Test func translucentMaskColourIsPartialAlpha() throws {
        let root = canvas()
        let content = square(root.bounds, blue)
        content.mask = square(CGRect(x: 0, y: 0, width: 50, height: 100), CGColor(red: 0, green: 0, blue: 0, alpha: 0.5))
        root.addSublayer(content)
        let bitmap = try render(root)
        #expect(maxChannelDifference(bitmap.pixel(x: 25, y: 50), rgba(128, 128, 255)) <= 1)
        #expect(bitmap.pixel(x: 75, y: 50) == rgba(255, 255, 255))
    }

    @Test func shadowIsAGaussianOfShadowRadiusAtTheOffset() throws {
        let root = canvas()
        let box = square(CGRect(x: 20, y: 20, width: 40, height: 40), blue)
        box.shadowColor = .black
        box.shadowOpacity = 1
        box.shadowRadius = 4
        box.shadowOffset = CGSize(width: 0, height: 30)
        root.addSublayer(box)
        let bitmap = try render(root)
        // The shadow's bottom edge is at y = 90; a pixel centre d points outside it is covered Φ(-d / 4).
        func phi(_ z: Double) -> Double { 0.5 * erfc(-z / 2.squareRoot()) }
        for (y, d) in [(86, -3.5), (90, 0.5), (93, 3.5)] {
            let grey = 255 * (1 - phi(-d / 4))
            let p = try #require(bitmap.pixel(x: 40, y: y))
            #expect(abs(Double(p[0]) - grey) <= 4, "y = \(y): \(p[0]) vs \(grey)")
        }
        #expect(bitmap.pixel(x: 40, y: 40) == rgba(0, 0, 255))      // the layer draws over its shadow
        #expect(bitmap.pixel(x: 40, y: 10) == rgba(255, 255, 255))  // nothing above: the offset is downwards
    }

    @Test func translucentStrokeBlendsOnceWhereItCrossesItself() throws {
        let root = canvas()
        let x = CAShapeLayer()
        x.frame = root.bounds
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 10, y: 10))
        path.addLine(to: CGPoint(x: 90, y: 90))
        path.addLine(to: CGPoint(x: 90, y: 10))
        path.addLine(to: CGPoint(x: 10, y: 90))
        x.path = path
        x.fillColor = nil
        x.strokeColor = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        x.lineWidth = 8
        x.lineJoin = .round
        root.addSublayer(x)
        let bitmap = try render(root)
        #expect(maxChannelDifference(bitmap.pixel(x: 50, y: 50), rgba(255, 128, 128)) <= 1)  // the crossing
        #expect(maxChannelDifference(bitmap.pixel(x: 30, y: 30), rgba(255, 128, 128)) <= 1)
        #expect(maxChannelDifference(bitmap.pixel(x: 90, y: 10), rgba(255, 128, 128)) <= 1)  // the join
    }

    @Test func maskedCornersRoundOnlyTheChosenCorners() throws {
        let root = canvas()
        let card = square(root.bounds, red)
        card.cornerRadius = 30
        card.maskedCorners = [.layerMinXMinYCorner]
        root.addSublayer(card)
        let bitmap = try render(root)
        #expect(bitmap.pixel(x: 2, y: 2) == rgba(255, 255, 255))   // top-left: rounded away
        #expect(bitmap.pixel(x: 97, y: 2) == rgba(255, 0, 0))      // top-right: square
        #expect(bitmap.pixel(x: 2, y: 97) == rgba(255, 0, 0))
        #expect(bitmap.pixel(x: 97, y: 97) == rgba(255, 0, 0))
    }

    @Test func singleSidedLayersTurnedAwayAreNotDrawn() throws {
        for doubleSided in [true, false] {
            let root = canvas()
            let card = square(CGRect(x: 20, y: 20, width: 60, height: 60), red)
            card.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
            card.isDoubleSided = doubleSided
            root.addSublayer(card)
            let bitmap = try render(root)
            #expect(bitmap.pixel(x: 50, y: 50) == (doubleSided ? rgba(255, 0, 0) : rgba(255, 255, 255)))
        }
    }

    @Test func perspectiveMakesTheNearEdgeLarger() throws {
        // A square turned 60° about y under m34 = -1/200: the edge that comes towards the viewer (x > 50,
        // the right one when turning by +60° in Core Animation's convention) is drawn taller than the far one.
        let root = canvas()
        var perspective = CATransform3DIdentity
        perspective.m34 = -1.0 / 200
        root.sublayerTransform = perspective
        let card = square(CGRect(x: 20, y: 20, width: 60, height: 60), red)
        card.transform = CATransform3DMakeRotation(.pi / 3, 0, 1, 0)
        root.addSublayer(card)
        let bitmap = try render(root)
        func height(atX x: Int) -> Int { (0..<100).filter { bitmap.pixel(x: x, y: $0) == rgba(255, 0, 0) }.count }
        let left = height(atX: 40), right = height(atX: 60)
        #expect(left > 0 && right > 0)
        #expect(left != right)
        // Under perspective the half nearer the viewer is drawn taller than the 60 points it measures, the far
        // half shorter (w = 1 - z/200 > 1 for z < 0); an affine matrix lerp would keep both at 60.
        let measured = [left, right].sorted()
        #expect(measured[1] > 62 && measured[0] < 58, "heights \(measured)")
    }
}
