import Foundation
import Testing
import Quartzite
@testable import QuartziteRender

/// A layer under a mask that strokes one circular arc is drawn into one group and composited through the
/// arc (`ArcMask`): one group instead of two, and the pixels of the general alpha mask within a level, the
/// content's colour on the ring, nothing off it.
@MainActor
@Suite(.serialized)
struct ArcMaskTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

    /// A ring of radius 30 and line width 10 round (50, 50), butt caps, from the top clockwise to `end`.
    func ring(end: CGFloat = 1, alpha: CGFloat = 1) -> CAShapeLayer {
        let mask = CAShapeLayer()
        mask.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 50, y: 50), radius: 30, startAngle: -.pi / 2, endAngle: 1.5 * .pi, clockwise: false)
        mask.path = path
        mask.fillColor = nil
        mask.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: alpha)
        mask.lineWidth = 10
        mask.strokeEnd = end
        return mask
    }

    /// A white 100 x 100 canvas; a container with `parts` (frames and colours) masked by `mask`.
    func scene(_ parts: [(CGRect, CGColor)], mask: CALayer, scale: CGFloat = 1) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        let container = CALayer()
        container.frame = root.bounds
        for (frame, color) in parts {
            let part = CALayer()
            part.frame = frame
            part.backgroundColor = color
            container.addSublayer(part)
        }
        container.mask = mask
        root.addSublayer(container)
        return root
    }

    /// Seed 003's layout: two halves side by side.
    var halves: [(CGRect, CGColor)] {
        [(CGRect(x: 0, y: 0, width: 50, height: 100), red), (CGRect(x: 50, y: 0, width: 50, height: 100), blue)]
    }

    func groups(_ root: CALayer, throughArc: Bool) -> (begun: Int, throughArc: Int) {
        let compositor = Compositor(canvasSize: root.bounds.size, contentScale: 1)
        compositor.coverageAntialiasing = true
        compositor.drawsThroughArcMasks = throughArc
        let commands = compositor.build(Evaluator.presentationTree(of: root, at: 0)).commands
        let begun = commands.filter { if case .beginGroup = $0 { true } else { false } }.count
        let through = commands.filter { if case .endGroup(.throughArc) = $0 { true } else { false } }.count
        return (begun, through)
    }

    func render(_ root: CALayer, throughArc: Bool, scale: CGFloat = 1) throws -> Bitmap {
        let renderer = try HeadlessRenderer(size: root.bounds.size, scale: scale)
        defer { renderer.close() }
        renderer.drawsThroughArcMasks = throughArc
        return try renderer.render(root, at: 0)
    }

    /// Every pixel of the two within a level; how many differ at all, and how many are partly covered
    /// (neither the content's nor white) in `a`.
    func compare(_ a: Bitmap, _ b: Bitmap) -> (worst: Int, partial: Int) {
        var worst = 0, partial = 0
        for y in 0..<a.height {
            for x in 0..<a.width {
                guard let p = a.pixel(x: x, y: y), let q = b.pixel(x: x, y: y) else { continue }
                worst = max(worst, Int((SIMD4<Int>(truncatingIfNeeded: p) &- SIMD4<Int>(truncatingIfNeeded: q)).magnitudeMax))
                if p != SIMD4(255, 255, 255, 255), p != SIMD4(255, 0, 0, 255), p != SIMD4(0, 0, 255, 255) { partial += 1 }
            }
        }
        return (worst, partial)
    }

    @Test func oneGroupInsteadOfTwo() {
        let root = scene(halves, mask: ring(end: 0.6))
        #expect(groups(root, throughArc: true) == (1, 1))
        #expect(groups(root, throughArc: false) == (2, 0))
    }

    /// The ring over two halves, three quarters drawn, against the general alpha mask: within a level
    /// everywhere, with the ring's antialiased edges in between; red and blue on the ring, white off it.
    @Test func theRingMatchesTheGeneralAlphaMask() throws {
        let through = try render(scene(halves, mask: ring(end: 0.75)), throughArc: true)
        let general = try render(scene(halves, mask: ring(end: 0.75)), throughArc: false)
        let (worst, partial) = compare(through, general)
        #expect(worst <= 1)
        #expect(partial > 50)
        // On the ring: blue on the right half (x 80, y 50), red on the left half's drawn part (35, 75).
        #expect(through.pixel(x: 80, y: 50) == SIMD4(0, 0, 255, 255))
        #expect(through.pixel(x: 35, y: 75) == SIMD4(255, 0, 0, 255))
        // Off the ring: the centre, a corner, and the last quarter the stroke has not reached (top left).
        for (x, y) in [(50, 50), (3, 3), (96, 96), (25, 30)] {
            #expect(through.pixel(x: x, y: y) == SIMD4(255, 255, 255, 255), "(\(x), \(y))")
        }
    }

    /// Content smaller than the ring: the ring shows the content where both are and white elsewhere, not the
    /// edge of the content's group stretched along the ring.
    @Test func theRingPastTheContentShowsNothing() throws {
        let square: [(CGRect, CGColor)] = [(CGRect(x: 40, y: 10, width: 20, height: 20), red)]
        let through = try render(scene(square, mask: ring()), throughArc: true)
        let general = try render(scene(square, mask: ring()), throughArc: false)
        #expect(compare(through, general).worst <= 1)
        #expect(through.pixel(x: 50, y: 20) == SIMD4(255, 0, 0, 255))
        for (x, y) in [(80, 50), (50, 80), (20, 50), (66, 24)] {
            #expect(through.pixel(x: x, y: y) == SIMD4(255, 255, 255, 255), "(\(x), \(y))")
        }
    }

    /// The mask's opacity and its stroke's alpha scale the content: 0.5 x 0.5 leaves a quarter of red over
    /// white on the ring, (255, 191.25, 191.25).
    @Test func theMasksAlphaScalesTheContent() throws {
        let mask = ring(alpha: 0.5)
        mask.opacity = 0.5
        let p = try #require(try render(scene(halves, mask: mask), throughArc: true).pixel(x: 20, y: 50))
        #expect(p.x == 255 && abs(Int(p.y) - 191) <= 1 && abs(Int(p.z) - 191) <= 1, "\(p)")
    }

    /// At two pixels a point the ring lands on the same places, twice as large: within a level of the
    /// general alpha mask.
    @Test func atTwoPixelsAPointTheRingMatches() throws {
        let through = try render(scene(halves, mask: ring(end: 0.4)), throughArc: true, scale: 2)
        let general = try render(scene(halves, mask: ring(end: 0.4)), throughArc: false, scale: 2)
        #expect(through.width == 200)
        let (worst, partial) = compare(through, general)
        #expect(worst <= 1)
        #expect(partial > 100)
    }
}

/// Masks the arc path refuses, or that show nothing: the general alpha mask applies, with its own rules.
@MainActor
@Suite(.serialized)
struct ArcMaskRefusalTests {
    let shapes = ArcMaskTests()

    /// A mask that clips its stroke to its bounds: the ring (radius 38, 10 wide, round (40, 40) of an 80 x 80
    /// mask at (10, 10)) reaches 3 points past them; the part outside is cut, as the general path cuts it.
    @Test func aMaskClippedToItsBoundsCutsTheRing() throws {
        let mask = CAShapeLayer()
        mask.frame = CGRect(x: 10, y: 10, width: 80, height: 80)
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 40, y: 40), radius: 38, startAngle: 0, endAngle: 2 * .pi, clockwise: false)
        mask.path = path
        mask.fillColor = nil
        mask.strokeColor = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
        mask.lineWidth = 10
        mask.masksToBounds = true
        let root = shapes.scene(shapes.halves, mask: mask)
        #expect(shapes.groups(root, throughArc: true).throughArc == 0)
        let b = try shapes.render(root, throughArc: true)
        // On the ring inside the bounds (mask 35, 4): red; on it outside them (mask 35, -2): white.
        #expect(b.pixel(x: 45, y: 14) == SIMD4(255, 0, 0, 255))
        #expect(b.pixel(x: 45, y: 8) == SIMD4(255, 255, 255, 255))
    }

    /// A single-sided mask turned away (half a turn about y) is culled: nothing of the layer shows.
    @Test func aMaskTurnedAwayShowsNothing() throws {
        let mask = shapes.ring()
        mask.isDoubleSided = false
        mask.transform = CATransform3DMakeRotation(.pi, 0, 1, 0)
        let root = shapes.scene(shapes.halves, mask: mask)
        #expect(shapes.groups(root, throughArc: true).throughArc == 0)
        let b = try shapes.render(root, throughArc: true)
        for (x, y) in [(20, 50), (80, 50), (50, 20), (50, 80)] {
            #expect(b.pixel(x: x, y: y) == SIMD4(255, 255, 255, 255), "(\(x), \(y))")
        }
    }

    /// A mask at opacity 0 shows nothing, and costs no group.
    @Test func aMaskOfNoAlphaShowsNothingAndNeedsNoGroup() throws {
        let mask = shapes.ring()
        mask.opacity = 0
        let root = shapes.scene(shapes.halves, mask: mask)
        #expect(shapes.groups(root, throughArc: true) == (0, 0))
        #expect(try shapes.render(root, throughArc: true).pixel(x: 20, y: 50) == SIMD4(255, 255, 255, 255))
    }

    /// Trims past the end (1.5 to 2) meet once clamped: the ring strokes nothing and nothing of the layer
    /// shows, round caps and all.
    @Test func trimsThatMeetOnceClampedShowNothing() throws {
        let mask = shapes.ring()
        mask.lineCap = .round
        mask.strokeStart = 1.5
        mask.strokeEnd = 2
        let root = shapes.scene(shapes.halves, mask: mask)
        #expect(shapes.groups(root, throughArc: true).throughArc == 0)
        let b = try shapes.render(root, throughArc: true)
        for (x, y) in [(50, 20), (80, 50), (50, 80), (20, 50)] {
            #expect(b.pixel(x: x, y: y) == SIMD4(255, 255, 255, 255), "(\(x), \(y))")
        }
    }

    /// A mask scaled unevenly is no longer a circle's stroke on screen: the general path draws it.
    @Test func anUnevenlyScaledMaskTakesTheGeneralPath() {
        let mask = shapes.ring()
        mask.transform = CATransform3DMakeScale(1, 0.5, 1)
        #expect(shapes.groups(shapes.scene(shapes.halves, mask: mask), throughArc: true) == (2, 0))
    }

    /// Group opacity on the masked layer (its two parts overlap): the group closes before the mask's, and the
    /// picture is the general path's within a level.
    @Test func groupOpacityUnderAnArcMaskMatches() throws {
        let overlapping: [(CGRect, CGColor)] = [(CGRect(x: 0, y: 0, width: 70, height: 100), shapes.red),
                                                (CGRect(x: 30, y: 0, width: 70, height: 100), shapes.blue)]
        func scene() -> CALayer {
            let root = shapes.scene(overlapping, mask: shapes.ring(end: 0.8))
            root.sublayers?.first?.opacity = 0.5
            return root
        }
        let through = try shapes.render(scene(), throughArc: true)
        let general = try shapes.render(scene(), throughArc: false)
        #expect(shapes.compare(through, general).worst <= 1)
        // Half blue over white where the parts overlap on the ring (the group is one picture): (128, 128, 255).
        let p = try #require(through.pixel(x: 50, y: 16))
        #expect(abs(Int(p.x) - 128) <= 1 && abs(Int(p.y) - 128) <= 1 && p.z == 255, "\(p)")
    }
}

extension SIMD4 where Scalar == Int {
    /// The largest absolute entry.
    fileprivate var magnitudeMax: Int { Swift.max(Swift.max(abs(x), abs(y)), Swift.max(abs(z), abs(w))) }
}
