import Foundation
import Testing
@testable import QuartziteGeometry

/// Seeded random paths: no crash, no hang, no NaN, indices in range; fills never overlap.
@Suite struct FuzzTests {
    struct Rng {
        var bits: SplitMix64
        init(state: UInt64) { bits = SplitMix64(seed: state) }
        mutating func next() -> UInt64 { bits.next() }
        mutating func unit() -> Double { bits.unit() }
        mutating func coord() -> CGFloat {
            switch next() % 40 {
            case 0: return .nan
            case 1: return .infinity
            case 2: return 1e300
            case 3...6: return CGFloat(Int(unit() * 4) * 25)  // repeated values: collinear and duplicate points
            default: return CGFloat(unit() * 100)
            }
        }
        mutating func point() -> CGPoint { CGPoint(x: coord(), y: coord()) }
    }

    static func randomPath(_ rng: inout Rng) -> CGMutablePath {
        let m = CGMutablePath()
        for _ in 0..<(1 + Int(rng.next() % 10)) {
            switch rng.next() % 12 {
            case 0: m.move(to: rng.point())
            case 1, 2, 3: m.addLine(to: rng.point())
            case 4: m.addQuadCurve(to: rng.point(), control: rng.point())
            case 5: m.addCurve(to: rng.point(), control1: rng.point(), control2: rng.point())
            case 6: m.addArc(center: rng.point(), radius: rng.coord() / 2, startAngle: rng.coord(), endAngle: rng.coord(), clockwise: rng.next() % 2 == 0)
            case 7: m.addArc(tangent1End: rng.point(), tangent2End: rng.point(), radius: rng.coord() / 4)
            case 8: m.addEllipse(in: CGRect(origin: rng.point(), size: CGSize(width: rng.coord() - 50, height: rng.coord())))
            case 9: m.addRelativeArc(center: rng.point(), radius: 10, startAngle: 0, delta: rng.coord() - 50)
            case 10: m.addRoundedRect(in: CGRect(origin: rng.point(), size: CGSize(width: rng.coord(), height: rng.coord())),
                                      cornerWidth: rng.coord() / 4, cornerHeight: rng.coord() / 4)
            default: m.closeSubpath()
            }
        }
        return m
    }

    @Test func randomPathsAreSafe() {
        var rng = Rng(state: 42)
        for _ in 0..<2000 {
            let p = Self.randomPath(&rng)
            let rule: CGPathFillRule = rng.next() % 2 == 0 ? .winding : .evenOdd
            let tolerance = CGFloat(rng.unit())
            let fill = p.fillMesh(rule: rule, tolerance: tolerance)
            #expect(isWellFormed(fill) && !fill.mayOverlap)
            let style = StrokeStyle(
                lineWidth: CGFloat(rng.unit() * 20), lineCap: CGLineCap(rawValue: Int32(rng.next() % 3)) ?? .butt,
                lineJoin: CGLineJoin(rawValue: Int32(rng.next() % 3)) ?? .miter, miterLimit: CGFloat(rng.unit() * 10),
                dashPattern: rng.next() % 3 == 0 ? [CGFloat(rng.unit() * 10), CGFloat(rng.unit() * 10)] : [],
                dashPhase: rng.coord(), strokeStart: CGFloat(rng.unit()), strokeEnd: CGFloat(rng.unit() * 1.2))
            let stroke = p.strokeMesh(style)
            #expect(isWellFormed(stroke))
            let covered = p.strokeCoverageMesh(style)
            #expect(isWellFormed(covered) && covered.boundary.allSatisfy { $0.x.isFinite && $0.y.isFinite && $0.z.isFinite && $0.w.isFinite })
            #expect(fill.boundaryArea.isFinite)
            _ = CircleArc(p)
            #expect(p.length.isFinite && p.length >= 0)
            _ = p.trimmed(from: CGFloat(rng.unit()), to: CGFloat(rng.unit()))
            let other = Self.randomPath(&rng)
            _ = p.interpolated(to: other, fraction: CGFloat(rng.unit()))
            _ = p.contains(rng.point(), using: rule)
            _ = p.boundingBoxOfPath
        }
    }

    /// Random self-intersecting fills: the triangles' area sum equals their union (no overlap) and the union
    /// matches cairo's coverage of the same path.
    @Test func randomFillsMatchCairoAndNeverOverlap() {
        var rng = Rng(state: 7)
        for _ in 0..<40 {
            let m = CGMutablePath()
            m.move(to: CGPoint(x: rng.unit() * 100, y: rng.unit() * 100))
            for _ in 0..<(3 + Int(rng.next() % 8)) {
                if rng.next() % 3 == 0 {
                    m.addCurve(to: CGPoint(x: rng.unit() * 100, y: rng.unit() * 100),
                               control1: CGPoint(x: rng.unit() * 100, y: rng.unit() * 100),
                               control2: CGPoint(x: rng.unit() * 100, y: rng.unit() * 100))
                } else {
                    m.addLine(to: CGPoint(x: rng.unit() * 100, y: rng.unit() * 100))
                }
                if rng.next() % 6 == 0 { m.closeSubpath(); m.move(to: CGPoint(x: rng.unit() * 100, y: rng.unit() * 100)) }
            }
            m.closeSubpath()
            for rule in [CGPathFillRule.winding, .evenOdd] {
                let mesh = m.fillMesh(rule: rule, tolerance: 0.05)
                var grid = Raster(originX: -2, originY: -2, width: 104, height: 104, samples: 8)
                grid.fill(mesh)
                let union = grid.coveredArea
                #expect(abs(union - mesh.area) <= 0.005 * mesh.area + 2)
                // The outline encloses exactly what the triangles cover (two independent sums).
                #expect(abs(mesh.boundaryArea - mesh.area) <= 1e-4 * mesh.area + 1e-3, "outline \(mesh.boundaryArea) area \(mesh.area)")
                let cairo = CairoReference.coverage(of: m, .fill(rule), grid: grid).reduce(0, +)
                #expect(abs(union - cairo) <= 0.005 * cairo + 2, "union \(union) cairo \(cairo)")
            }
        }
    }

    /// Random wide polylines: the outline found for their overlapping stroke triangles encloses the area they
    /// cover together (sampled on a fine grid).
    @Test func strokeOutlinesEncloseTheStrokesUnion() {
        var rng = Rng(state: 11)
        for _ in 0..<30 {
            let m = CGMutablePath()
            m.move(to: CGPoint(x: 10 + rng.unit() * 80, y: 10 + rng.unit() * 80))
            for _ in 0..<(2 + Int(rng.next() % 7)) { m.addLine(to: CGPoint(x: 10 + rng.unit() * 80, y: 10 + rng.unit() * 80)) }
            if rng.next() % 3 == 0 { m.closeSubpath() }
            let style = StrokeStyle(lineWidth: 2 + CGFloat(rng.unit() * 14), lineCap: CGLineCap(rawValue: Int32(rng.next() % 3)) ?? .butt,
                                    lineJoin: CGLineJoin(rawValue: Int32(rng.next() % 3)) ?? .round)
            let mesh = m.strokeCoverageMesh(style, tolerance: 0.05)
            // Miter tips reach up to miterLimit / 2 line widths out: the grid holds all of it.
            var grid = Raster(originX: -80, originY: -80, width: 260, height: 260, samples: 8)
            grid.fill(mesh)
            let union = grid.coveredArea
            #expect(abs(mesh.boundaryArea - union) <= 0.01 * union + 4, "outline \(mesh.boundaryArea) union \(union)")
        }
    }

    @Test func absurdInputDoesNotHang() {
        let m = CGMutablePath()
        m.move(to: .zero)
        m.addCurve(to: CGPoint(x: 1e14, y: 0), control1: CGPoint(x: 1e14, y: 1e14), control2: CGPoint(x: -1e14, y: 1e14))
        let flat = m.flattened(tolerance: 1e-9)
        #expect(flat.first.map { $0.points.count <= Tolerance.segmentBudget + 1 } ?? false)
        let stroke = m.strokeMesh(StrokeStyle(lineWidth: 3, dashPattern: [1e-3, 1e-3]))
        #expect(isWellFormed(stroke))
        let arc = CGMutablePath()
        arc.addRelativeArc(center: .zero, radius: 5, startAngle: 0, delta: 1e12)
        #expect(arc.elements.count < 2000)
    }
}
