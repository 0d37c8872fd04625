import Foundation
import Testing
import Quartzite
@testable import QuartziteRender

/// The frame's budget of mesh indices (`Compositor.maximumFrameIndices`). The replicator fuzz (seed 20250615,
/// case 163: fifteen copies of a shape whose stroke of 1e19-point arcs and curves tessellates to millions
/// of indices) held gigabytes in one display list before a mesh that would pass the budget was left out.
@MainActor
@Suite(.serialized)
struct FrameBudgetRegressionTests {
    /// A mesh of `triangles` triangles (their indices are what the budget counts).
    func mesh(triangles: Int) -> TriangleMesh {
        var mesh = TriangleMesh()
        mesh.positions = [SIMD2(0, 0), SIMD2(1, 0), SIMD2(0, 1)]
        mesh.indices = [UInt32](repeating: 0, count: triangles * 3)
        return mesh
    }

    @Test func fuzzingReplicatorCase20250615_163_copiesOfAHugeMeshStayWithinTheFrameBudget() {
        let compositor = Compositor(canvasSize: CGSize(width: 10, height: 10), contentScale: 1)
        var list = DisplayList()
        let big = mesh(triangles: 1_000_000)
        #expect(compositor.hasRoom(for: big, in: list))
        // Copies keep coming; the frame takes them only while their indices fit.
        var taken = 0
        for _ in 0..<15 where compositor.hasRoom(for: big, in: list) {
            list.indices.append(contentsOf: big.indices)
            taken += 1
        }
        #expect(taken == Compositor.maximumFrameIndices / big.indices.count)
        #expect(list.indices.count <= Compositor.maximumFrameIndices)
        #expect(Diagnostics.messages.contains { $0.contains("\(Compositor.maximumFrameIndices) indices") })
        // A small mesh still fits in what is left.
        #expect(compositor.hasRoom(for: mesh(triangles: 10), in: list))
    }
}
