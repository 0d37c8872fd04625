import Foundation
import Testing
import Quartzite
@testable import QuartziteRender

/// A headless renderer leaves its depth and stencil uncleared between frames while the last frame left them
/// usable: every clip it pushed popped (the stencil back to 0), and its depth values farther than all of this
/// frame's (GLBackend `keepsDepthStencil`). Every frame must equal the same frame drawn with both cleared,
/// including the frames after those that clipped through the stencil (a later clip would go wrong on a
/// stencil not back to 0) and the frame whose depth values no longer fit.
@MainActor
@Suite(.serialized)
struct KeptDepthStencilTests {
    static let canvas = CGSize(width: 80, height: 80)

    /// Translucent even-odd pentagrams (five tips round a hole: no fan, so each is a fringed mesh drawn once
    /// per pixel at its own depth) inside a container that clips in some frames.
    func scene(count: Int) -> (root: CALayer, clip: CALayer, stars: [CAShapeLayer]) {
        let root = CALayer()
        root.frame = CGRect(origin: .zero, size: Self.canvas)
        root.backgroundColor = .white
        let clip = CALayer()
        clip.frame = CGRect(x: 6, y: 6, width: 68, height: 68)
        root.addSublayer(clip)
        var state: UInt64 = 7
        // A fixed sequence (Knuth's MMIX LCG, top bits), so every run draws the same scene.
        func unit() -> CGFloat {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return CGFloat(state >> 11) * 0x1.0p-53
        }
        var stars: [CAShapeLayer] = []
        for _ in 0..<count {
            let r = 5 + 9 * unit()
            let star = CAShapeLayer()
            star.frame = CGRect(x: -r + 74 * unit(), y: -r + 74 * unit(), width: 2 * r, height: 2 * r)
            star.path = CairoComparisonTests.star(CGPoint(x: r, y: r), r)
            star.fillColor = CGColor(red: unit(), green: unit(), blue: unit(), alpha: 0.7)
            star.fillRule = .evenOdd
            clip.addSublayer(star)
            stars.append(star)
        }
        return (root, clip, stars)
    }

    func pose(_ s: (root: CALayer, clip: CALayer, stars: [CAShapeLayer]), frame f: Int) {
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for (i, star) in s.stars.enumerated() {
            star.transform = CATransform3DMakeRotation(CGFloat(f) * 0.05 * CGFloat(i % 7 - 3), 0, 0, 1)
        }
        // Some frames clip: with rounded corners (an alpha mask, a group of its own) or square (the stencil).
        s.clip.masksToBounds = f % 9 == 4 || f % 9 == 7
        s.clip.cornerRadius = f % 9 == 4 ? 14 : 0
        CATransaction.commit()
    }

    @Test func framesEqualThoseDrawnWithDepthAndStencilCleared() throws {
        let s = scene(count: 2_600)
        // The premise: each frame takes a depth value per star, so 26 frames need more than one clear gives.
        let compositor = Compositor(canvasSize: Self.canvas, contentScale: 1)
        compositor.coverageAntialiasing = true
        pose(s, frame: 0)
        let depths = compositor.build(Evaluator.presentationTree(of: s.root, at: 0)).onceStrokes
        #expect(depths >= 2_600)
        let frames = DisplayList.strokesPerFrame / max(depths, 1) + 3
        try #require(frames <= 30)

        let keeping = try HeadlessRenderer(size: Self.canvas)
        defer { keeping.close() }
        let clearing = try HeadlessRenderer(size: Self.canvas)
        defer { clearing.close() }
        clearing.keepsDepthStencil = false
        #expect(keeping.keepsDepthStencil)
        var differing: [Int] = []
        for f in 0..<frames {
            pose(s, frame: f)
            let t = Double(f) / 60
            if try keeping.render(s.root, at: t) != clearing.render(s.root, at: t) { differing.append(f) }
        }
        #expect(differing.isEmpty, "frames that differ from those drawn with depth and stencil cleared: \(differing)")
    }
}
