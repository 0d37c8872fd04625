import Foundation
import Testing
import Quartzite
import QuartziteRender
@testable import QuartziteDemos

/// The benchmark's replicator grid drawn from two nested replicators and drawn by hand (a layer, a colour
/// and a delayed animation per cell) are the same picture at every time: a copy is its sublayers at its
/// delayed time, placed by its transforms, with its tint multiplied into its colours.
@MainActor
@Suite(.serialized)
struct ReplicatorGridTests {
    @Test(arguments: [0.0, 0.37, 1.25, 10.6])
    func replicatedAndHandBuiltGridsMatch(t: Double) throws {
        let size = CGSize(width: 320, height: 192)
        let pictures = try [ReplicatorGrid.replicated(size: size), ReplicatorGrid.handBuilt(size: size)].map { grid in
            let root = MediaClock.performFrozen(at: 0) { () -> CALayer in
                let root = CALayer()
                root.frame = CGRect(origin: .zero, size: size)
                root.backgroundColor = .black
                root.addSublayer(grid)
                CATransaction.flush()
                return root
            }
            let renderer = try HeadlessRenderer(size: size)
            defer { renderer.close() }
            return try renderer.render(root, at: t)
        }
        let (columns, rows) = ReplicatorGrid.dimensions(of: size)
        #expect(columns == 10 && rows == 6)
        // Colours are multiplied in floats either way and rounded once: at most one level apart.
        let largest = zip(pictures[0].rgba, pictures[1].rgba).map { abs(Int($0) - Int($1)) }.max() ?? 255
        #expect(largest <= 1, "t = \(t): largest difference \(largest)")
        // Not an empty picture: the first square's centre shows its colour.
        #expect(pictures[0].pixel(x: 16, y: 16) != SIMD4(0, 0, 0, 255))
    }
}
