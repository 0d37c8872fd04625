import Foundation
import Testing
@testable import QuartziteGeometry

/// Coverage of our meshes (point-sampled, 8x8 per pixel) against cairo's antialiased rasterisation of the
/// same path on the same grid. Area must agree within 0.5%; per pixel, the difference is bounded by what
/// sampling an edge can explain (1/8 per edge crossing a pixel, two edges at most in a thin stroke, plus
/// cairo's own 1/255 quantisation and our 0.05 flattening tolerance): 0.3.
@Suite struct CairoComparisonTests {
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let path: @Sendable () -> CGPath
        let op: CairoReference.Operation
        var description: String { name }
    }

    static func star() -> CGPath {
        let m = CGMutablePath()
        m.addLines(between: (0..<7).map { i in
            let a = -Double.pi / 2 + Double(i) * 6 * .pi / 7
            return CGPoint(x: 60 + 50 * cos(a), y: 60 + 50 * sin(a))
        })
        m.closeSubpath()
        return m
    }

    static func zigzag() -> CGPath {
        let m = CGMutablePath()
        m.addLines(between: [CGPoint(x: 10, y: 80), CGPoint(x: 30, y: 20), CGPoint(x: 45, y: 90), CGPoint(x: 60, y: 15),
                             CGPoint(x: 100, y: 30), CGPoint(x: 70, y: 35)])
        return m
    }

    static func curves() -> CGPath {
        let m = CGMutablePath()
        m.move(to: CGPoint(x: 10, y: 60))
        m.addCurve(to: CGPoint(x: 110, y: 60), control1: CGPoint(x: 30, y: -20), control2: CGPoint(x: 90, y: 140))
        m.addQuadCurve(to: CGPoint(x: 60, y: 110), control: CGPoint(x: 120, y: 120))
        m.addArc(center: CGPoint(x: 50, y: 80), radius: 20, startAngle: 0, endAngle: 4, clockwise: false)
        return m
    }

    static let cases: [Case] = {
        var out: [Case] = []
        out.append(Case(name: "star winding", path: star, op: .fill(.winding)))
        out.append(Case(name: "star evenodd", path: star, op: .fill(.evenOdd)))
        out.append(Case(name: "curves fill", path: curves, op: .fill(.winding)))
        out.append(Case(name: "curves fill eo", path: curves, op: .fill(.evenOdd)))
        out.append(Case(name: "ring", path: {
            let m = CGMutablePath()
            m.addEllipse(in: CGRect(x: 10, y: 10, width: 100, height: 90))
            m.addRoundedRect(in: CGRect(x: 30, y: 30, width: 60, height: 40), cornerWidth: 10, cornerHeight: 10)
            return m
        }, op: .fill(.evenOdd)))
        for cap in [CGLineCap.butt, .round, .square] {
            for join in [CGLineJoin.miter, .round, .bevel] {
                out.append(Case(name: "zigzag \(cap) \(join)", path: zigzag,
                                op: .stroke(StrokeStyle(lineWidth: 9, lineCap: cap, lineJoin: join, miterLimit: 4))))
            }
        }
        out.append(Case(name: "zigzag miter 10", path: zigzag, op: .stroke(StrokeStyle(lineWidth: 6, lineJoin: .miter))))
        out.append(Case(name: "thin curves", path: curves, op: .stroke(StrokeStyle(lineWidth: 1))))
        out.append(Case(name: "hairline curves", path: curves, op: .stroke(StrokeStyle(lineWidth: 0.5, lineCap: .round))))
        out.append(Case(name: "thick curves", path: curves, op: .stroke(StrokeStyle(lineWidth: 24, lineCap: .round, lineJoin: .round))))
        out.append(Case(name: "thick curves miter", path: curves, op: .stroke(StrokeStyle(lineWidth: 16, lineCap: .square, lineJoin: .miter))))
        out.append(Case(name: "star stroke", path: star, op: .stroke(StrokeStyle(lineWidth: 5, lineJoin: .miter, miterLimit: 10))))
        out.append(Case(name: "dashed curves", path: curves,
                        op: .stroke(StrokeStyle(lineWidth: 4, lineCap: .round, dashPattern: [12, 6, 2, 6], dashPhase: 3))))
        out.append(Case(name: "dashed star", path: star,
                        op: .stroke(StrokeStyle(lineWidth: 3, lineCap: .butt, lineJoin: .bevel, dashPattern: [20, 7]))))
        out.append(Case(name: "trimmed curves", path: { curves().trimmed(from: 0.2, to: 0.7) },
                        op: .stroke(StrokeStyle(lineWidth: 8, lineCap: .round))))
        out.append(Case(name: "trimmed circle", path: {
            CGPath(ellipseIn: CGRect(x: 20, y: 20, width: 80, height: 80)).trimmed(from: 0.6, to: 0.95)
        }, op: .stroke(StrokeStyle(lineWidth: 10, lineCap: .square))))
        return out
    }()

    @Test(arguments: cases)
    func coverageMatchesCairo(_ c: Case) {
        let path = c.path()
        let mesh: TriangleMesh
        switch c.op {
        case .fill(let rule): mesh = path.fillMesh(rule: rule, tolerance: 0.05)
        case .stroke(let style): mesh = path.strokeMesh(style, tolerance: 0.05)
        }
        #expect(isWellFormed(mesh))
        var grid = Raster(originX: -20, originY: -20, width: 170, height: 170, samples: 8)
        grid.fill(mesh)
        let ours = grid.pixelCoverage
        let theirs = CairoReference.coverage(of: path, c.op, grid: grid)
        let ourArea = ours.reduce(0, +), cairoArea = theirs.reduce(0, +)
        #expect(cairoArea > 10)
        #expect(abs(ourArea - cairoArea) <= 0.005 * cairoArea, "\(c.name): area \(ourArea) vs cairo \(cairoArea)")
        var worst = 0.0, worstAt = 0
        for i in 0..<ours.count where abs(ours[i] - theirs[i]) > worst { worst = abs(ours[i] - theirs[i]); worstAt = i }
        if worst > 0.3, ProcessInfo.processInfo.environment["GEOMETRY_DEBUG"] != nil {
            let bad = (0..<ours.count).filter { abs(ours[$0] - theirs[$0]) > 0.3 }
            print(c.name, bad.prefix(40).map { "(\($0 % grid.width - 20),\($0 / grid.width - 20)) \(ours[$0]) \(theirs[$0])" })
        }
        #expect(worst <= 0.3, "\(c.name): pixel \(worstAt % grid.width),\(worstAt / grid.width) differs by \(worst)")
    }
}
