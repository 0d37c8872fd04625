import Foundation
import Testing
import Quartzite
import QuartziteRender

/// Batched draws must show what one draw per layer shows: fills of many colours and matrices in one draw,
/// and translucent strokes in one draw that still blend once within a stroke and once per stroke over each
/// other (the depth order), in painter's order with the fills around them.
@MainActor
@Suite(.serialized)
struct BatchingTests {
    func render(_ root: CALayer, batched: Bool) throws -> Bitmap {
        let renderer = try HeadlessRenderer(size: CGSize(width: 100, height: 100))
        defer { renderer.close() }
        renderer.batchesFills = batched
        return try renderer.render(root, at: 0)
    }

    /// A white canvas; two translucent strokes crossing at (50, 50), each crossing itself too; a rotated
    /// opaque tile between them, and a translucent tile on top.
    func scene() -> CALayer {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        root.backgroundColor = .white
        func stroke(_ points: [CGPoint], _ color: CGColor) -> CAShapeLayer {
            let s = CAShapeLayer()
            s.frame = root.bounds
            let path = CGMutablePath()
            path.addLines(between: points)
            s.path = path
            s.fillColor = nil
            s.strokeColor = color
            s.lineWidth = 10
            s.lineJoin = .round
            s.lineCap = .round
            return s
        }
        root.addSublayer(stroke([CGPoint(x: 10, y: 50), CGPoint(x: 90, y: 50), CGPoint(x: 70, y: 30), CGPoint(x: 70, y: 70)],
                                CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)))
        let tile = CALayer()
        tile.frame = CGRect(x: 5, y: 5, width: 20, height: 20)
        tile.backgroundColor = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
        tile.transform = CATransform3DMakeRotation(.pi / 4, 0, 0, 1)
        root.addSublayer(tile)
        root.addSublayer(stroke([CGPoint(x: 50, y: 10), CGPoint(x: 50, y: 90)], CGColor(red: 0, green: 0, blue: 1, alpha: 0.5)))
        let glass = CALayer()
        glass.frame = CGRect(x: 60, y: 80, width: 30, height: 15)
        glass.backgroundColor = CGColor(red: 0, green: 0, blue: 0, alpha: 0.25)
        glass.cornerRadius = 4
        root.addSublayer(glass)
        return root
    }

    @Test func batchedDrawsMatchOneDrawPerLayer() throws {
        let batched = try render(scene(), batched: true)
        let single = try render(scene(), batched: false)
        // The second stroke blends over the first where they cross: white, then half red, then half blue.
        #expect(maxChannelDifference(batched.pixel(x: 50, y: 50), rgba(128, 64, 191)) <= 2)
        // The first stroke blends once where it crosses itself (at (70, 50)).
        #expect(maxChannelDifference(batched.pixel(x: 70, y: 50), rgba(255, 128, 128)) <= 1)
        #expect(maxChannelDifference(batched.pixel(x: 15, y: 15), rgba(0, 255, 0)) <= 1)
        #expect(maxChannelDifference(batched.pixel(x: 75, y: 88), rgba(191, 191, 191)) <= 1)
        var worst = 0, differing = 0
        for y in 0..<100 {
            for x in 0..<100 {
                guard let a = batched.pixel(x: x, y: y), let b = single.pixel(x: x, y: y) else { continue }
                let d = maxChannelDifference(a, b)
                worst = max(worst, d)
                if d > 2 { differing += 1 }
            }
        }
        // Only edge samples may differ (vertices placed on the CPU round differently from the GPU's matrix).
        #expect(differing <= 40, "\(differing) pixels differ by more than 2/255 (worst \(worst))")
        if differing > 40 { keepForInspection(batched, "batched") }
    }
}
