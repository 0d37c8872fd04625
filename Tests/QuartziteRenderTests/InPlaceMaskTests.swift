import Foundation
import Testing
import Quartzite
@testable import QuartziteRender

/// A mask that is one upright rectangle, rounded or not, scales the masked content's group in place
/// (`InPlaceMask`): one group, no second group for the mask, and the pixels of source-over blending with
/// the mask's coverage, worked out by hand, or of the general alpha mask within a level.
@MainActor
@Suite(.serialized)
struct InPlaceMaskTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    /// A 100 x 100 white canvas with a red square over all of it, masked by `mask`.
    func scene(_ mask: CALayer) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        let content = CALayer()
        content.frame = root.bounds
        content.backgroundColor = red
        content.mask = mask
        root.addSublayer(content)
        return root
    }

    func maskLayer(_ frame: CGRect, cornerRadius: CGFloat = 0) -> CALayer {
        let mask = CALayer()
        mask.frame = frame
        mask.backgroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
        mask.cornerRadius = cornerRadius
        return mask
    }

    func commands(_ root: CALayer) -> [DisplayCommand] {
        let compositor = Compositor(canvasSize: root.bounds.size, contentScale: 1)
        compositor.coverageAntialiasing = true
        return compositor.build(Evaluator.presentationTree(of: root, at: 0)).commands
    }

    func render(_ root: CALayer) throws -> Bitmap {
        let renderer = try HeadlessRenderer(size: root.bounds.size)
        defer { renderer.close() }
        return try renderer.render(root, at: 0)
    }

    func count(_ commands: [DisplayCommand], _ isIt: (DisplayCommand) -> Bool) -> Int { commands.filter(isIt).count }

    /// A mask from x 10.5 to 50.5 (y 20 to 60): one group and one in-place mask; red inside, white outside,
    /// and the two half-covered columns half red over white, (255, 127.5, 127.5).
    @Test func aRectangleMaskScalesTheContentByItsCoverage() throws {
        let root = scene(maskLayer(CGRect(x: 10.5, y: 20, width: 40, height: 40)))
        let drawn = commands(root)
        #expect(count(drawn) { if case .beginGroup = $0 { true } else { false } } == 1)
        #expect(count(drawn) { if case .maskRoundedRects = $0 { true } else { false } } == 1)
        let b = try render(root)
        #expect(b.pixel(x: 30, y: 40) == SIMD4(255, 0, 0, 255))
        for (x, y) in [(5, 40), (30, 10), (30, 65), (55, 40), (95, 95)] {
            #expect(b.pixel(x: x, y: y) == SIMD4(255, 255, 255, 255), "(\(x), \(y))")
        }
        for x in [10, 50] {
            let p = try #require(b.pixel(x: x, y: 40))
            #expect(p.x == 255 && abs(Int(p.y) - 128) <= 1 && abs(Int(p.z) - 128) <= 1, "column \(x): \(p)")
        }
    }

    /// The mask's opacity and colour alpha scale it: a mask at opacity 0.5 leaves half red over white.
    @Test func theMasksOpacityScalesTheContent() throws {
        let mask = maskLayer(CGRect(x: 20, y: 20, width: 60, height: 60))
        mask.opacity = 0.5
        let p = try #require(try render(scene(mask)).pixel(x: 50, y: 50))
        #expect(p.x == 255 && abs(Int(p.y) - 128) <= 1 && abs(Int(p.z) - 128) <= 1, "\(p)")
    }

    /// A circle (a square mask rounded by half its side) against the general alpha mask of the same circle
    /// (forced by a sublayer that draws nothing): every pixel within a level, and at least one pixel on the
    /// rim partly covered.
    @Test func aCircleMaskMatchesTheGeneralAlphaMask() throws {
        let circle = maskLayer(CGRect(x: 12.3, y: 17.8, width: 70, height: 70), cornerRadius: 35)
        let general = maskLayer(CGRect(x: 12.3, y: 17.8, width: 70, height: 70), cornerRadius: 35)
        general.addSublayer(CALayer())
        let inPlaceScene = scene(circle), generalScene = scene(general)
        #expect(count(commands(generalScene)) { if case .maskRoundedRects = $0 { true } else { false } } == 0)
        let a = try render(inPlaceScene), b = try render(generalScene)
        #expect(largestDifference(a, b) <= 1)
        let rim = (0..<100 * 100).filter { i in (a.pixel(x: i % 100, y: i / 100)?.y).map { $0 > 10 && $0 < 245 } ?? false }
        #expect(rim.count > 50)
    }

    /// A turned mask keeps the general alpha mask (its box on the canvas is not its shape).
    @Test func aTurnedMaskIsAGeneralAlphaMask() {
        let mask = maskLayer(CGRect(x: 20, y: 20, width: 60, height: 60), cornerRadius: 8)
        mask.transform = CATransform3DMakeRotation(0.4, 0, 0, 1)
        let drawn = commands(scene(mask))
        #expect(count(drawn) { if case .maskRoundedRects = $0 { true } else { false } } == 0)
        #expect(count(drawn) { if case .endGroup(.maskContent) = $0 { true } else { false } } == 1)
    }

    /// masksToBounds with rounded corners is an in-place mask of the bounds: a rounded card clipping a red
    /// sublayer larger than itself shows the same pixels as the card with a red background (the same
    /// rounded shape's coverage), within a level, through one group.
    @Test func roundedMasksToBoundsClipsInPlace() throws {
        func card(clipping: Bool) -> CALayer {
            let root = CALayer()
            root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
            root.backgroundColor = .white
            let card = CALayer()
            card.frame = CGRect(x: 10.4, y: 15.7, width: 70, height: 60)
            card.cornerRadius = 14
            if clipping {
                card.masksToBounds = true
                let inside = CALayer()
                inside.frame = CGRect(x: -20, y: -20, width: 120, height: 120)
                inside.backgroundColor = red
                card.addSublayer(inside)
            } else {
                card.backgroundColor = red
            }
            root.addSublayer(card)
            return root
        }
        let drawn = commands(card(clipping: true))
        #expect(count(drawn) { if case .beginGroup = $0 { true } else { false } } == 1)
        #expect(count(drawn) { if case .maskRoundedRects = $0 { true } else { false } } == 1)
        let a = try render(card(clipping: true)), b = try render(card(clipping: false))
        #expect(largestDifference(a, b) <= 1)
        #expect(a.pixel(x: 11, y: 17) == SIMD4(255, 255, 255, 255))
        #expect(a.pixel(x: 45, y: 45) == SIMD4(255, 0, 0, 255))
    }

    /// A mask wholly off the canvas, or beside the content, leaves nothing of it: every pixel the white
    /// canvas (no pixel of content kept by a group clamped to the target).
    @Test(arguments: [CGRect(x: 150, y: 20, width: 40, height: 40), CGRect(x: -80, y: -80, width: 40, height: 40)])
    func aMaskThatMeetsNothingLeavesNothing(_ frame: CGRect) throws {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        let content = CALayer()
        content.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        content.backgroundColor = red
        content.mask = maskLayer(frame)
        root.addSublayer(content)
        let b = try render(root)
        #expect(b.rgba.allSatisfy { $0 == 255 })
        // The mask is placed in the content's space: past its right edge, it meets none of it.
        let beside = scene(maskLayer(CGRect(x: 60, y: 0, width: 30, height: 30)))
        beside.sublayers?.first?.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        #expect(try render(beside).rgba.allSatisfy { $0 == 255 })
    }
}
