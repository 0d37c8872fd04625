import Foundation
import Testing
import Quartzite
import QuartziteRender

/// The shader warm-up that a window runs before its first frame: it links every program that is otherwise
/// linked on first use, touches no pixel of the target and leaves no state that changes a later frame.
@MainActor
@Suite(.serialized)
struct WarmUpTests {
    /// A frame that uses many programs: a background, a gradient, a translucent round stroke (capsules), a
    /// rounded picture in a clip and a mask.
    func scene() throws -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 48, height: 32)
        root.backgroundColor = CGColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 1)
        let gradient = CAGradientLayer()
        gradient.frame = CGRect(x: 2, y: 2, width: 20, height: 12)
        gradient.colors = [CGColor(red: 1, green: 0, blue: 0, alpha: 1), CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)]
        root.addSublayer(gradient)
        let stroke = CAShapeLayer()
        let path = CGMutablePath()
        path.addLines(between: [CGPoint(x: 4, y: 28), CGPoint(x: 20, y: 18), CGPoint(x: 44, y: 26)])
        stroke.path = path
        stroke.fillColor = nil
        stroke.strokeColor = CGColor(red: 1, green: 1, blue: 0, alpha: 0.6)
        stroke.lineWidth = 3
        stroke.lineCap = .round
        stroke.lineJoin = .round
        root.addSublayer(stroke)
        let bytes = (0..<64).flatMap { i -> [UInt8] in [UInt8(i * 4), 90, UInt8(255 - i * 4), 255] }
        let picture = CALayer()
        picture.frame = CGRect(x: 26, y: 2, width: 16, height: 16)
        picture.contents = try CGImage(width: 8, height: 8, premultipliedRGBA: bytes)
        picture.cornerRadius = 5
        picture.masksToBounds = true
        let mask = CAShapeLayer()
        mask.path = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 16, height: 16), transform: nil)
        picture.mask = mask
        root.addSublayer(picture)
        return root
    }

    /// Given the time, every step runs (on a machine whose shader cache is empty that is seconds).
    @Test func warmingUpLinksEveryLazyProgram() throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 8, height: 8))
        defer { renderer.close() }
        #expect(renderer.lazyProgramsLinked < 3 * 3 * 3 + 2)
        try renderer.warmUp(budget: .infinity)
        // 3 gradient types x 3 arc modes x 3 stop classes, and the picture through a ring with each cap.
        #expect(renderer.lazyProgramsLinked == 3 * 3 * 3 + 2)
    }

    /// With no time at all, the warm-up compiles nothing: a window is never kept waiting past its budget.
    @Test func aWarmUpWithoutTimeDoesNothing() throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 8, height: 8))
        defer { renderer.close() }
        let before = renderer.lazyProgramsLinked
        try renderer.warmUp(budget: 0)
        #expect(renderer.lazyProgramsLinked == before)
    }

    @Test func aFrameAfterTheWarmUpIsTheSameAsWithout() throws {
        let cold = try HeadlessRenderer(size: CGSize(width: 48, height: 32))
        defer { cold.close() }
        let expected = try cold.render(scene(), at: 0)
        let warm = try HeadlessRenderer(size: CGSize(width: 48, height: 32))
        defer { warm.close() }
        try warm.warmUp(budget: .infinity)
        #expect(try warm.render(scene(), at: 0) == expected)
    }

    /// The renderer shows an unchanged frame without drawing it, so the second readback is of the target as
    /// the warm-up left it.
    @Test func warmingUpTouchesNoPixel() throws {
        let renderer = try HeadlessRenderer(size: CGSize(width: 48, height: 32))
        defer { renderer.close() }
        let root = try scene()
        let before = try renderer.render(root, at: 0)
        try renderer.warmUp(budget: .infinity)
        #expect(try renderer.render(root, at: 0) == before)
    }
}
