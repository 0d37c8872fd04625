import Foundation
import Testing
@testable import QuartziteGeometry

/// Large fills whose slabs each cross many edges: the sweep must stay correct (and, untimed here, linear
/// per slab rather than quadratic) when thousands of edges are active at once.
@Suite struct FillScalingTests {
    /// A comb of 1,000 teeth of distinct heights: 2,000 slabs, up to 2,000 edges in each.
    @Test func combWithManyTeethHasItsExactArea() {
        let teeth = 1000
        let heights: [Double] = (0..<teeth).map { (i: Int) -> Double in
            let base = 10 + (i * 37) % 91
            return Double(base) + Double(i) / 1000
        }
        let m = CGMutablePath()
        m.move(to: CGPoint(x: 0, y: 0))
        for (i, h) in heights.enumerated() {
            let x = CGFloat(2 * i)
            m.addLine(to: CGPoint(x: x, y: -h))
            m.addLine(to: CGPoint(x: x + 1, y: -h))
            m.addLine(to: CGPoint(x: x + 1, y: 0))
            m.addLine(to: CGPoint(x: x + 2, y: 0))
        }
        m.addLine(to: CGPoint(x: CGFloat(2 * teeth), y: 10))
        m.addLine(to: CGPoint(x: 0, y: 10))
        m.closeSubpath()
        // Base 2T x 10 plus each tooth's 1 x height.
        let exact = Double(2 * teeth) * 10 + heights.reduce(0, +)
        for rule in [CGPathFillRule.winding, .evenOdd] {
            let mesh = m.fillMesh(rule: rule)
            #expect(abs(mesh.area - exact) / exact < 1e-6, "\(rule): \(mesh.area) vs \(exact)")
            #expect(isWellFormed(mesh))
        }
    }
}
