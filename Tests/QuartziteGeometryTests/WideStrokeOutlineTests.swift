import Foundation
import Testing
@testable import QuartziteGeometry

/// A stroke's outline stays within the flattening tolerance of the true outline however wide the stroke is
/// next to the curve's radius. The stroke is the flattened centre line swept by a disc (each chord a
/// rectangle, each flattened vertex a round piece), and sweeping two sets by the same disc never moves them
/// further apart than they were: the outline is within the centre line's tolerance, not that tolerance
/// scaled by (r + w/2) / r, as an outline made of offset points joined by straight chords would be.
@Suite struct WideStrokeOutlineTests {
    /// Circles of small radius stroked with widths from half the radius to twice the diameter.
    static let cases: [(radius: Double, widthFactor: Double)] = [
        (1, 0.5), (1, 2), (1, 4), (2, 2), (2, 4), (5, 1), (5, 2), (5, 4), (20, 2), (20, 4), (100, 2),
    ]

    /// Every point of the mesh's outline lies within the tolerance of the true outline (radius r + w/2,
    /// and r - w/2 when the stroke leaves a hole), and the area it encloses is the annulus or disc's
    /// to within outline length x tolerance.
    @Test(arguments: cases)
    func circleOutlineWithinTolerance(radius r: Double, widthFactor: Double) {
        let tolerance = 0.25
        let w = r * widthFactor, hw = w / 2
        let centre = CGPoint(x: 3.5, y: -2.25)
        let path = UIBezierPath(arcCenter: centre, radius: r, startAngle: -.pi / 2, endAngle: 3 * .pi / 2,
                                clockwise: true).cgPath
        let mesh = path.strokeCoverageMesh(StrokeStyle(lineWidth: w), tolerance: tolerance)
        #expect(!mesh.boundary.isEmpty)
        var worst = 0.0
        for piece in mesh.boundary {
            for t in stride(from: 0.0, through: 1.0, by: 0.125) {
                let x = Double(piece.x) + t * Double(piece.z - piece.x) - centre.x
                let y = Double(piece.y) + t * Double(piece.w - piece.y) - centre.y
                let rho = (x * x + y * y).squareRoot()
                let target = rho > r || hw >= r ? r + hw : r - hw
                worst = max(worst, abs(rho - target))
            }
        }
        // Float positions add a few ulps at radius ~ 500.
        #expect(worst <= tolerance + 1e-4, "r \(r), width \(w): outline \(worst) from the circle")
        let exact = hw >= r ? Double.pi * (r + hw) * (r + hw) : Double.pi * ((r + hw) * (r + hw) - (r - hw) * (r - hw))
        let outline = hw >= r ? 2 * Double.pi * (r + hw) : 4 * Double.pi * r
        #expect(abs(abs(mesh.boundaryArea) - exact) <= outline * tolerance,
                "r \(r), width \(w): area \(abs(mesh.boundaryArea)) vs \(exact)")
    }

    /// Against cairo (tolerance 0.01): tight curves stroked as wide as their diameter cover the same area to
    /// within the outline's length times the two tolerances.
    @Test func tightCurvesMatchCairo() {
        let tolerance = 0.25
        var shapes: [(String, CGPath, Double)] = []
        let circle = CGPath(ellipseIn: CGRect(x: 20, y: 20, width: 8, height: 8), transform: nil)
        shapes.append(("circle r 4, width 8", circle, 8))
        let arc = CGMutablePath()
        arc.addArc(center: CGPoint(x: 40, y: 40), radius: 6, startAngle: 0.3, endAngle: 4.2, clockwise: false)
        shapes.append(("arc r 6, width 12", arc, 12))
        let hairpin = CGMutablePath()
        hairpin.move(to: CGPoint(x: 20, y: 60))
        hairpin.addCurve(to: CGPoint(x: 22, y: 60), control1: CGPoint(x: 40, y: 20), control2: CGPoint(x: 2, y: 20))
        shapes.append(("hairpin cubic, width 10", hairpin, 10))
        for (name, path, width) in shapes {
            let style = StrokeStyle(lineWidth: width, lineCap: .round, lineJoin: .round)
            let mesh = path.strokeCoverageMesh(style, tolerance: tolerance)
            var grid = Raster(originX: -10, originY: -10, width: 100, height: 100, samples: 16)
            grid.fill(mesh)
            let ours = grid.pixelCoverage.reduce(0, +)
            let cairo = CairoReference.coverage(of: path, .stroke(style), grid: grid).reduce(0, +)
            let allowance = mesh.boundaryLength * (tolerance + 0.01) + 0.5
            #expect(cairo > 50 && abs(ours - cairo) <= allowance,
                    "\(name): area \(ours) vs cairo \(cairo) (allowance \(allowance))")
        }
    }
}
