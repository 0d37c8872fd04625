import Foundation
import Testing
import QuartziteGeometry

/// `orderBoundaryIntoLoops`: the outline's pieces run loop by loop, each joined end to start, the same pieces
/// as before (the renderer mitres the fringe's corners by looking next door).
@Suite struct BoundaryLoopsTests {
    /// Splits the ordered pieces into runs joined end to start, each ending where it closes (as the renderer
    /// reads them); nil unless every run closes on its first piece.
    func closedLoops(_ pieces: [SIMD4<Float>]) -> [[SIMD4<Float>]]? {
        var loops: [[SIMD4<Float>]] = []
        var run: [SIMD4<Float>] = []
        for p in pieces {
            if let first = run.first, let last = run.last {
                let closes = last.z == first.x && last.w == first.y
                if closes {
                    loops.append(run)
                    run = []
                } else if last.z != p.x || last.w != p.y {
                    return nil
                }
            }
            run.append(p)
        }
        guard let first = run.first, let last = run.last, last.z == first.x, last.w == first.y else { return nil }
        loops.append(run)
        return loops
    }

    func sorted(_ pieces: [SIMD4<Float>]) -> [SIMD4<Float>] {
        pieces.sorted { ($0.x, $0.y, $0.z, $0.w) < ($1.x, $1.y, $1.z, $1.w) }
    }

    @Test func aRingsOutlineIsTwoClosedLoops() throws {
        let ring = CGMutablePath()
        ring.addEllipse(in: CGRect(x: 0, y: 0, width: 80, height: 80))
        ring.addEllipse(in: CGRect(x: 20, y: 20, width: 40, height: 40))
        let mesh = ring.fillMesh(rule: .evenOdd)
        let loops = try #require(closedLoops(mesh.boundary))
        #expect(loops.count == 2)
        // The outer loop encloses the outer circle's polygon, the inner one runs the other way round the hole.
        let areas = loops.map { $0.reduce(0.0) { $0 + (Double($1.x) * Double($1.w) - Double($1.z) * Double($1.y)) / 2 } }.sorted()
        #expect(areas[0] < 0 && areas[1] > 0)
        #expect(abs(areas[0] + areas[1] - mesh.area) < 1e-3 * mesh.area)
    }

    /// A stroke's union outline (the zigzag's miter joins, seen from both sides) is one loop; ordering keeps
    /// every piece.
    @Test func orderingKeepsEveryPiece() throws {
        let zigzag = CGMutablePath()
        zigzag.move(to: CGPoint(x: 14, y: 100))
        zigzag.addLine(to: CGPoint(x: 40, y: 30))
        zigzag.addLine(to: CGPoint(x: 64, y: 96))
        zigzag.addLine(to: CGPoint(x: 88, y: 24))
        let mesh = zigzag.strokeCoverageMesh(StrokeStyle(lineWidth: 10, lineCap: .butt, lineJoin: .miter))
        let loops = try #require(closedLoops(mesh.boundary))
        #expect(loops.count == 1)
        var shuffled = mesh
        shuffled.boundary = mesh.boundary.reversed()
        shuffled.orderBoundaryIntoLoops()
        #expect(sorted(shuffled.boundary) == sorted(mesh.boundary))
        #expect(closedLoops(shuffled.boundary)?.count == 1)
    }

    /// Two squares touching at a corner (two pieces start at the shared point, in either order): each square
    /// is followed round on its own, so no corner joins one square's piece to the other's.
    @Test(arguments: [false, true])
    func loopsTouchingAtACornerStaySeparate(_ reversed: Bool) throws {
        var mesh = TriangleMesh()
        let a: [SIMD4<Float>] = [SIMD4(0, 0, 10, 0), SIMD4(10, 0, 10, 10), SIMD4(10, 10, 0, 10), SIMD4(0, 10, 0, 0)]
        let b: [SIMD4<Float>] = [SIMD4(10, 10, 20, 10), SIMD4(20, 10, 20, 20), SIMD4(20, 20, 10, 20), SIMD4(10, 20, 10, 10)]
        let mixed = [a[2], b[0], a[0], b[3], a[3], b[1], a[1], b[2]]
        mesh.boundary = reversed ? mixed.reversed() : mixed
        mesh.orderBoundaryIntoLoops()
        #expect(sorted(mesh.boundary) == sorted(a + b))
        let loops = try #require(closedLoops(mesh.boundary))
        #expect(loops.count == 2)
        for loop in loops { #expect(sorted(loop) == sorted(a) || sorted(loop) == sorted(b)) }
    }
}
