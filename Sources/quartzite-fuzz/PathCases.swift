import Foundation
import Quartzite

// Paths and strokes alone, without layers or GL: every tessellation entry point and path operation on
// random, often hostile paths. Meshes must be finite with indices in range; lengths finite and not negative.

extension FuzzCase {
    /// Fills, containment, bounds, length, trimming, interpolation and copies of one random path.
    func runPathCase() {
        let p = path("p", elements: 12)
        let rule: CGPathFillRule = rng.chance(0.5) ? .winding : .evenOdd
        let t = tolerance()
        recipe("let fill = p.fillMesh(rule: .\(rule == .winding ? "winding" : "evenOdd"), tolerance: \(lit(t)))")
        let fill = p.fillMesh(rule: rule, tolerance: t)
        check(meshProblem(fill), "fill mesh")
        if !fill.boundaryArea.isFinite { fail("fill boundary area \(fill.boundaryArea)") }
        if let fan = fill.fanOutline, fan.points.contains(where: { !$0.x.isFinite || !$0.y.isFinite }) {
            fail("fan outline \(fan.points)")
        }
        if !(p.length.isFinite && p.length >= 0) { fail("length \(p.length)") }
        let probe = rng.point()
        _ = p.contains(probe, using: rule)
        _ = p.boundingBox
        _ = p.boundingBoxOfPath
        _ = CircleArc(p)
        var rect = CGRect.zero
        _ = p.isRect(&rect)
        let from = rng.fraction(), to = rng.fraction()
        recipe("let trimmed = p.trimmed(from: \(lit(from)), to: \(lit(to)))")
        check(pathProblemIfFiniteInput(p, p.trimmed(from: from, to: to)), "trimmed path")
        let other = path("q", elements: 6)
        let fraction = rng.fraction()
        recipe("let between = p.interpolated(to: q, fraction: \(lit(fraction)))")
        check(pathProblemIfFiniteInput(p, p.interpolated(to: other, fraction: fraction), other), "interpolated path")
        var turn = CGAffineTransform(rotationAngle: rng.number()).scaledBy(x: rng.number(), y: rng.number())
        _ = p.copy(using: &turn)
        let phase = rng.number(), lengths = (0..<rng.below(4)).map { _ in rng.number() }
        recipe("let dashed = p.copy(dashingWithPhase: \(lit(phase)), lengths: \(lit(lengths)))")
        check(pathProblemIfFiniteInput(p, p.copy(dashingWithPhase: phase, lengths: lengths)), "dashed path")
    }

    /// Stroke meshes (overlapping and coverage outline) and stroked copies of one random path and style.
    func runStrokeCase() {
        let p = path("p", elements: 8)
        let style = strokeStyle("style")
        let t = tolerance()
        recipe("let stroke = p.strokeMesh(style, tolerance: \(lit(t))); let covered = p.strokeCoverageMesh(style, tolerance: \(lit(t)))")
        check(meshProblem(p.strokeMesh(style, tolerance: t)), "stroke mesh")
        let covered = p.strokeCoverageMesh(style, tolerance: t)
        check(meshProblem(covered), "stroke coverage mesh")
        if !covered.boundaryArea.isFinite { fail("stroke boundary area \(covered.boundaryArea)") }
        let stroked = p.copy(strokingWithWidth: style.lineWidth, lineCap: style.lineCap, lineJoin: style.lineJoin,
                             miterLimit: style.miterLimit)
        check(pathProblemIfFiniteInput(p, stroked), "copy(strokingWithWidth:)")
    }

    /// A path made from paths with non-finite points may keep them; one made from finite paths must be finite.
    private func pathProblemIfFiniteInput(_ input: CGPath, _ output: CGPath, _ other: CGPath? = nil) -> String? {
        guard pathProblem(input) == nil, other.map({ pathProblem($0) == nil }) ?? true else { return nil }
        return pathProblem(output)
    }
}
