import Foundation
import Testing
import Quartzite
@testable import QuartziteRender

/// A translucent layer whose parts cannot meet is drawn without its offscreen group (`partsMayOverlap`), with
/// the pixels group opacity gives: where no two parts overlap, compositing them as one picture and drawing
/// each at the opacity are the same sum. Parts that come within two pixels, or cannot be bounded, keep it.
@MainActor
@Suite(.serialized)
struct DisjointPartsTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)

    func square(_ frame: CGRect) -> CALayer {
        let l = CALayer()
        l.frame = frame
        l.backgroundColor = red
        return l
    }

    /// A half-opaque layer over a white 100 x 100 canvas holding `parts`.
    func scene(_ parts: [CALayer], transform: CATransform3D = CATransform3DIdentity) -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        let group = CALayer()
        group.frame = root.bounds
        group.opacity = 0.5
        group.transform = transform
        for part in parts { group.addSublayer(part) }
        root.addSublayer(group)
        return root
    }

    func isGrouped(_ root: CALayer) -> Bool {
        let compositor = Compositor(canvasSize: root.bounds.size, contentScale: 1)
        compositor.coverageAntialiasing = true
        return compositor.build(Evaluator.presentationTree(of: root, at: 0)).commands
            .contains { if case .beginGroup = $0 { true } else { false } }
    }

    /// Two squares 20 points apart: no group, and each is half red over white, (255, 127.5, 127.5).
    @Test func partsFarApartAreDrawnWithoutAGroup() throws {
        let root = scene([square(CGRect(x: 10, y: 10, width: 30, height: 30)), square(CGRect(x: 60, y: 10, width: 30, height: 30))])
        #expect(!isGrouped(root))
        let renderer = try HeadlessRenderer(size: root.bounds.size)
        defer { renderer.close() }
        let bitmap = try renderer.render(root, at: 0)
        for (x, y) in [(25, 25), (75, 25)] {
            let p = try #require(bitmap.pixel(x: x, y: y))
            #expect(p.x == 255 && abs(Int(p.y) - 128) <= 1 && abs(Int(p.z) - 128) <= 1, "(\(x), \(y)): \(p)")
        }
        #expect(bitmap.pixel(x: 50, y: 25) == SIMD4(255, 255, 255, 255))
    }

    /// Squares overlapping, touching, or a pixel apart may shade one pixel from both sides: grouped.
    @Test(arguments: [30.0, 40.0, 41.0])
    func partsCloserThanTwoPixelsKeepTheGroup(_ secondX: Double) {
        let root = scene([square(CGRect(x: 10, y: 10, width: 30, height: 30)),
                          square(CGRect(x: secondX, y: 10, width: 30, height: 30))])
        #expect(isGrouped(root))
    }

    /// The layer's own background is a part too: a sublayer inside its bounds overlaps it; a layer with two
    /// parts of its own (background and border) always overlaps itself.
    @Test func aSublayerOverTheLayersOwnBackgroundKeepsTheGroup() {
        let root = scene([square(CGRect(x: 10, y: 10, width: 30, height: 30))])
        root.sublayers?.first?.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        #expect(isGrouped(root))
    }

    /// Under a turn the parts' boxes are measured on the canvas: two squares side by side, three points apart,
    /// are drawn without a group upright; turned by 45 degrees their boxes on the canvas overlap (though the
    /// squares stay apart), and the group is kept.
    @Test func boxesAreMeasuredWhereTheyLandOnTheCanvas() {
        func parts() -> [CALayer] {
            [square(CGRect(x: 20, y: 35, width: 30, height: 30)), square(CGRect(x: 53, y: 35, width: 30, height: 30))]
        }
        #expect(!isGrouped(scene(parts())))
        #expect(isGrouped(scene(parts(), transform: CATransform3DMakeRotation(.pi / 4, 0, 0, 1))))
    }

    /// Seed 001's centre tile: a dot between two words of a wide label. The label's bounds cover the dot, its
    /// glyphs do not: no group. The dot under a glyph: grouped.
    @Test func aDotBetweenTwoWordsOfALabelNeedsNoGroup() {
        func tile(dotX: CGFloat) -> CALayer {
            let label = CATextLayer()
            label.frame = CGRect(x: 0, y: 30, width: 100, height: 40)
            label.string = "F        R"
            label.fontSize = 30
            label.alignmentMode = .center
            label.foregroundColor = CGColor(red: 1, green: 1, blue: 1, alpha: 1)
            let dot = square(CGRect(x: dotX, y: 46, width: 8, height: 8))
            dot.cornerRadius = 4
            return scene([dot, label])
        }
        #expect(!isGrouped(tile(dotX: 46)))
        #expect(isGrouped(tile(dotX: 0)))
    }

    /// A blue card holding a red square: two parts over each other.
    func card(_ frame: CGRect) -> CALayer {
        let card = CALayer()
        card.frame = frame
        card.backgroundColor = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        card.addSublayer(square(CGRect(x: 5, y: 5, width: 20, height: 20)))
        return card
    }

    /// Sublayers of several parts, far apart from each other, still overlap within themselves: grouped, and
    /// the red square over its card is half red over white (255, 127.5, 127.5), not half red over half blue
    /// (191, 64, 128). One such sublayer alone is grouped too (iOS's group opacity covers the whole subtree).
    @Test(arguments: [2, 1])
    func sublayersOfSeveralPartsKeepTheGroup(_ cards: Int) throws {
        let parts = [card(CGRect(x: 5, y: 5, width: 35, height: 35)), card(CGRect(x: 60, y: 5, width: 35, height: 35))]
        let root = scene(Array(parts.prefix(cards)))
        #expect(isGrouped(root))
        let renderer = try HeadlessRenderer(size: root.bounds.size)
        defer { renderer.close() }
        let p = try #require(try renderer.render(root, at: 0).pixel(x: 20, y: 20))
        #expect(p.x == 255 && abs(Int(p.y) - 128) <= 1 && abs(Int(p.z) - 128) <= 1, "\(p)")
    }

    /// A sublayer casting a shadow draws the shadow and then itself over it: grouped, so the shadow does not
    /// show through the half-transparent square.
    @Test func aSublayerWithAShadowKeepsTheGroup() throws {
        let shadowed = square(CGRect(x: 10, y: 10, width: 30, height: 30))
        shadowed.shadowOpacity = 1
        shadowed.shadowOffset = CGSize(width: 0, height: 0)
        shadowed.shadowRadius = 3
        let root = scene([shadowed, square(CGRect(x: 70, y: 10, width: 20, height: 20))])
        #expect(isGrouped(root))
        let renderer = try HeadlessRenderer(size: root.bounds.size)
        defer { renderer.close() }
        let p = try #require(try renderer.render(root, at: 0).pixel(x: 25, y: 25))
        #expect(p.x == 255 && abs(Int(p.y) - 128) <= 1 && abs(Int(p.z) - 128) <= 1, "\(p)")
    }

    /// A sublayer whose opacity is not a number is drawn (at 1), so it counts as a part.
    @Test func aSublayerOfNaNOpacityCounts() {
        let odd = square(CGRect(x: 30, y: 30, width: 30, height: 30))
        odd.opacity = .nan
        #expect(isGrouped(scene([square(CGRect(x: 10, y: 10, width: 30, height: 30)), odd])))
    }
}
